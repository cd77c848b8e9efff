// NATS subjects, streams, and the messages that cross them: judge jobs (services → runner), judge events
// (runner → services ingester, durable), and push messages (services → every gateway).
import { Type, type Static } from '@sinclair/typebox';
import { JUDGE_CASE_MODES, JUDGE_MODES } from './judge-status';
import { PUSH_EVENT_NAMES } from './realtime';

export const LANES = ['contest', 'practice', 'rejudge', 'test'] as const;
export type Lane = (typeof LANES)[number];

export const STREAMS = {
  jobs: 'JUDGE_JOBS',
  results: 'JUDGE_RESULTS',
} as const;

export const SUBJECTS = {
  /** Work-queue stream `JUDGE_JOBS`: one subject per lane. */
  job: (lane: Lane) => `oj.judge.job.${lane}`,
  jobAll: 'oj.judge.job.>',
  /** Durable stream `JUDGE_RESULTS`: status, case and final events of a submission. */
  result: (submitId: number | string) => `oj.judge.result.${submitId}`,
  resultAll: 'oj.judge.result.>',
  /** Core NATS: push events for the gateways, one subject per topic. */
  push: (topic: string) => `oj.push.${topic}`,
  pushAll: 'oj.push.>',
  /** Core NATS: runner heartbeats (languages, free slots, version). */
  runnerHeartbeat: 'oj.runner.heartbeat',
} as const;

export const JudgeCaseInput = Type.Object({
  caseId: Type.Integer(),
  /** 1-based judging order. */
  index: Type.Integer({ minimum: 1 }),
  input: Type.String(),
  output: Type.String(),
  score: Type.Integer({ minimum: 0 }),
  groupNum: Type.Union([Type.Integer(), Type.Null()]),
});
export type JudgeCaseInput = Static<typeof JudgeCaseInput>;

export const JudgeJob = Type.Object({
  submitId: Type.Integer({ minimum: 1 }),
  /** Judge attempt of the submission; bumped on rejudge. Events of an older version are ignored. */
  version: Type.Integer({ minimum: 1 }),
  lane: Type.Union(LANES.map((l) => Type.Literal(l))),
  language: Type.String(),
  code: Type.String(),
  problem: Type.Object({
    pid: Type.Integer(),
    problemId: Type.String(),
    /** 0 ACM, 1 OI. */
    type: Type.Integer(),
    judgeMode: Type.Union(JUDGE_MODES.map((m) => Type.Literal(m))),
    judgeCaseMode: Type.Union(JUDGE_CASE_MODES.map((m) => Type.Literal(m))),
    /** Limits as configured (C/C++ values); the runner doubles them for other languages. */
    timeLimitMs: Type.Integer({ minimum: 1 }),
    memoryLimitMb: Type.Integer({ minimum: 1 }),
    stackLimitMb: Type.Integer({ minimum: 1 }),
    isRemoveEndBlank: Type.Boolean(),
    caseVersion: Type.String(),
    cases: Type.Array(JudgeCaseInput),
  }),
  enqueuedAt: Type.Integer(),
});
export type JudgeJob = Static<typeof JudgeJob>;

export const CaseResult = Type.Object({
  caseId: Type.Integer(),
  index: Type.Integer(),
  status: Type.Integer(),
  time: Type.Integer({ description: 'ms' }),
  memory: Type.Integer({ description: 'KB' }),
  score: Type.Integer(),
  groupNum: Type.Union([Type.Integer(), Type.Null()]),
  /** The first bytes of the program's output (at most 1 KiB), kept for the owner and admins. */
  userOutput: Type.String(),
  /** Why, for the owner: e.g. the signal of a runtime error. */
  message: Type.Optional(Type.String()),
});
export type CaseResult = Static<typeof CaseResult>;

const EventHead = {
  submitId: Type.Integer({ minimum: 1 }),
  version: Type.Integer({ minimum: 1 }),
  judger: Type.String(),
};

export const JudgeEvent = Type.Union([
  Type.Object({ kind: Type.Literal('status'), ...EventHead, status: Type.Union([Type.Literal(6), Type.Literal(7)]), casesTotal: Type.Integer() }),
  Type.Object({ kind: Type.Literal('case'), ...EventHead, total: Type.Integer(), case: CaseResult }),
  Type.Object({
    kind: Type.Literal('final'),
    ...EventHead,
    status: Type.Integer(),
    score: Type.Union([Type.Integer(), Type.Null()]),
    time: Type.Union([Type.Integer(), Type.Null()]),
    memory: Type.Union([Type.Integer(), Type.Null()]),
    errorMessage: Type.Union([Type.String(), Type.Null()]),
    cases: Type.Array(CaseResult),
  }),
]);
export type JudgeEvent = Static<typeof JudgeEvent>;

export const PushMessage = Type.Object({
  topic: Type.String(),
  seq: Type.Integer({ minimum: 1 }),
  event: Type.Union(PUSH_EVENT_NAMES.map((e) => Type.Literal(e))),
  data: Type.Unknown(),
});
export type PushMessage = Static<typeof PushMessage>;

export const RunnerHeartbeat = Type.Object({
  runnerId: Type.String(),
  version: Type.String(),
  languages: Type.Array(Type.String()),
  slots: Type.Integer(),
  freeSlots: Type.Integer(),
  at: Type.Integer(),
});
export type RunnerHeartbeat = Static<typeof RunnerHeartbeat>;
