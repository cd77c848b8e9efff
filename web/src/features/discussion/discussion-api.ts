// REST calls of discussions, their categories and likes, comments, replies and comment likes, decoded with proto's schemas.
import {
  CommentListVO,
  CommentVO,
  decode,
  Discussion,
  DiscussionCategory,
  Page,
  ReplyVO,
  type DiscussionBody,
  type DiscussionReportBody,
  type DiscussionUpdateBody,
  type GroupDiscussionBody,
  type PageOf,
} from '@oj/proto';
import { api, request } from '../../lib/api';
import { listOf } from '../../lib/decoders';

const discussionPage = Page(Discussion);
const categoryList = listOf((x) => decode(DiscussionCategory, x));

/** The list's filters, as the URL query holds them. */
export interface DiscussionFilter {
  currentPage: number;
  keyword?: string;
  /** A category id. */
  cid?: number;
  /** A problem's display id. */
  pid?: string;
  onlyMine?: boolean;
}

export const getDiscussionList = (f: DiscussionFilter, limit = 10): Promise<PageOf<Discussion>> =>
  api.get('/get-discussion-list', { query: { ...f, onlyMine: f.onlyMine || undefined, limit }, decode: (x) => decode(discussionPage, x) });
/** `silent`: no toast (a reload after a pushed change may find the post gone). */
export const getDiscussion = (did: number, silent = false): Promise<Discussion> =>
  api.get('/get-discussion-detail', { query: { did }, silent, decode: (x) => decode(Discussion, x) });
export const addDiscussion = (body: DiscussionBody): Promise<Discussion> => api.post('/discussion', body, { decode: (x) => decode(Discussion, x) });
export async function updateDiscussion(body: DiscussionUpdateBody): Promise<void> {
  await api.put('/discussion', body);
}
export async function deleteDiscussion(did: number): Promise<void> {
  await api.delete('/discussion', { query: { did } });
}
export async function likeDiscussion(did: number, toLike: boolean): Promise<void> {
  await api.get('/discussion-like', { query: { did, toLike } });
}
/** Pins or unpins (site admins: the admin route). */
export async function pinDiscussion(id: number, topPriority: boolean): Promise<void> {
  await api.put('/admin/discussion', { id, topPriority });
}
export const getCategories = (): Promise<DiscussionCategory[]> => api.get('/discussion-category', { decode: categoryList });
/** The super admin's whole list: with an id renames, without adds; a category left out is removed. */
export const saveCategories = (list: { id?: number; name: string }[]): Promise<DiscussionCategory[]> => api.post('/discussion-category', list, { decode: categoryList });

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

// A group's discussions (issue 19, item 8): reading one, its comments and likes, and the author's edit use the calls above.
export const getGroupDiscussionList = (gid: number, currentPage: number, limit = 10, admin = false, pid?: string): Promise<PageOf<Discussion>> =>
  api.get(admin ? '/group/get-admin-discussion-list' : '/group/get-discussion-list', { query: { gid, currentPage, limit, ...(pid && { pid }) }, decode: (x) => decode(discussionPage, x) });
export const addGroupDiscussion = (body: GroupDiscussionBody): Promise<{ id: number }> => api.post('/group/discussion', body);
export async function deleteGroupDiscussion(did: number): Promise<void> {
  await api.delete('/group/discussion', { query: { did } });
}
/** The group admins' pin. */
export async function pinGroupDiscussion(id: number, topPriority: boolean): Promise<void> {
  await api.put('/group/discussion', { id, topPriority });
}
