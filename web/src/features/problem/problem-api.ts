// REST calls of the problem area.
import type { ProblemListQuery, ProblemTagVO, SubmitBody, TaskRef, UserProblemStatus } from '@oj/proto';
import { api } from '../../lib/api';
import { decoders } from '../../lib/decoders';

export const getProblemList = (q: ProblemListQuery) => api.get('/get-problem-list', { query: q, decode: decoders.problemPage });

const fetchProblemDetail = (problemId: string) =>
  api.get('/get-problem-detail', { query: { problemId }, decode: decoders.problemInfo });

/** A detail requested before its page's code had loaded (prefetchProblemDetail), handed to the page's first call. */
let early: { problemId: string; at: number; answer: ReturnType<typeof fetchProblemDetail> } | null = null;
const EARLY_FRESH_MS = 30_000;

/**
 * The first page of a visit is /problem/:id: main.tsx asks for the problem at once, so the answer travels while the
 * page's code (the editor) is still loading instead of after it (docs/benchmarks.md, "First load").
 */
export function prefetchProblemDetail(problemId: string): void {
  const answer = fetchProblemDetail(problemId);
  answer.catch(() => undefined); // the page sees the failure when it takes the answer, as with its own request
  early = { problemId, at: Date.now(), answer };
}

export function getProblemDetail(problemId: string) {
  const taken = early;
  early = null;
  if (taken && taken.problemId === problemId && Date.now() - taken.at < EARLY_FRESH_MS) return taken.answer;
  return fetchProblemDetail(problemId);
}

/**
 * A problem of a group's training (`gid`: the training's group): the group's own problem opened inside the group, or
 * else a public one (a group training holds both).
 */
export const getProblemDetailIn = (problemId: string, gid: number) =>
  api.get('/get-problem-detail', { silent: true, query: { problemId, gid }, decode: decoders.problemInfo }).catch(() => getProblemDetail(problemId));

/** A problem of a homework or an exam, read through the task (a private problem of the task too). */
export const getProblemDetailInTask = (problemId: string, task: TaskRef) => api.get('/get-problem-detail', { query: { problemId, ...task }, decode: decoders.problemInfo });

export const submitCode = (body: SubmitBody) => api.post('/submit-problem-judge', body, { decode: decoders.submission });

export const getTagsAndClassification = (oj: string) => api.get<ProblemTagVO[]>('/get-problem-tags-and-classification', { query: { oj } });
export const getRandomProblem = (oj?: string) => api.get<{ problemId: string }>('/get-random-problem', { query: { oj } });
/** The signed-in user's status per problem id (0 ever accepted, else the latest verdict; −10 never submitted). */
export const getUserProblemStatus = (pidList: number[]) =>
  api.post<Record<string, UserProblemStatus>>('/get-user-problem-status', { pidList, isContestProblemList: false, cid: 0 }, { silent: true });
/** The caller's last Accepted code of problem `pid` (contest `cid`, 0 for practice), or null. */
export const getLastAcCode = (pid: number, cid: number) => api.get<{ code: string; language: string } | null>('/get-last-ac-code', { query: { pid, cid } });
