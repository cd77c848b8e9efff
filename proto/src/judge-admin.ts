// Contracts of judge administration: rejudge, cancel, manual judge and resubmit, the online test, and the
// judge-runner listing for admins.
import { Type, type Static } from '@sinclair/typebox';
import { RunnerHeartbeat } from './nats';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const SubmitIdQuery = Type.Object({ submitId: Type.Integer({ minimum: 1 }) });
export type SubmitIdQuery = Static<typeof SubmitIdQuery>;

/** `GET /api/admin/judge/manual-judge`: score only counts on OI problems. */
export const ManualJudgeQuery = Type.Object({
  submitId: Type.Integer({ minimum: 1 }),
  status: Type.Integer(),
  score: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ManualJudgeQuery = Static<typeof ManualJudgeQuery>;

/** `GET /api/admin/judge/rejudge-problem`: every non-contest submission of the problem (`pid` = problem id). */
export const RejudgeProblemQuery = Type.Object({ pid: Type.Integer({ minimum: 1 }) });
export type RejudgeProblemQuery = Static<typeof RejudgeProblemQuery>;

export const RejudgeProblemResult = Type.Object({ pid: Type.Integer(), count: Type.Integer() });
export type RejudgeProblemResult = Static<typeof RejudgeProblemResult>;

/** Statuses an admin may set by hand (spec, manual judge): no in-progress, unknown, cancelled or compile error. */
export const MANUAL_JUDGE_STATUSES = [-3, -1, 0, 1, 2, 3, 4, 8] as const;

/** The online test's custom input is limited to this many characters. */
export const TEST_INPUT_MAX = 1000;
/** How long an online test result is kept. */
export const TEST_JUDGE_TTL_S = 600;
/**
 * `submitId` of a test job. Outside the submissions' `integer` range, so no event a test job could cause
 * (e.g. a System Error final after repeated failures) can ever touch a submission.
 */
export const TEST_JOB_SUBMIT_ID = 2 ** 31;

export const TestJudgeBody = Type.Object({
  /** The problem's display id (as in submit-problem-judge). */
  pid: Type.Union([Type.String({ minLength: 1, maxLength: 255 }), Type.Integer()]),
  type: Type.Optional(Type.Union([Type.Literal('public'), Type.Literal('contest'), Type.Literal('group')])),
  code: Type.String({ maxLength: 200_000 }),
  language: Type.String({ minLength: 1, maxLength: 50 }),
  userInput: Type.String({ maxLength: 100_000 }),
  expectedOutput: Type.Optional(Nullable(Type.String({ maxLength: 100_000 }))),
  isRemoteJudge: Type.Optional(Type.Boolean()),
  mode: Type.Optional(Type.String({ maxLength: 100 })),
  /** Run on a problem of a homework / an exam (docs/education.md): readable through the task only. */
  homeworkId: Type.Optional(Type.Integer()),
  examId: Type.Optional(Type.Integer()),
});
export type TestJudgeBody = Static<typeof TestJudgeBody>;

export const TestJudgeQuery = Type.Object({ testJudgeKey: Type.String({ minLength: 1, maxLength: 128 }) });
export type TestJudgeQuery = Static<typeof TestJudgeQuery>;

/** TestJudgeVO: while pending only `status` = 5 is filled. Also the data of the `test-judge.result` event. */
export const TestJudgeResult = Type.Object({
  status: Type.Integer(),
  time: Type.Optional(Nullable(Type.Integer())),
  memory: Type.Optional(Nullable(Type.Integer())),
  userInput: Type.Optional(Type.String()),
  userOutput: Type.Optional(Type.String()),
  expectedOutput: Type.Optional(Nullable(Type.String())),
  stderr: Type.Optional(Type.String()),
  problemJudgeMode: Type.Optional(Type.String()),
});
export type TestJudgeResult = Static<typeof TestJudgeResult>;

/** What a runner sends back for a test job (core NATS `oj.judge.test-result`). */
export const TestJudgeRunnerResult = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 128 }),
  judger: Type.String(),
  status: Type.Integer(),
  time: Nullable(Type.Integer()),
  memory: Nullable(Type.Integer()),
  userOutput: Type.String(),
  /** Compiler output of a compile error, or why the run failed. */
  stderr: Type.String(),
});
export type TestJudgeRunnerResult = Static<typeof TestJudgeRunnerResult>;

/** One judge runner as admins see it (`get-judge-service-info`, and the `judge.runners` event on `judge-status`). */
export const JudgeRunnerInfo = Type.Object({
  service: Type.String(),
  ...RunnerHeartbeat.properties,
});
export type JudgeRunnerInfo = Static<typeof JudgeRunnerInfo>;

export const JudgeRunnersData = Type.Object({ runners: Type.Array(JudgeRunnerInfo) });
export type JudgeRunnersData = Static<typeof JudgeRunnersData>;

/** Submissions of one problem not yet judged: waiting in the queue, and being judged (compiling or running). */
export const ProblemQueueEntry = Type.Object({ pid: Type.Integer(), waiting: Type.Integer(), judging: Type.Integer() });
export type ProblemQueueEntry = Static<typeof ProblemQueueEntry>;

/** The `judge.queue` event on `judge-status`: every problem with something unjudged (the others have none). */
export const JudgeQueueData = Type.Object({ problems: Type.Array(ProblemQueueEntry) });
export type JudgeQueueData = Static<typeof JudgeQueueData>;
