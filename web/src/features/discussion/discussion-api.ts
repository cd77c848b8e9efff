// REST calls of discussions, comments, replies and likes (hoj-api.md §11), decoded with proto's schemas.
import { CommentListVO, CommentVO, decode, Discussion, Page, ReplyVO, type PageOf } from '@oj/proto';
import { api, request } from '../../lib/api';
import { listOf } from '../../lib/decoders';

const discussionPage = Page(Discussion);

export const getDiscussionList = (currentPage: number, limit = 10): Promise<PageOf<Discussion>> =>
  api.get('/get-discussion-list', { query: { currentPage, limit }, decode: (x) => decode(discussionPage, x) });
export const getDiscussion = (did: number): Promise<Discussion> =>
  api.get('/get-discussion-detail', { query: { did }, decode: (x) => decode(Discussion, x) });
export const addDiscussion = (title: string, content: string): Promise<Discussion> =>
  api.post('/discussion', { title, content }, { decode: (x) => decode(Discussion, x) });

export const getComments = (did: number, currentPage: number, limit = 10): Promise<CommentListVO> =>
  api.get('/comments', { query: { did, currentPage, limit }, decode: (x) => decode(CommentListVO, x) });
export const addComment = (did: number, content: string): Promise<CommentVO> =>
  api.post('/comment', { did, content }, { decode: (x) => decode(CommentVO, x) });
export async function deleteComment(id: number, did: number): Promise<void> {
  await request('DELETE', '/comment', { body: { id, did } });
}
export async function likeComment(id: number, toLike: boolean, did: number): Promise<void> {
  await api.get('/comment-like', { query: { cid: id, toLike, sourceId: did, sourceType: 'Discussion' } });
}
export const getReplies = (commentId: number): Promise<ReplyVO[]> =>
  api.get('/reply', { query: { commentId }, decode: listOf((x) => decode(ReplyVO, x)) });
export const addReply = (did: number, commentId: number, content: string, quote: { id: number; type: 'Comment' | 'Reply' }): Promise<ReplyVO> =>
  api.post('/reply', { reply: { commentId, content }, did, quoteId: quote.id, quoteType: quote.type }, { decode: (x) => decode(ReplyVO, x) });
export async function deleteReply(id: number, did: number): Promise<void> {
  await request('DELETE', '/reply', { body: { reply: { id }, did } });
}
