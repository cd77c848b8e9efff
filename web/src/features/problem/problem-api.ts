// REST calls of the problem area.
import type { ProblemListQuery, SubmitBody } from '@oj/proto';
import { api } from '../../lib/api';
import { decoders } from '../../lib/decoders';

export const getProblemList = (q: ProblemListQuery) => api.get('/get-problem-list', { query: q, decode: decoders.problemPage });

export const getProblemDetail = (problemId: string) =>
  api.get('/get-problem-detail', { query: { problemId }, decode: decoders.problemInfo });

export const submitCode = (body: SubmitBody) => api.post('/submit-problem-judge', body, { decode: decoders.submission });
