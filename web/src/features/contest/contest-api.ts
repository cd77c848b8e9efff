// REST calls of the contest pages, answers decoded with proto's schemas.
import {
  AdminContestProblemList,
  AdminContestVO,
  ContestAnnouncementVO,
  ContestProblemInfo,
  ContestProblemVO,
  ContestSubmissionItem,
  ContestVO,
  decode,
  OjError,
  Page,
  UserProblemStatus,
  type AdminContestBody,
  type ContestAnnouncementBody,
  type ContestProblemBody,
  type ContestSubmissionListQuery,
  type PageOf,
} from '@oj/proto';
import { api, request } from '../../lib/api';
import { listOf, recordOf } from '../../lib/decoders';

const contestPage = Page(ContestVO);
const adminContestPage = Page(AdminContestVO);
const announcementPage = Page(ContestAnnouncementVO);
const submissionPage = Page(ContestSubmissionItem);

export interface ContestListFilter {
  currentPage: number;
  limit: number;
  status?: number;
  type?: number;
  keyword?: string;
}

export const getContestList = (q: ContestListFilter): Promise<PageOf<ContestVO>> =>
  api.get('/get-contest-list', { query: { ...q }, decode: (x) => decode(contestPage, x) });

export const getContest = (cid: number): Promise<ContestVO> => api.get('/get-contest-info', { query: { cid }, decode: (x) => decode(ContestVO, x) });

/** Whether the user is registered (private and protected contests). */
export const getContestAccess = (cid: number): Promise<boolean> =>
  api.get('/get-contest-access', {
    query: { cid },
    silent: true,
    decode: (x) => {
      if (typeof x !== 'object' || x === null || typeof (x as { access?: unknown }).access !== 'boolean') throw new OjError('BAD_PAYLOAD', { detail: 'access' });
      return (x as { access: boolean }).access;
    },
  });

export async function registerContest(cid: number, password: string): Promise<void> {
  await api.post('/register-contest', { cid, password });
}

export const getContestProblems = (cid: number, containsEnd = false): Promise<ContestProblemVO[]> =>
  api.get('/get-contest-problem', { query: { cid, containsEnd }, decode: listOf((x) => decode(ContestProblemVO, x)) });

export const getContestProblemDetail = (cid: number, displayId: string): Promise<ContestProblemInfo> =>
  api.get('/get-contest-problem-details', { query: { cid, displayId }, decode: (x) => decode(ContestProblemInfo, x) });

export const getContestSubmissions = (q: ContestSubmissionListQuery): Promise<PageOf<ContestSubmissionItem>> =>
  api.get('/contest-submissions', { query: { ...q }, decode: (x) => decode(submissionPage, x) });

/** Fallback while the socket is down: the current rows of in-progress contest submissions, by submit id. */
export const checkContestSubmissions = (cid: number, submitIds: number[]): Promise<Record<string, ContestSubmissionItem>> =>
  api.post('/check-contest-submissions-status', { cid, submitIds }, { decode: recordOf((x) => decode(ContestSubmissionItem, x)), silent: true });

/** My status per problem pid (getUserProblemStatus with the contest). Silent: the column is optional. */
export const getContestProblemStatus = (cid: number, pidList: number[], containsEnd = false): Promise<Record<string, UserProblemStatus>> =>
  api.post('/get-user-problem-status', { pidList, isContestProblemList: true, cid, containsEnd }, { decode: recordOf((x) => decode(UserProblemStatus, x)), silent: true });

export const getContestAnnouncements = (cid: number, currentPage: number, limit: number): Promise<PageOf<ContestAnnouncementVO>> =>
  api.get('/get-contest-announcement', { query: { cid, currentPage, limit }, decode: (x) => decode(announcementPage, x) });

/** Announcements whose ids are not in `read` (the 60 s fallback and the catch-up on entering). */
export const getNotReadAnnouncements = (cid: number, read: number[]): Promise<ContestAnnouncementVO[]> =>
  api.post('/get-contest-not-read-announcement', { cid, readAnnouncementList: read }, { decode: listOf((x) => decode(ContestAnnouncementVO, x)), silent: true });

/** Tells the server these were shown (kept per user and contest there too, when the server offers it). */
export async function markAnnouncementsRead(cid: number, aids: number[]): Promise<void> {
  await api.post('/read-contest-announcement', { cid, aids }, { silent: true });
}

// ---------- admin ----------

export const adminGetContestList = (currentPage: number, limit: number, keyword?: string): Promise<PageOf<AdminContestVO>> =>
  api.get('/admin/contest/get-contest-list', { query: { currentPage, limit, keyword }, decode: (x) => decode(adminContestPage, x) });

export const adminGetContest = (cid: number): Promise<AdminContestVO> => api.get('/admin/contest', { query: { cid }, decode: (x) => decode(AdminContestVO, x) });

export async function adminCreateContest(body: AdminContestBody): Promise<number | null> {
  const data = await api.post<unknown>('/admin/contest', body);
  // The server may answer the new id (a number or `{ cid }` / `{ id }`); null answers are fine too.
  if (typeof data === 'number') return data;
  if (typeof data === 'object' && data !== null) {
    const d = data as { cid?: unknown; id?: unknown };
    if (typeof d.cid === 'number') return d.cid;
    if (typeof d.id === 'number') return d.id;
  }
  return null;
}

export async function adminUpdateContest(body: AdminContestBody): Promise<void> {
  await api.put('/admin/contest', body);
}

export async function adminDeleteContest(cid: number): Promise<void> {
  await request('DELETE', '/admin/contest', { query: { cid } });
}

export async function adminChangeContestVisible(cid: number, visible: boolean, uid: string): Promise<void> {
  await request('PUT', '/admin/contest/change-contest-visible', { query: { cid, visible, uid } });
}

export interface AdminContestProblemRow {
  pid: number;
  problemId: string;
  title: string;
  displayId: string;
  displayTitle: string;
  color: string | null;
}

/** The contest's problems: the admin list's page of problems joined to its pid → contest problem map. */
export async function adminGetContestProblems(cid: number, currentPage: number, limit: number): Promise<{ records: AdminContestProblemRow[]; total: number }> {
  const d = await api.get('/admin/contest/get-problem-list', { query: { cid, currentPage, limit }, decode: (x) => decode(AdminContestProblemList, x) });
  const records = d.problemList.records.map((p): AdminContestProblemRow => {
    const cp = d.contestProblemMap[String(p.id)];
    return { pid: p.id, problemId: p.problemId, title: p.title, displayId: cp?.displayId ?? '', displayTitle: cp?.displayTitle ?? p.title, color: cp?.color ?? null };
  });
  return { records, total: d.problemList.total };
}

/** Problems that may still be added to the contest (the add-from-public dialog): `problemType` set. */
export async function adminGetAddableProblems(
  cid: number,
  problemType: number,
  currentPage: number,
  limit: number,
  keyword?: string,
): Promise<{ records: { pid: number; problemId: string; title: string }[]; total: number }> {
  const d = await api.get('/admin/contest/get-problem-list', {
    query: { cid, problemType, currentPage, limit, keyword },
    decode: (x) => decode(AdminContestProblemList, x),
  });
  return { records: d.problemList.records.map((p) => ({ pid: p.id, problemId: p.problemId, title: p.title })), total: d.problemList.total };
}

export async function adminSetContestProblem(body: ContestProblemBody): Promise<void> {
  await api.put('/admin/contest/contest-problem', body);
}

export async function adminAddProblemFromPublic(cid: number, pid: number, displayId: string, color: string | null = null): Promise<void> {
  await api.post('/admin/contest/add-problem-from-public', { cid, pid, displayId, ...(color && { color }) });
}

export async function adminRemoveContestProblem(cid: number, pid: number): Promise<void> {
  await request('DELETE', '/admin/contest/problem', { query: { pid, cid } });
}

export const adminGetAnnouncements = (cid: number, currentPage: number, limit: number): Promise<PageOf<ContestAnnouncementVO>> =>
  api.get('/admin/contest/announcement', { query: { cid, currentPage, limit }, decode: (x) => decode(announcementPage, x) });

export async function adminSaveAnnouncement(body: ContestAnnouncementBody): Promise<void> {
  if (body.announcement.id !== undefined) await api.put('/admin/contest/announcement', body);
  else await api.post('/admin/contest/announcement', body);
}

export async function adminDeleteAnnouncement(aid: number): Promise<void> {
  await request('DELETE', '/admin/contest/announcement', { query: { aid } });
}
