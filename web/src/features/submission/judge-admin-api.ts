// REST calls of judge administration (rejudge, cancel, manual judge, resubmit) and the online test.
import { decode, TestJudgeResult, type TestJudgeBody } from '@oj/proto';
import { api } from '../../lib/api';
import { decoders } from '../../lib/decoders';

export const rejudge = (submitId: number) => api.get('/admin/judge/rejudge', { query: { submitId }, decode: decoders.submission });

export const cancelJudge = (submitId: number) => api.get('/admin/judge/cancel-judge', { query: { submitId }, decode: decoders.submission });

export const manualJudge = (submitId: number, status: number, score?: number) =>
  api.get('/admin/judge/manual-judge', { query: { submitId, status, score }, decode: decoders.submission });

export const resubmit = (submitId: number) => api.get('/resubmit', { query: { submitId }, decode: decoders.submission });

export const submitTestJudge = (body: TestJudgeBody) =>
  api.post('/submit-problem-test-judge', body, {
    decode: (x) => {
      if (typeof x !== 'string') throw new Error('expected a test judge key');
      return x;
    },
  });

export const getTestJudgeResult = (testJudgeKey: string) =>
  api.get('/get-test-judge-result', { query: { testJudgeKey }, decode: (x) => decode(TestJudgeResult, x), silent: true });

export const getQueuePosition = (submitId: number) =>
  api.get('/get-submission-detail', { query: { submitId }, decode: decoders.submissionInfo, silent: true }).then((d) => d.queuePosition ?? null);
