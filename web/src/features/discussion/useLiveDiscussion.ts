// An open discussion, live: `discussion:<did>` through the live-topic engine. New comments and replies, like counts
// and deletions change the comment page in place (comment-list.ts); a change of the post itself (edited, pinned,
// disabled, deleted) reloads it. A resync, and the first subscription (the REST snapshot was read before it), reload
// both; while the socket is down both are polled every 30 s.
import { useRef } from 'react';
import { POLLING, topics } from '@oj/proto';
import { useLiveTopic } from '../../lib/useLiveTopic';
import { withComment, withCommentLikes, withReply, without } from './comment-list';
import type { CommentsState } from './useComments';

export interface LiveDiscussionHandlers {
  comments: CommentsState;
  /** Reloads the post. */
  reload: () => Promise<void>;
  /** The post's counts changed. */
  onCounts: (counts: { likeNum?: number; commentNum?: number }) => void;
}

export function useLiveDiscussion(did: number | null, h: LiveDiscussionHandlers): void {
  const caughtUp = useRef<number | null>(null);
  const reloadAll = () => Promise.all([h.reload(), h.comments.load()]).then(() => undefined);
  useLiveTopic(did === null ? null : topics.discussion(did), {
    events: {
      'discussion.comment': (e) => {
        h.comments.apply((l) => withComment(l, e.comment, e.commentNum));
        h.onCounts({ commentNum: e.commentNum });
      },
      'discussion.reply': (e) => h.comments.apply((l) => withReply(l, e.reply)),
      'discussion.like': (e) => {
        if (e.commentId === null) h.onCounts({ likeNum: e.likeNum });
        else h.comments.apply((l) => withCommentLikes(l, e.commentId!, e.likeNum));
      },
      'discussion.removed': (e) => {
        h.comments.apply((l) => without(l, e.commentId, e.replyId, e.commentNum));
        h.onCounts({ commentNum: e.commentNum });
      },
      'discussion.changed': () => void h.reload(),
    },
    onSubscribed: () => {
      if (caughtUp.current === did) return;
      caughtUp.current = did;
      void reloadAll();
    },
    onResync: () => void reloadAll(),
    poll: { intervalMs: POLLING.discussionMs, run: reloadAll },
  });
}
