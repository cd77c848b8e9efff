// REST calls of the group pages (the original product's paths and parameter names), answers decoded with proto's
// schemas.
import {
  AdminProblemDetail,
  AdminTag,
  decode,
  GroupAccessVO,
  GroupAdminProblemRow,
  GroupAnnouncementVO,
  GroupApplyProblemRow,
  GroupDetail,
  GroupMemberVO,
  GroupVO,
  Page,
  ProblemCase,
  ProblemVO,
  type CompileDTO,
  type GroupAnnouncementBody,
  type GroupBody,
  type GroupListQuery,
  type PageOf,
  type ProblemDTO,
} from '@oj/proto';
import { api } from '../../lib/api';
import { decoders, listOf } from '../../lib/decoders';
import { uploadFile } from '../../lib/upload';

const groupPage = Page(GroupVO);
const memberPage = Page(GroupMemberVO);
const announcementPage = Page(GroupAnnouncementVO);
const problemPage = Page(ProblemVO);
const adminProblemPage = Page(GroupAdminProblemRow);
const applyPage = Page(GroupApplyProblemRow);

type Paging = { currentPage: number; limit: number };
// The group screens' loads are silent: a failed one only stops its spinner (the specification's group screens); the
// actions (apply, accept, save…) show the server's message.

// ---------- groups ----------
export const getGroupList = (q: GroupListQuery): Promise<PageOf<GroupVO>> => api.get('/get-group-list', { silent: true, query: { ...q }, decode: (x) => decode(groupPage, x) });
export const getGroup = (gid: number): Promise<GroupDetail> => api.get('/get-group-detail', { silent: true, query: { gid }, decode: (x) => decode(GroupDetail, x) });
export const getGroupAuth = (gid: number): Promise<number> =>
  api.get('/get-group-auth', { silent: true, query: { gid }, decode: (x) => (typeof x === 'number' ? x : 0) });
export const getGroupAccess = (gid: number): Promise<GroupAccessVO> => api.get('/get-group-access', { silent: true, query: { gid }, decode: (x) => decode(GroupAccessVO, x) });
export const addGroup = (body: GroupBody) => api.post<{ id: number }>('/group', body);
export const updateGroup = (body: GroupBody) => api.put<null>('/group', body);
export const deleteGroup = (gid: number) => api.delete<null>('/group', { query: { gid } });
/** The cropped avatar (a 200×200 PNG); answers the group. */
export const uploadGroupAvatar = (gid: number, image: Blob): Promise<GroupDetail> =>
  uploadFile<unknown>('/file/upload-group-avatar', image, 'avatar.png', { query: { gid }, field: 'image' }).then((x) => decode(GroupDetail, x));

// ---------- members ----------
export const getGroupMemberList = (gid: number, p: Paging): Promise<PageOf<GroupMemberVO>> =>
  api.get('/group/get-member-list', { silent: true, query: { gid, ...p }, decode: (x) => decode(memberPage, x) });
export const getGroupApplyList = (gid: number, p: Paging): Promise<PageOf<GroupMemberVO>> =>
  api.get('/group/get-apply-list', { silent: true, query: { gid, ...p }, decode: (x) => decode(memberPage, x) });
export const addGroupMember = (gid: number, code: string, reason: string) => api.post<{ auth: number }>('/group/member', undefined, { query: { gid, code, reason } });
export const updateGroupMember = (gid: number, uid: string, auth: number) => api.put<null>('/group/member', { gid, uid, auth });
export const deleteGroupMember = (uid: string, gid: number) => api.delete<null>('/group/member', { query: { uid, gid } });
export const exitGroup = (gid: number) => api.delete<null>('/group/member/exit', { query: { gid } });

// ---------- announcements ----------
export const getGroupAnnouncementList = (gid: number, p: Paging): Promise<PageOf<GroupAnnouncementVO>> =>
  api.get('/group/get-announcement-list', { silent: true, query: { gid, ...p }, decode: (x) => decode(announcementPage, x) });
export const getGroupAdminAnnouncementList = (gid: number, p: Paging): Promise<PageOf<GroupAnnouncementVO>> =>
  api.get('/group/get-admin-announcement-list', { silent: true, query: { gid, ...p }, decode: (x) => decode(announcementPage, x) });
export const addGroupAnnouncement = (body: GroupAnnouncementBody) => api.post<{ id: number }>('/group/announcement', body);
export const updateGroupAnnouncement = (body: GroupAnnouncementBody) => api.put<null>('/group/announcement', body);
export const deleteGroupAnnouncement = (aid: number) => api.delete<null>('/group/announcement', { query: { aid } });

// ---------- problems ----------
export const getGroupProblemList = (gid: number, p: Paging): Promise<PageOf<ProblemVO>> =>
  api.get('/group/get-problem-list', { silent: true, query: { gid, ...p }, decode: (x) => decode(problemPage, x) });
export const getGroupAdminProblemList = (gid: number, p: Paging): Promise<PageOf<GroupAdminProblemRow>> =>
  api.get('/group/get-admin-problem-list', { silent: true, query: { gid, ...p }, decode: (x) => decode(adminProblemPage, x) });
export const getGroupProblem = (pid: number): Promise<AdminProblemDetail> => api.get('/group/problem', { silent: true, query: { pid }, decode: (x) => decode(AdminProblemDetail, x) });
export const getGroupProblemCases = (pid: number): Promise<ProblemCase[]> =>
  api.get('/group/get-problem-cases', { silent: true, query: { pid, isUpload: true }, decode: listOf((x) => decode(ProblemCase, x)) });
export const getGroupProblemTags = (gid: number): Promise<AdminTag[]> => api.get('/group/get-all-problem-tags', { silent: true, query: { gid }, decode: listOf((x) => decode(AdminTag, x)) });
export const addGroupProblem = (dto: ProblemDTO) => api.post<{ pid: number; problemId: string }>('/group/problem', dto);
export const updateGroupProblem = (dto: ProblemDTO) => api.put<null>('/group/problem', dto);
export const deleteGroupProblem = (pid: number) => api.delete<{ submissions: number }>('/group/problem', { query: { pid } });
export const groupCompileChecker = (kind: 'spj' | 'interactive', dto: CompileDTO, gid: number) =>
  api.post<null>(`/group/compile-${kind}`, dto, { query: { gid }, silent: true, timeoutMs: 120_000 });
export const changeGroupProblemAuth = (pid: number, auth: number) => api.put<null>('/group/change-problem-auth', undefined, { query: { pid, auth } });
export const applyGroupProblemPublic = (pid: number, isApplied: boolean) => api.put<null>('/group/apply-public', undefined, { query: { pid, isApplied } });

// ---------- the admin examination ----------
export const getGroupApplyProblemList = (q: Paging & { keyword?: string }): Promise<PageOf<GroupApplyProblemRow>> =>
  api.get('/admin/group-problem/list', { query: { ...q }, decode: (x) => decode(applyPage, x) });
export const changeGroupProblemProgress = (pid: number, progress: number) => api.put<null>('/admin/group-problem/change-progress', { pid, progress });

/** A problem opened inside its group (`get-problem-detail` with `gid`; members only). */
export const getGroupProblemDetail = (problemId: string, gid: number) => api.get('/get-problem-detail', { silent: true, query: { problemId, gid }, decode: decoders.problemInfo });
