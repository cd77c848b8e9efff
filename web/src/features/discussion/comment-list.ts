// How a discussion's pushed events change the comment page on screen (newest comments first): pure functions of the
// REST snapshot (`CommentListVO`), each safe to apply twice (the page may hold what a frame brings, e.g. the caller's own
// comment, reloaded after posting).
import type { CommentListVO, CommentVO, ReplyVO } from '@oj/proto';

function withRecords(list: CommentListVO, records: CommentVO[], total: number): CommentListVO {
  const page = list.commentList;
  return { ...list, commentList: { ...page, records, total, pages: Math.ceil(total / page.size) } };
}

const mapComment = (list: CommentListVO, commentId: number, f: (c: CommentVO) => CommentVO): CommentListVO =>
  withRecords(
    list,
    list.commentList.records.map((c) => (c.id === commentId ? f(c) : c)),
    list.commentList.total,
  );

/** A new comment: on the first page it comes on top (the page keeps its size); on any page the total follows. */
export function withComment(list: CommentListVO, comment: CommentVO, total: number): CommentListVO {
  const page = list.commentList;
  const fresh = page.current === 1 && !page.records.some((c) => c.id === comment.id);
  return withRecords(list, fresh ? [comment, ...page.records].slice(0, page.size) : page.records, total);
}

/** A new reply, at the end of its comment's replies (when that comment is on the page). */
export function withReply(list: CommentListVO, reply: ReplyVO): CommentListVO {
  return mapComment(list, reply.commentId, (c) =>
    c.replyList.some((r) => r.id === reply.id) ? c : { ...c, replyList: [...c.replyList, reply], totalReplyNum: c.totalReplyNum + 1 },
  );
}

/** A comment's new like count. */
export function withCommentLikes(list: CommentListVO, commentId: number, likeNum: number): CommentListVO {
  return mapComment(list, commentId, (c) => ({ ...c, likeNum }));
}

/** A comment deleted (`replyId` null) or one of its replies. */
export function without(list: CommentListVO, commentId: number, replyId: number | null, total: number): CommentListVO {
  if (replyId === null) {
    return withRecords(
      list,
      list.commentList.records.filter((c) => c.id !== commentId),
      total,
    );
  }
  return mapComment(list, commentId, (c) => {
    const replyList = c.replyList.filter((r) => r.id !== replyId);
    return replyList.length === c.replyList.length ? c : { ...c, replyList, totalReplyNum: Math.max(0, c.totalReplyNum - 1) };
  });
}
