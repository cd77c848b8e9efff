// The admin problem list's calls: the page, the auth select, delete, rejudge, the judge queue (the live column's
// REST fallback) and the test-data download.
import type { AdminProblemListQuery, AdminProblemRow, JudgeQueueData, PageOf, ProblemQueueEntry } from '@oj/proto';
import { api } from '../../../lib/api';
import { downloadFile, saveBlob } from '../../../lib/download';

export const adminProblemList = (q: AdminProblemListQuery) => api.get<PageOf<AdminProblemRow>>('/admin/problem/get-problem-list', { query: { ...q } });
export const changeProblemAuth = (id: number, auth: number) => api.put<null>('/admin/problem/change-problem-auth', { id, auth });
export const deleteProblem = (pid: number) => api.delete<{ submissions: number }>('/admin/problem', { query: { pid } });
export const rejudgeProblem = (pid: number) => api.get<unknown>('/admin/judge/rejudge-problem', { query: { pid } });
/** Silent: the live column falls back to it while the socket is down. */
export const judgeQueue = async () => (await api.get<JudgeQueueData>('/admin/problem/judge-queue', { silent: true })).problems;

export async function downloadTestcases(pid: number): Promise<void> {
  const { blob, fileName } = await downloadFile('/file/download-testcase', { pid }, `problem_${pid}_testcase.zip`);
  saveBlob(blob, fileName);
}

export type QueueByPid = ReadonlyMap<number, ProblemQueueEntry>;
export const queueMap = (entries: readonly ProblemQueueEntry[]): QueueByPid => new Map(entries.map((e) => [e.pid, e]));
