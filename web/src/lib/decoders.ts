// Decoders for REST answers, built on proto's schemas: `data` is checked before the UI trusts it.
import {
  decode,
  JudgeCaseResult,
  Language,
  OjError,
  Page,
  ProblemInfo,
  ProblemVO,
  Submission,
  SubmissionInfo,
  SubmissionListItem,
  UserInfo,
  WebsiteConfig,
} from '@oj/proto';

export function listOf<T>(one: (x: unknown) => T): (x: unknown) => T[] {
  return (x) => {
    if (!Array.isArray(x)) throw new OjError('BAD_PAYLOAD', { detail: 'expected a list' });
    return x.map(one);
  };
}

export function recordOf<T>(one: (x: unknown) => T): (x: unknown) => Record<string, T> {
  return (x) => {
    if (typeof x !== 'object' || x === null || Array.isArray(x)) throw new OjError('BAD_PAYLOAD', { detail: 'expected a map' });
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, one(v)]));
  };
}

const problemPage = Page(ProblemVO);
const submissionPage = Page(SubmissionListItem);

export const decoders = {
  websiteConfig: (x: unknown) => decode(WebsiteConfig, x),
  userInfo: (x: unknown) => decode(UserInfo, x),
  languages: listOf((x) => decode(Language, x)),
  problemPage: (x: unknown) => decode(problemPage, x),
  problemInfo: (x: unknown) => decode(ProblemInfo, x),
  submission: (x: unknown) => decode(Submission, x),
  submissionInfo: (x: unknown) => decode(SubmissionInfo, x),
  submissionPage: (x: unknown) => decode(submissionPage, x),
  submissionMap: recordOf((x) => decode(Submission, x)),
  caseResult: (x: unknown) => decode(JudgeCaseResult, x),
};
