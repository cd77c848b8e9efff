// REST calls of a group's contests (`/api/group/…contest…`): the members' cards, the admin table, the form, the
// contest's problems (from the group, from the bank's public problems, or made inside the contest) and its
// announcements. The contest pages are the site's.
import {
  AdminContestProblemList,
  AdminContestVO,
  ContestAnnouncementVO,
  ContestProblem,
  ContestVO,
  decode,
  Page,
  type AdminContestBody,
  type AddGroupContestProblemQuery,
  type ContestAnnouncementBody,
  type ContestOwnProblemDTO,
  type PageOf,
} from '@oj/proto';
import { api } from '../../lib/api';

const contestPage = Page(ContestVO);
const adminPage = Page(AdminContestVO);
interface Paging {
  currentPage: number;
  limit: number;
}

export const getGroupContestList = (gid: number, p: Paging): Promise<PageOf<ContestVO>> =>
  api.get('/group/get-contest-list', { silent: true, query: { gid, ...p }, decode: (x) => decode(contestPage, x) });
export const getGroupAdminContestList = (gid: number, p: Paging): Promise<PageOf<AdminContestVO>> =>
  api.get('/group/get-admin-contest-list', { silent: true, query: { gid, ...p }, decode: (x) => decode(adminPage, x) });
export const getGroupContest = (cid: number): Promise<AdminContestVO> => api.get('/group/contest', { query: { cid }, decode: (x) => decode(AdminContestVO, x) });
export const addGroupContest = async (gid: number, body: AdminContestBody): Promise<number> => (await api.post<{ cid: number }>('/group/contest', { ...body, gid })).cid;
export const updateGroupContest = (body: AdminContestBody) => api.put<null>('/group/contest', body);
export const deleteGroupContest = (cid: number) => api.delete<null>('/group/contest', { query: { cid } });
export const changeGroupContestVisible = (cid: number, visible: boolean) => api.put<null>('/group/change-contest-visible', undefined, { query: { cid, visible } });

/** The contest's problems, or with `from` the candidates: the group's own problems or the bank's public ones. */
export const getGroupContestProblems = (cid: number, p: Paging & { keyword?: string }, from?: 'group' | 'public'): Promise<AdminContestProblemList> =>
  api.get('/group/get-contest-problem-list', {
    silent: true,
    query: { cid, ...p, ...(from && { problemType: 0 }), ...(from === 'group' && { fromGroup: true }) },
    decode: (x) => decode(AdminContestProblemList, x),
  });
export const addGroupContestProblemFromGroup = (q: AddGroupContestProblemQuery) => api.post<null>('/group/add-contest-problem-from-group', undefined, { query: q });
export const addGroupContestProblemFromPublic = (cid: number, pid: number, displayId: string) => api.post<null>('/group/add-contest-problem-from-public', { cid, pid, displayId });
export const deleteGroupContestProblem = (cid: number, pid: number) => api.delete<null>('/group/contest-problem', { query: { cid, pid } });

/** A problem made inside the contest: a group problem (contest only) placed in the contest in one transaction. */
export const addGroupContestOwnProblem = (dto: ContestOwnProblemDTO) => api.post<{ pid: number; problemId: string }>('/group/contest-problem', dto);
export const getGroupContestProblem = (cid: number, pid: number): Promise<ContestProblem> =>
  api.get('/group/contest-problem', { query: { cid, pid }, decode: (x) => decode(ContestProblem, x) });

const announcementPage = Page(ContestAnnouncementVO);
export const getGroupContestAnnouncements = (cid: number, p: Paging): Promise<PageOf<ContestAnnouncementVO>> =>
  api.get('/group/get-contest-announcement-list', { silent: true, query: { cid, ...p }, decode: (x) => decode(announcementPage, x) });
export const saveGroupContestAnnouncement = (body: ContestAnnouncementBody) =>
  body.announcement.id === undefined ? api.post<null>('/group/contest-announcement', body) : api.put<null>('/group/contest-announcement', body);
export const deleteGroupContestAnnouncement = (cid: number, aid: number) => api.delete<null>('/group/contest-announcement', { query: { cid, aid } });
