// REST calls of the contest admin's finished parts: a contest's own problems, its display ids, the clone, and the
// downloads (accepted code as a zip, the final ranklist as XLSX or CSV).
import { CONTEST_LIMITS, ContestProblem, decode, type ContestOwnProblemDTO } from '@oj/proto';
import { api } from '../../../lib/api';
import { downloadFile, saveBlob } from '../../../lib/download';
import { adminGetContestProblems } from '../contest-api';

export const createContestOwnProblem = (dto: ContestOwnProblemDTO) => api.post<{ pid: number; problemId: string }>('/admin/contest/problem', dto);
export const updateContestOwnProblem = (dto: ContestOwnProblemDTO) => api.put<null>('/admin/contest/problem', dto);

export const getContestProblem = (cid: number, pid: number): Promise<ContestProblem> =>
  api.get('/admin/contest/contest-problem', { query: { cid, pid }, decode: (x) => decode(ContestProblem, x) });

/** Every display id the contest uses (a contest has at most `maxProblems`, so one page holds them). */
export async function contestDisplayIds(cid: number): Promise<string[]> {
  const { records } = await adminGetContestProblems(cid, 1, CONTEST_LIMITS.maxProblems);
  return records.map((r) => r.displayId);
}

export const cloneContest = (cid: number) => api.get<{ cid: number }>('/admin/contest/clone', { query: { cid } });

export type AcSplit = 'user' | 'problem';

export async function downloadAcCode(cid: number, excludeAdmin: boolean, splitType: AcSplit): Promise<void> {
  const { blob, fileName } = await downloadFile('/file/download-contest-ac-submission', { cid, excludeAdmin, splitType }, `contest-${cid}-ac-${splitType}.zip`);
  saveBlob(blob, fileName);
}

/** The organiser's export: the real standings (`forceRefresh`), not the sealed view. */
export async function downloadRank(cid: number, format: 'xlsx' | 'csv'): Promise<void> {
  const { blob, fileName } = await downloadFile('/file/download-contest-rank', { cid, forceRefresh: true, format }, `contest-${cid}-rank.${format}`);
  saveBlob(blob, fileName);
}
