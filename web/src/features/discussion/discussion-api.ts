// REST calls of discussions, comments, replies and likes, decoded with proto's schemas.
import { CommentListVO, CommentVO, decode, Discussion, Page, ReplyVO, type DiscussionReportBody, type PageOf } from '@oj/proto';
import { api, request } from '../../lib/api';
import { listOf } from '../../lib/decoders';

const discussionPage = Page(Discussion);

/** A page of discussions; with `pid`, only those about that problem (display id). */
export const getDiscussionList = (currentPage: number, pid?: string, limit = 10): Promise<PageOf<Discussion>> =>
  api.get('/get-discussion-list', { query: { currentPage, limit, ...(pid && { pid }) }, decode: (x) => decode(discussionPage, x) });
export const getDiscussion = (did: number): Promise<Discussion> =>
  api.get('/get-discussion-detail', { query: { did }, decode: (x) => decode(Discussion, x) });
export const addDiscussion = (title: string, content: string, pid?: string): Promise<Discussion> =>
  api.post('/discussion', { title, content, ...(pid && { pid }) }, { decode: (x) => decode(Discussion, x) });

/** What a comment belongs to: a discussion, or a contest's Q&A (its Comment tab). */
export type CommentTarget = { did: number } | { cid: number };
const sourceOf = (t: CommentTarget) => ('did' in t ? { sourceId: t.did, sourceType: 'Discussion' as const } : { sourceId: t.cid, sourceType: 'Contest' as const });

export const getComments = (target: CommentTarget, currentPage: number, limit = 10): Promise<CommentListVO> =>
  api.get('/comments', { query: { ...target, currentPage, limit }, decode: (x) => decode(CommentListVO, x) });
export const addComment = (target: CommentTarget, content: string): Promise<CommentVO> =>
  api.post('/comment', { ...target, content }, { decode: (x) => decode(CommentVO, x) });
export async function deleteComment(id: number, target: CommentTarget): Promise<void> {
  await request('DELETE', '/comment', { body: { id, ...target } });
}
export async function likeComment(id: number, toLike: boolean, target: CommentTarget): Promise<void> {
  await api.get('/comment-like', { query: { cid: id, toLike, ...sourceOf(target) } });
}
export const getReplies = (commentId: number): Promise<ReplyVO[]> =>
  api.get('/reply', { query: { commentId }, decode: listOf((x) => decode(ReplyVO, x)) });
export const addReply = (target: CommentTarget, commentId: number, content: string, quote: { id: number; type: 'Comment' | 'Reply' }): Promise<ReplyVO> =>
  api.post(
    '/reply',
    { reply: { commentId, content }, did: 'did' in target ? target.did : null, quoteId: quote.id, quoteType: quote.type },
    { decode: (x) => decode(ReplyVO, x) },
  );
export async function deleteReply(id: number, target: CommentTarget): Promise<void> {
  await request('DELETE', '/reply', { body: { reply: { id }, did: 'did' in target ? target.did : null } });
}

/** A user's report of a discussion (tags and / or a reason). */
export async function reportDiscussion(body: DiscussionReportBody): Promise<void> {
  await api.post('/discussion-report', body);
}
