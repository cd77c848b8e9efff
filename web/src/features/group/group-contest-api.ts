// REST calls of a group's contests (`/api/group/…contest…`): the members' cards, the admin table, the form, the
// contest's problems (from the group, from the bank's public problems). The contest pages are the site's.
import {
  AdminContestProblemList,
  AdminContestVO,
  ContestVO,
  decode,
  Page,
  type AdminContestBody,
  type AddGroupContestProblemQuery,
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
