// Replies to comments: posting needs the `reply_add` permission and the AC-count gate; a reply to a reply addresses
// its author, else the comment's; in a running contest's Q&A a contestant sees only their own and the contest admins'.
// A discussion's new and deleted replies are pushed on `discussion:<did>`.
import { OjError, topics, type PushMessage, type ReplyBody, type ReplyVO } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4 } from '../db/client';
import { appendPush, publishAll } from '../push/push.service';
import { checkContent, checkMayPost, commentRow, contestScope, mayDelete, reachableComment, visibleTo } from './comment-access';
import { replyVOs } from './comment-view';
import { deleteReply, findReplyOf, findReplyWithSource, insertReply, type AuthorFilter } from './discuss.repo';
import { readableDiscussion } from './discussion-access';
import { findDiscussion } from './discussion.repo';
import { createUserMsg } from './message.service';

export interface ReplyService {
  /** Pass the caller: a contest comment's replies depend on who asks (none given: anonymous). */
  replies(commentId: number, viewer?: Viewer | null): Promise<ReplyVO[]>;
  addReply(body: ReplyBody, viewer: Viewer): Promise<ReplyVO>;
  deleteReply(replyId: number, viewer: Viewer): Promise<void>;
}

export function createReplyService(ctx: ServiceContext): ReplyService {
  const { db, transport, logger } = ctx;

  return {
    async replies(commentId, viewer = null) {
      const c = await commentRow(db, commentId);
      let only: AuthorFilter | undefined;
      if (c.did !== null) await readableDiscussion(ctx, c.did, viewer);
      if (c.cid !== null) {
        // A contest's Q&A is read by those who may enter the contest, as its comment list (anonymous callers never;
        // a private contest's only by its registered users and admins, also after the end).
        const scope = await contestScope(ctx, c.cid, viewer);
        if (scope.authors) {
          if (!(await visibleTo(db, c.id, scope.authors))) throw new OjError('COMMENT_NOT_FOUND');
          only = scope.authors;
        }
      }
      return (await replyVOs(db, [commentId], only)).get(commentId) ?? [];
    },

    async addReply(body, viewer) {
      const content = checkContent(body.reply.content);
      await checkMayPost(ctx, viewer, 'reply_add');
      const c = await reachableComment(ctx, body.reply.commentId, viewer);
      if (c.did !== null) await readableDiscussion(ctx, c.did, viewer);
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
        const vo = ((await replyVOs(tx, [c.id])).get(c.id) ?? []).find((r) => r.id === id)!;
        const push: PushMessage[] = c.did === null ? [] : [await appendPush(tx, topics.discussion(c.did), 'discussion.reply', { did: c.did, reply: vo })];
        const unread = await createUserMsg(tx, {
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
        if (unread) push.push(unread);
        return { vo, push };
      });
      await publishAll(transport, out.push, logger);
      return out.vo;
    },

    async deleteReply(replyId, viewer) {
      if (!isInt4(replyId)) throw new OjError('REPLY_NOT_FOUND');
      const r = await findReplyWithSource(db, replyId);
      if (!r) throw new OjError('REPLY_NOT_FOUND');
      if (!(await mayDelete(db, r.r.fromUid, r.cid, viewer))) throw new OjError('AUTH_FORBIDDEN');
      const push = await db.transaction(async (tx) => {
        await deleteReply(tx, replyId);
        const d = r.did === null ? undefined : await findDiscussion(tx, r.did);
        return d ? [await appendPush(tx, topics.discussion(d.id), 'discussion.removed', { did: d.id, commentNum: d.commentNum, commentId: r.r.commentId, replyId })] : [];
      });
      await publishAll(transport, push, logger);
    },
  };
}
