// Judge status codes of the original product and the rules that hang on them.

export const JudgeStatus = {
  NOT_SUBMITTED: -10,
  SUBMITTED_UNKNOWN_RESULT: -5,
  CANCELLED: -4,
  PRESENTATION_ERROR: -3,
  COMPILE_ERROR: -2,
  WRONG_ANSWER: -1,
  ACCEPTED: 0,
  TIME_LIMIT_EXCEEDED: 1,
  MEMORY_LIMIT_EXCEEDED: 2,
  RUNTIME_ERROR: 3,
  SYSTEM_ERROR: 4,
  PENDING: 5,
  COMPILING: 6,
  JUDGING: 7,
  PARTIAL_ACCEPTED: 8,
  SUBMITTING: 9,
  SUBMITTED_FAILED: 10,
} as const;

export type JudgeStatusCode = (typeof JudgeStatus)[keyof typeof JudgeStatus];

export const ALL_JUDGE_STATUSES: readonly JudgeStatusCode[] = Object.values(JudgeStatus);

/** Display names (English, as the specification lists them); the web translates them by `judge.status.<code>`. */
export const JUDGE_STATUS_NAME: Record<JudgeStatusCode, string> = {
  [-10]: 'Not Submitted',
  [-5]: 'Submitted Unknown Result',
  [-4]: 'Cancelled',
  [-3]: 'Presentation Error',
  [-2]: 'Compile Error',
  [-1]: 'Wrong Answer',
  0: 'Accepted',
  1: 'Time Limit Exceeded',
  2: 'Memory Limit Exceeded',
  3: 'Runtime Error',
  4: 'System Error',
  5: 'Pending',
  6: 'Compiling',
  7: 'Judging',
  8: 'Partial Accepted',
  9: 'Submitting',
  10: 'Submitted Failed',
};

/** Short keys used for the per-problem counters (`problemCount`) and list columns. */
export const JUDGE_STATUS_SHORT: Partial<Record<JudgeStatusCode, string>> = {
  [-10]: 'ns',
  [-5]: 'snr',
  [-4]: 'ca',
  [-3]: 'pe',
  [-2]: 'ce',
  [-1]: 'wa',
  0: 'ac',
  1: 'tle',
  2: 'mle',
  3: 're',
  4: 'se',
  8: 'pa',
  10: 'sf',
};

/** Statuses that are still moving: the client keeps listening (or polling) while a submission is in one. */
export const IN_PROGRESS_STATUSES: readonly JudgeStatusCode[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];

export function isInProgress(status: number): boolean {
  return (IN_PROGRESS_STATUSES as readonly number[]).includes(status);
}

export function isJudgeStatus(n: number): n is JudgeStatusCode {
  return (ALL_JUDGE_STATUSES as readonly number[]).includes(n);
}

/** Statuses that count as a penalised try in ACM contests. */
export const PENALTY_STATUSES: readonly JudgeStatusCode[] = [
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
];

/** Problem type: 0 ACM, 1 OI. */
export const ProblemType = { ACM: 0, OI: 1 } as const;
export type ProblemTypeCode = (typeof ProblemType)[keyof typeof ProblemType];

export const JUDGE_MODES = ['default', 'spj', 'interactive'] as const;
export type JudgeMode = (typeof JUDGE_MODES)[number];
export const JUDGE_CASE_MODES = ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'] as const;
export type JudgeCaseMode = (typeof JUDGE_CASE_MODES)[number];
