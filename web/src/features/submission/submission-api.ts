// REST calls of the submission area.
import type { SubmissionListQuery } from '@oj/proto';
import { api } from '../../lib/api';
import { decoders } from '../../lib/decoders';

export const getSubmissionList = (q: SubmissionListQuery) =>
  api.get('/get-submission-list', { query: q, decode: decoders.submissionPage });

export const getSubmissionDetail = (submitId: number) =>
  api.get('/get-submission-detail', { query: { submitId }, decode: decoders.submissionInfo });

export const getAllCaseResult = (submitId: number) =>
  api.get('/get-all-case-result', { query: { submitId }, decode: decoders.caseResult, silent: true });

/** The owner shares (or unshares) a practice submission's code. */
export const shareSubmission = (submitId: number, share: boolean) => api.put<null>('/submission', { submitId, share });
