// REST calls of the problem area.
import type { ProblemListQuery, ProblemTagVO, SubmitBody, UserProblemStatus } from '@oj/proto';
import { api } from '../../lib/api';
import { decoders } from '../../lib/decoders';

export const getProblemList = (q: ProblemListQuery) => api.get('/get-problem-list', { query: q, decode: decoders.problemPage });

export const getProblemDetail = (problemId: string) =>
  api.get('/get-problem-detail', { query: { problemId }, decode: decoders.problemInfo });

export const submitCode = (body: SubmitBody) => api.post('/submit-problem-judge', body, { decode: decoders.submission });

export const getTagsAndClassification = (oj: string) => api.get<ProblemTagVO[]>('/get-problem-tags-and-classification', { query: { oj } });
export const getRandomProblem = (oj?: string) => api.get<{ problemId: string }>('/get-random-problem', { query: { oj } });
/** The signed-in user's status per problem id (0 ever accepted, else the latest verdict; −10 never submitted). */
export const getUserProblemStatus = (pidList: number[]) =>
  api.post<Record<string, UserProblemStatus>>('/get-user-problem-status', { pidList, isContestProblemList: false, cid: 0 }, { silent: true });
