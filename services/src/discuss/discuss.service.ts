// Discussions (the minimal host of comments), comments, replies and comment likes, with the
// posting rules: content trimmed non-empty and ≤ 10,000 characters, `comment_add`/`reply_add`
// permissions (the muted roles lack them), the AC-count gate, and who may delete what. Contest comments (the
// contest's Q&A, `cid`) need the site's `openContestComment` and entry to the contest; while the contest has not
// ended, a contestant sees only their own and the contest admins' comments and replies.
import {
  COMMENT_MAX_LENGTH,
  CONTEST_STATUS,
  isAdminRole,
  OjError,
  type CommentBody,
  type CommentDeleteBody,
  type CommentLikeQuery,
  type CommentListQuery,
  type CommentListVO,
  type CommentVO,
  type Discussion,
  type DiscussionBody,
  type PageOf,
  type Permission,
  type PushMessage,
  type ReplyBody,
  type ReplyVO,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { pageOffset } from '../db/paging';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx } from '../db/client';
import { assertEnter, contestStatus, isContestAdmin, loadContest, type ContestRow } from '../contest/access';
import { acceptedProblemCount } from '../submission/submission.repo';
import {
  adminRoleOf,
  byUserOrContestAdmins,
  commentRows,
  countComments,
  countView,
  deleteComment,
  deleteReply,
  discussionIdPage,
  discussionWithAuthor,
  findComment,
  findDiscussion,
  findReplyOf,
  findReplyWithContest,
  insertComment,
  insertDiscussion,
  insertReply,
  likedBy,
  replyRows,
  setLike,
  type AuthorFilter,
  type CommentFilter,
} from './discuss.repo';
import { publishAll } from '../push/push.service';
import { createUserMsg } from './message.service';

export interface DiscussService {
  listDiscussions(q: { currentPage?: number; limit?: number; keyword?: string }): Promise<PageOf<Discussion>>;
  discussion(did: number): Promise<Discussion>;
  addDiscussion(body: DiscussionBody, viewer: Viewer): Promise<Discussion>;
  comments(q: CommentListQuery, viewer: Viewer | null): Promise<CommentListVO>;
  addComment(body: CommentBody, viewer: Viewer): Promise<CommentVO>;
  deleteComment(body: CommentDeleteBody, viewer: Viewer): Promise<void>;
  likeComment(q: CommentLikeQuery, viewer: Viewer): Promise<void>;
  /** Pass the caller: a contest comment's replies depend on who asks (none given: anonymous). */
  replies(commentId: number, viewer?: Viewer | null): Promise<ReplyVO[]>;
  addReply(body: ReplyBody, viewer: Viewer): Promise<ReplyVO>;
  deleteReply(replyId: number, viewer: Viewer): Promise<void>;
}

/** Trimmed content, or the catalogue's error. */
export function checkContent(raw: string): string {
  const content = raw.trim();
  if (content.length === 0) throw new OjError('COMMENT_EMPTY');
  if (content.length > COMMENT_MAX_LENGTH) throw new OjError('COMMENT_TOO_LONG', { max: COMMENT_MAX_LENGTH });
  return content;
}

const iso = (d: Date) => d.toISOString();

export function createDiscussService(ctx: ServiceContext): DiscussService {
  const { db, config } = ctx;
  const publish = (msgs: (PushMessage | null)[]) => publishAll(ctx.transport, msgs.filter((m): m is PushMessage => m !== null), ctx.logger);

  /** Permission (muted roles lack comment_add/reply_add) and the AC-count gate; admins skip the gate. */
  async function checkMayPost(viewer: Viewer, perm: Permission): Promise<void> {
    if (!viewer.permissions.includes(perm)) throw new OjError('COMMENT_FORBIDDEN');
    const min = config.commentMinAc ?? 0;
    if (min <= 0 || isAdminRole(viewer.roles)) return;
    if ((await acceptedProblemCount(db, viewer.uid)) < min) throw new OjError('COMMENT_AC_REQUIRED', { count: min });
  }

  async function discussionRow(db2: DbOrTx, did: number) {
    if (!isInt4(did)) throw new OjError('DISCUSSION_NOT_FOUND');
    const d = await findDiscussion(db2, did);
    if (!d) throw new OjError('DISCUSSION_NOT_FOUND');
    return d;
  }

  async function discussionVO(did: number): Promise<Discussion> {
    const r = await discussionWithAuthor(db, did);
    if (!r) throw new OjError('DISCUSSION_NOT_FOUND');
    const { d } = r;
    return { id: d.id, title: d.title, description: d.description, content: d.content, uid: d.uid, author: r.author, avatar: r.avatar, viewNum: d.viewNum, likeNum: d.likeNum, commentNum: d.commentNum, gmtCreate: iso(d.gmtCreate) };
  }


  async function replyVOs(commentIds: number[], authors?: AuthorFilter): Promise<Map<number, ReplyVO[]>> {
    const out = new Map<number, ReplyVO[]>();
    if (commentIds.length === 0) return out;
    const rows = await replyRows(db, commentIds, authors);
    const rolesOf = await adminRoleOf(db, [...new Set(rows.map((r) => r.r.fromUid))]);
    for (const { r, fromName, fromAvatar, toName } of rows) {
      const list = out.get(r.commentId) ?? [];
      list.push({ id: r.id, commentId: r.commentId, content: r.content, fromUid: r.fromUid, fromName, fromAvatar, fromRole: rolesOf.get(r.fromUid) ?? null, toUid: r.toUid, toName: toName ?? '', gmtCreate: iso(r.gmtCreate) });
      out.set(r.commentId, list);
    }
    return out;
  }

  async function commentVOs(f: CommentFilter, size: number, offset: number): Promise<CommentVO[]> {
    const rows = await commentRows(db, f, size, offset);
    const replies = await replyVOs(
      rows.map((r) => r.c.id),
      f.authors,
    );
    const rolesOf = await adminRoleOf(db, [...new Set(rows.map((r) => r.c.fromUid))]);
    return rows.map(({ c, fromName, fromAvatar, titleName, titleColor }) => {
      const list = replies.get(c.id) ?? [];
      return { id: c.id, did: c.did, cid: c.cid, content: c.content, fromUid: c.fromUid, fromName, fromAvatar, fromRole: rolesOf.get(c.fromUid) ?? null, fromTitleName: titleName, fromTitleColor: titleColor, likeNum: c.likeNum, gmtCreate: iso(c.gmtCreate), replyList: list, totalReplyNum: list.length };
    });
  }

  async function commentRow(id: number) {
    if (!isInt4(id)) throw new OjError('COMMENT_NOT_FOUND');
    const c = await findComment(db, id);
    if (!c) throw new OjError('COMMENT_NOT_FOUND');
    return c;
  }

  /** The author, a site admin outside contests, or the contest's admins for its comments. */
  async function mayDelete(ownerUid: string, cid: number | null, viewer: Viewer): Promise<boolean> {
    if (ownerUid === viewer.uid) return true;
    if (cid === null) return isAdminRole(viewer.roles);
    const c = await loadContest(db, cid).catch(() => null);
    return c !== null && isContestAdmin(viewer, c);
  }

  /**
   * The contest of a contest comment, if `viewer` may take part in its Q&A (site switch on, entered), and the
   * authors whose comments and replies the viewer sees: null for all (contest admins, or the contest ended),
   * else the viewer and the contest admins (the creator and super admins).
   */
  async function contestScope(cid: number, viewer: Viewer | null): Promise<{ c: ContestRow; authors: AuthorFilter | null }> {
    if (!config.site.openContestComment) throw new OjError('CONTEST_FORBIDDEN');
    if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
    const c = await loadContest(db, cid);
    await assertEnter(db, c, viewer);
    if (isContestAdmin(viewer, c) || contestStatus(c) === CONTEST_STATUS.ENDED) return { c, authors: null };
    return { c, authors: byUserOrContestAdmins(viewer!.uid, c.uid) };
  }

  /** Whether comment `id` is among those `authors` lets the viewer see. */
  async function visibleTo(id: number, authors: AuthorFilter): Promise<boolean> {
    return (await countComments(db, { id, authors })) > 0;
  }

  return {
    async listDiscussions(q) {
      const size = q.limit ?? 10;
      const current = q.currentPage ?? 1;
      const offset = pageOffset(current, size);
      if (offset === null) throw new OjError('VALIDATION_FAILED', { detail: 'currentPage' });
      const { total: n, ids } = await discussionIdPage(db, q.keyword?.trim() || undefined, size, offset);
      const records = await Promise.all(ids.map((id) => discussionVO(id)));
      return { records, total: n, size, current, pages: Math.ceil(n / size) };
    },

    async discussion(did) {
      await discussionRow(db, did);
      await countView(db, did);
      return discussionVO(did);
    },

    async addDiscussion(body, viewer) {
      const title = body.title.trim();
      if (!title) throw new OjError('DISCUSSION_TITLE_EMPTY');
      const content = body.content.trim();
      if (!content) throw new OjError('COMMENT_EMPTY');
      return discussionVO(await insertDiscussion(db, { uid: viewer.uid, title, description: body.description?.trim() ?? '', content }));
    },

    async comments(q, viewer) {
      if ((q.did === undefined) === (q.cid === undefined)) throw new OjError('COMMENT_TARGET_REQUIRED');
      const size = q.limit ?? 10;
      const current = q.currentPage ?? 1;
      const offset = pageOffset(current, size);
      if (offset === null) throw new OjError('VALIDATION_FAILED', { detail: 'currentPage' });
      const f: CommentFilter = q.did !== undefined ? { did: q.did } : { cid: q.cid! };
      if (q.cid !== undefined) {
        const scope = await contestScope(q.cid, viewer);
        if (scope.authors) f.authors = scope.authors;
      }
      const n = await countComments(db, f);
      const records = await commentVOs(f, size, offset);
      const commentLikeMap: Record<string, boolean> = {};
      if (viewer && records.length) {
        for (const id of await likedBy(
          db,
          viewer.uid,
          records.map((r) => r.id),
        ))
          commentLikeMap[String(id)] = true;
      }
      return { commentList: { records, total: n, size, current, pages: Math.ceil(n / size) }, commentLikeMap };
    },

    async addComment(body, viewer) {
      const content = checkContent(body.content);
      await checkMayPost(viewer, 'comment_add');
      if (body.did === undefined && body.cid === undefined) throw new OjError('COMMENT_TARGET_REQUIRED');
      if (body.did === undefined) await contestScope(body.cid!, viewer);
      const pushed = await db.transaction(async (tx) => {
        const d = body.did !== undefined ? await discussionRow(tx, body.did) : null;
        const id = await insertComment(tx, { did: d?.id ?? null, cid: d ? null : body.cid!, fromUid: viewer.uid, content });
        if (!d) return { id, push: null };
        const push = await createUserMsg(tx, { action: 'Discuss', recipientId: d.uid, senderId: viewer.uid, sourceId: d.id, sourceType: 'Discussion', sourceContent: content });
        return { id, push };
      });
      await publish([pushed.push]);
      const [vo] = await commentVOs({ id: pushed.id }, 1, 0);
      return vo!;
    },

    async deleteComment(body, viewer) {
      const c = await commentRow(body.id);
      if (!(await mayDelete(c.fromUid, c.cid, viewer))) throw new OjError('AUTH_FORBIDDEN');
      await db.transaction((tx) => deleteComment(tx, c));
    },

    async likeComment(q, viewer) {
      const c = await commentRow(q.cid);
      const push = await db.transaction(async (tx) => {
        const changed = await setLike(tx, viewer.uid, c.id, q.toLike);
        // Unliking notifies nobody; liking twice changes nothing.
        if (!q.toLike || !changed) return null;
        return createUserMsg(tx, {
          action: 'Like',
          recipientId: c.fromUid,
          senderId: viewer.uid,
          sourceId: c.did ?? c.cid ?? 0,
          sourceType: c.did !== null ? 'Discussion' : 'Contest',
          sourceContent: c.content,
        });
      });
      await publish([push]);
    },

    async replies(commentId, viewer = null) {
      const c = await commentRow(commentId);
      let only: AuthorFilter | undefined;
      if (c.cid !== null) {
        if (!viewer) {
          // Without a caller, a contest's Q&A shows only what everybody may see: nothing until the contest ends.
          const contest = await loadContest(db, c.cid).catch(() => null);
          if (!contest || !config.site.openContestComment || contestStatus(contest) !== CONTEST_STATUS.ENDED || !contest.visible) return [];
        } else {
          const scope = await contestScope(c.cid, viewer);
          if (scope.authors) {
            if (!(await visibleTo(c.id, scope.authors))) throw new OjError('COMMENT_NOT_FOUND');
            only = scope.authors;
          }
        }
      }
      return (await replyVOs([commentId], only)).get(commentId) ?? [];
    },

    async addReply(body, viewer) {
      const content = checkContent(body.reply.content);
      await checkMayPost(viewer, 'reply_add');
      const c = await commentRow(body.reply.commentId);
      if (c.cid !== null) {
        const scope = await contestScope(c.cid, viewer);
        if (scope.authors && !(await visibleTo(c.id, scope.authors))) throw new OjError('COMMENT_NOT_FOUND');
      }
      // Replying to a reply addresses its author; otherwise the comment's author.
      let toUid = c.fromUid;
      let quote: { id: number; type: 'Comment' | 'Reply'; content: string } = { id: c.id, type: 'Comment', content: c.content };
      if (body.quoteType === 'Reply' && body.quoteId != null && isInt4(body.quoteId)) {
        const q = await findReplyOf(db, c.id, body.quoteId);
        if (!q) throw new OjError('REPLY_NOT_FOUND');
        toUid = q.fromUid;
        quote = { id: q.id, type: 'Reply', content: q.content };
      }
      const out = await db.transaction(async (tx) => {
        const id = await insertReply(tx, { commentId: c.id, fromUid: viewer.uid, toUid, content });
        const push = await createUserMsg(tx, {
          action: 'Reply',
          recipientId: toUid,
          senderId: viewer.uid,
          sourceId: c.did ?? c.cid ?? 0,
          sourceType: c.did !== null ? 'Discussion' : 'Contest',
          sourceContent: content,
          quoteId: quote.id,
          quoteType: quote.type,
          quoteContent: quote.content,
        });
        return { id, push };
      });
      await publish([out.push]);
      const vo = ((await replyVOs([c.id])).get(c.id) ?? []).find((r) => r.id === out.id);
      return vo!;
    },

    async deleteReply(replyId, viewer) {
      if (!isInt4(replyId)) throw new OjError('REPLY_NOT_FOUND');
      const r = await findReplyWithContest(db, replyId);
      if (!r) throw new OjError('REPLY_NOT_FOUND');
      if (!(await mayDelete(r.r.fromUid, r.cid, viewer))) throw new OjError('AUTH_FORBIDDEN');
      await deleteReply(db, replyId);
    },
  };
}
