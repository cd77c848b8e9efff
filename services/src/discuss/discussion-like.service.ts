// Likes of a discussion: once per user (liking twice changes nothing), the new count pushed on `discussion:<did>`,
// and the author told once per user and discussion (a like taken back and given again is not news).
import { topics, type DiscussionLikeQuery } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { appendPush, publishAll } from '../push/push.service';
import { readableDiscussion } from './discussion-access';
import { setDiscussionLike } from './discussion.repo';
import { createUserMsg } from './message.service';

export interface DiscussionLikeService {
  likeDiscussion(q: DiscussionLikeQuery, viewer: Viewer): Promise<void>;
}

export function createDiscussionLikeService(ctx: ServiceContext): DiscussionLikeService {
  const { db, transport, logger } = ctx;
  return {
    async likeDiscussion(q, viewer) {
      const d = await readableDiscussion(ctx, q.did, viewer);
      const pushed = await db.transaction(async (tx) => {
        const likeNum = await setDiscussionLike(tx, viewer.uid, d.id, q.toLike);
        if (likeNum === null) return [];
        const out = [await appendPush(tx, topics.discussion(d.id), 'discussion.like', { did: d.id, commentId: null, likeNum })];
        if (q.toLike) {
          // `quoteType` Discussion: the message center says "liked your discussion", not "your comment".
          const msg = { action: 'Like', recipientId: d.uid, senderId: viewer.uid, sourceId: d.id, sourceType: 'Discussion', sourceContent: d.title, quoteType: 'Discussion' } as const;
          const unread = await createUserMsg(tx, msg, { once: true });
          if (unread) out.push(unread);
        }
        return out;
      });
      await publishAll(transport, pushed, logger);
    },
  };
}
