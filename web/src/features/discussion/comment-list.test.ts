import { describe, expect, it } from 'vitest';
import type { CommentListVO, CommentVO, ReplyVO } from '@oj/proto';
import { withComment, withCommentLikes, withReply, without } from './comment-list';

const comment = (id: number, extra: Partial<CommentVO> = {}): CommentVO => ({
  id,
  did: 1,
  cid: null,
  content: `c${id}`,
  fromUid: 'u',
  fromName: 'u',
  fromAvatar: null,
  fromRole: null,
  fromTitleName: null,
  fromTitleColor: null,
  likeNum: 0,
  gmtCreate: '2026-01-01T00:00:00.000Z',
  replyList: [],
  totalReplyNum: 0,
  ...extra,
});
const reply = (id: number, commentId: number): ReplyVO => ({ id, commentId, content: `r${id}`, fromUid: 'v', fromName: 'v', fromAvatar: null, fromRole: null, toUid: 'u', toName: 'u', gmtCreate: '2026-01-01T00:00:00.000Z' });
const page = (ids: number[], current = 1, total = ids.length): CommentListVO => ({
  commentList: { records: ids.map((id) => comment(id)), total, size: 3, current, pages: Math.ceil(total / 3) },
  commentLikeMap: {},
});
const ids = (l: CommentListVO) => l.commentList.records.map((c) => c.id);

describe('the comment page under pushed events', () => {
  it('puts a new comment on top of the first page, keeps the page size, and counts it once', () => {
    const after = withComment(page([3, 2, 1]), comment(4), 4);
    expect(ids(after)).toEqual([4, 3, 2]);
    expect(after.commentList).toMatchObject({ total: 4, pages: 2 });
    expect(ids(withComment(after, comment(4), 4))).toEqual([4, 3, 2]);
    // On a later page only the total moves.
    expect(ids(withComment(page([1], 2, 4), comment(5), 5))).toEqual([1]);
    expect(withComment(page([1], 2, 4), comment(5), 5).commentList.total).toBe(5);
  });

  it("appends a reply to its comment once, and leaves the page alone when the comment is not on it", () => {
    const one = withReply(page([2, 1]), reply(10, 1));
    const twice = withReply(one, reply(10, 1));
    expect(twice.commentList.records[1]).toMatchObject({ totalReplyNum: 1, replyList: [{ id: 10 }] });
    expect(withReply(page([2, 1]), reply(11, 9))).toEqual(page([2, 1]));
  });

  it('sets like counts and removes comments and replies', () => {
    expect(withCommentLikes(page([2, 1]), 1, 7).commentList.records[1]!.likeNum).toBe(7);
    const withR = withReply(page([2, 1]), reply(10, 2));
    expect(without(withR, 2, 10, 2).commentList.records[0]).toMatchObject({ replyList: [], totalReplyNum: 0 });
    const gone = without(withR, 2, null, 1);
    expect(ids(gone)).toEqual([1]);
    expect(gone.commentList.total).toBe(1);
    expect(without(gone, 2, null, 1)).toEqual(gone);
  });
});
