// Comments on a discussion or in a contest's Q&A (`cid`), and comment likes. Posting needs the `comment_add`
// permission and the AC-count gate; contest comments need the site's `openContestComment` and entry to the contest,
// and while the contest has not ended a contestant sees only their own and the contest admins' comments. A
// discussion's new comments, deletions and like counts are pushed on `discussion:<did>` (contest Q&A never is).
import { OjError, topics, type CommentBody, type CommentDeleteBody, type CommentLikeQuery, type CommentListQuery, type CommentListVO, type CommentVO, type PushMessage } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { pageOffset } from '../db/paging';
import { appendPush, publishAll } from '../push/push.service';
import { checkContent, checkMayPost, commentRow, contestScope, mayDelete, reachableComment } from './comment-access';
import { commentVOs } from './comment-view';
import { countComments, deleteComment, insertComment, likedBy, setLike, type CommentFilter } from './discuss.repo';
import { readableDiscussion } from './discussion-access';
import { createUserMsg } from './message.service';

export interface CommentService {
  comments(q: CommentListQuery, viewer: Viewer | null): Promise<CommentListVO>;
  addComment(body: CommentBody, viewer: Viewer): Promise<CommentVO>;
  deleteComment(body: CommentDeleteBody, viewer: Viewer): Promise<void>;
  likeComment(q: CommentLikeQuery, viewer: Viewer): Promise<void>;
}

export function createCommentService(ctx: ServiceContext): CommentService {
  const { db, transport, logger } = ctx;

  return {
    async comments(q, viewer) {
      if ((q.did === undefined) === (q.cid === undefined)) throw new OjError('COMMENT_TARGET_REQUIRED');
      const size = q.limit ?? 10;
      const current = q.currentPage ?? 1;
      const offset = pageOffset(current, size);
      if (offset === null) throw new OjError('VALIDATION_FAILED', { detail: 'currentPage' });
      const f: CommentFilter = q.did !== undefined ? { did: q.did } : { cid: q.cid! };
      if (q.cid !== undefined) {
        const scope = await contestScope(ctx, q.cid, viewer);
        if (scope.authors) f.authors = scope.authors;
      } else {
        await readableDiscussion(ctx, q.did!, viewer);
      }
      const n = await countComments(db, f);
      const records = await commentVOs(db, f, size, offset);
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
      await checkMayPost(ctx, viewer, 'comment_add');
      if (body.did === undefined && body.cid === undefined) throw new OjError('COMMENT_TARGET_REQUIRED');
      if (body.did === undefined) await contestScope(ctx, body.cid!, viewer);
      const pushed = await db.transaction(async (tx) => {
        const d = body.did !== undefined ? await readableDiscussion(ctx, body.did, viewer, tx) : null;
        const { id, commentNum } = await insertComment(tx, { did: d?.id ?? null, cid: d ? null : body.cid!, fromUid: viewer.uid, content });
        const [vo] = await commentVOs(tx, { id }, 1, 0);
        if (!d) return { vo: vo!, push: [] };
        const push: PushMessage[] = [await appendPush(tx, topics.discussion(d.id), 'discussion.comment', { did: d.id, commentNum, comment: vo! })];
        const unread = await createUserMsg(tx, { action: 'Discuss', recipientId: d.uid, senderId: viewer.uid, sourceId: d.id, sourceType: 'Discussion', sourceContent: content });
        if (unread) push.push(unread);
        return { vo: vo!, push };
      });
      await publishAll(transport, pushed.push, logger);
      return pushed.vo;
    },

    async deleteComment(body, viewer) {
      const c = await commentRow(db, body.id);
      if (!(await mayDelete(db, c.fromUid, c.cid, viewer))) throw new OjError('AUTH_FORBIDDEN');
      const push = await db.transaction(async (tx) => {
        const commentNum = await deleteComment(tx, c);
        return c.did === null ? [] : [await appendPush(tx, topics.discussion(c.did), 'discussion.removed', { did: c.did, commentNum, commentId: c.id, replyId: null })];
      });
      await publishAll(transport, push, logger);
    },

    async likeComment(q, viewer) {
      // Only a comment the caller may read can be liked (a private contest's Q&A: its participants; issue 15).
      const c = await reachableComment(ctx, q.cid, viewer);
      if (c.did !== null) await readableDiscussion(ctx, c.did, viewer);
      const push = await db.transaction(async (tx) => {
        const likeNum = await setLike(tx, viewer.uid, c.id, q.toLike);
        // Unliking notifies nobody; liking twice changes nothing; liking again after an unlike notifies no more.
        if (likeNum === null) return [];
        const out: PushMessage[] = c.did === null ? [] : [await appendPush(tx, topics.discussion(c.did), 'discussion.like', { did: c.did, commentId: c.id, likeNum })];
        if (!q.toLike) return out;
        const msg = { action: 'Like', recipientId: c.fromUid, senderId: viewer.uid, sourceId: c.did ?? c.cid ?? 0, sourceType: c.did !== null ? 'Discussion' : 'Contest', sourceContent: c.content } as const;
        const unread = await createUserMsg(tx, msg, { once: true });
        return unread ? [...out, unread] : out;
      });
      await publishAll(transport, push, logger);
    },
  };
}
