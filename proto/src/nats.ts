// NATS subjects, streams, and the messages that cross them: judge jobs (services → runner), judge events
// (runner → services ingester, durable); push messages (services → every gateway) are in realtime/events.ts.
import { Type, type Static } from '@sinclair/typebox';
import { BuiltinCheckerSchema, FloatTolerance, SubtaskDependencies } from './checkers';
import { JUDGE_CASE_MODES, JUDGE_MODES } from './judge-status';
import { CHECKER_PROTOCOLS } from './problem-admin';

export const LANES = ['contest', 'practice', 'rejudge', 'test'] as const;
export type Lane = (typeof LANES)[number];

export const STREAMS = {
  jobs: 'JUDGE_JOBS',
  results: 'JUDGE_RESULTS',
} as const;

/** The durable pull consumer of one lane on `JUDGE_JOBS`, shared by every runner (the metrics read its info too). */
export const laneConsumerName = (lane: Lane) => `runner-${lane}`;

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
  /** Core NATS: a process that just started asks every runner for a heartbeat now (instead of at its next beat). */
  runnerHello: 'oj.runner.hello',
  /** Core NATS, queue group `services`: results of online-test jobs (TestJudgeRunnerResult). */
  testResult: 'oj.judge.test-result',
} as const;

export const JudgeCaseInput = Type.Object({
  caseId: Type.Integer(),
  /** 1-based judging order. */
  index: Type.Integer({ minimum: 1 }),
  input: Type.String(),
  output: Type.String(),
  score: Type.Integer({ minimum: 0 }),
  groupNum: Type.Union([Type.Integer(), Type.Null()]),
  /** With `problem.testdata`: the case's input and answer file in that version (`input`/`output` are then empty). */
  inputName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  outputName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});
export type JudgeCaseInput = Static<typeof JudgeCaseInput>;

export const JudgeJob = Type.Object({
  submitId: Type.Integer({ minimum: 1 }),
  /** Judge attempt of the submission; bumped on rejudge. Events of an older version are ignored. */
  version: Type.Integer({ minimum: 1 }),
  /** How often the stall watchdog had re-sent this version when this job was sent (0: the first send). */
  requeue: Type.Optional(Type.Integer({ minimum: 0 })),
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
    /** Uploaded test data: the cases' files are in the object store under this version (sha256 of the pack). */
    testdata: Type.Optional(Type.Object({ version: Type.String({ pattern: '^[0-9a-f]{64}$' }) })),
    /** The problem's total score (OI): the submission's score is capped at it; full marks in the default case mode. */
    ioScore: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Checker (`spj`) or interactor (`interactive`): C / C++ (any C-family name) or JavaScript (isolated-vm, spj only). */
    spjLanguage: Type.Optional(Type.String({ maxLength: 64 })),
    spjCode: Type.Optional(Type.String()),
    /** File name → content: given to the user's program (in /w, at compile and run time). */
    userExtraFile: Type.Optional(Type.Record(Type.String(), Type.String())),
    /** File name → content: given to the checker / interactor only (compile and run). */
    judgeExtraFile: Type.Optional(Type.Record(Type.String(), Type.String())),
    /** File IO: the program reads /w/<ioReadFileName> and writes /w/<ioWriteFileName> instead of stdin/stdout. */
    isFileIO: Type.Optional(Type.Boolean()),
    ioReadFileName: Type.Optional(Type.String({ maxLength: 255 })),
    ioWriteFileName: Type.Optional(Type.String({ maxLength: 255 })),
    /**
     * The ICPC problem package's `validator_flags` (problem.yaml), space separated. With judgeMode `default`, set
     * (even to ''): the ICPC default output validator judges with these flags (`case_sensitive`,
     * `space_change_sensitive`, `float_tolerance ε`, `float_absolute_tolerance ε`, `float_relative_tolerance ε`)
     * instead of the built-in comparison; absent: the built-in comparison (`isRemoveEndBlank`). With checkerProtocol
     * `kattis`: extra arguments of the custom validator.
     */
    validatorFlags: Type.Optional(Type.String({ maxLength: 500 })),
    /**
     * How the `spj` checker / `interactive` interactor talks: `testlib` (default: exit 0 AC, 1 WA, 2 PE, 7 points)
     * or `kattis` (ICPC output validator: `validator <input> <answer> <feedback_dir> [flags]`, exit 42 AC, 43 WA).
     */
    checkerProtocol: Type.Optional(Type.Union(CHECKER_PROTOCOLS.map((m) => Type.Literal(m)))),
    /**
     * Judge mode `default` without `validatorFlags`: the built-in checker (absent or `default`: HOJ's comparison with
     * `isRemoveEndBlank`). `float` compares numbers within either tolerance (absent: not used; both absent: 1e-6 each).
     */
    checker: Type.Optional(BuiltinCheckerSchema),
    floatAbsoluteTolerance: Type.Optional(FloatTolerance),
    floatRelativeTolerance: Type.Optional(FloatTolerance),
    /** OI subtask modes: a subtask whose dependencies are not all passed is skipped (its cases Skipped, score 0). */
    subtaskDependencies: Type.Optional(SubtaskDependencies),
  }),
  enqueuedAt: Type.Integer(),
  /**
   * Set on an online-test job (lane `test`): one case with the user's input, answered with a
   * TestJudgeRunnerResult under `key` instead of judge events. `hasExpected`: compare with the case output.
   */
  testJudge: Type.Optional(Type.Object({ key: Type.String({ minLength: 1, maxLength: 128 }), hasExpected: Type.Boolean() })),
  /**
   * With `testJudge`: only build the problem's checker or interactor (admin "Compile" of the problem form) and
   * answer Accepted, or Compile Error with the compiler's message; no program runs.
   */
  compileCheck: Type.Optional(Type.Boolean()),
  /**
   * How much live progress the runner publishes: every case (the default), or only the status changes and the
   * final verdict, whose case list is complete anyway. Rejudges use 'verdict', so thousands of case events do
   * not queue in the ingester ahead of contest and practice verdicts.
   */
  progress: Type.Optional(Type.Union([Type.Literal('cases'), Type.Literal('verdict')])),
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

/**
 * The delivery of a job an event comes from: the job's `requeue` and JetStream's delivery count of that message.
 * Attempts are ordered (requeue first, then delivery); the ingester keeps only the newest attempt it has seen of a
 * version, so a runner that lost its job (paused past the ack wait) cannot overwrite the runner that took it over.
 */
export const JudgeAttempt = Type.Object({
  requeue: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  delivery: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type JudgeAttempt = Static<typeof JudgeAttempt>;

/** Negative when `a` is older than `b`, 0 when the same attempt, positive when newer. */
export function compareAttempts(a: JudgeAttempt, b: JudgeAttempt): number {
  return a.requeue - b.requeue || a.delivery - b.delivery;
}

const EventHead = {
  submitId: Type.Integer({ minimum: 1 }),
  version: Type.Integer({ minimum: 1 }),
  judger: Type.String(),
  /** Absent from runners older than fencing: such an event counts as the oldest attempt ({0, 0}). */
  attempt: Type.Optional(JudgeAttempt),
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


/** A job a runner is working on, as its heartbeat reports it. */
export const RunnerJob = Type.Object({
  submitId: Type.Integer(),
  /** The problem's display id (`problemId` of the job). */
  problemId: Type.String({ maxLength: 255 }),
  /** When the runner took it (the runner's clock, epoch ms). */
  startedAt: Type.Integer(),
  /** An online test rather than a submission (its submitId is not a submission's). */
  test: Type.Optional(Type.Boolean()),
});
export type RunnerJob = Static<typeof RunnerJob>;

/** The sandbox drivers a runner may use (judge-runner/src/sandbox). */
export const SandboxDriverName = Type.Union([Type.Literal('bwrap'), Type.Literal('nsjail')]);
export type SandboxDriverName = Static<typeof SandboxDriverName>;

export const RunnerHeartbeat = Type.Object({
  runnerId: Type.String(),
  version: Type.String(),
  languages: Type.Array(Type.String()),
  slots: Type.Integer(),
  freeSlots: Type.Integer(),
  /** Its sandbox driver (absent from runners older than this field). */
  sandbox: Type.Optional(SandboxDriverName),
  at: Type.Integer(),
  /** The jobs in its slots (absent from runners older than this field). */
  jobs: Type.Optional(Type.Array(RunnerJob, { maxItems: 64 })),
  /** Sent once by a runner that stops cleanly: forget it now instead of after the timeout. */
  leaving: Type.Optional(Type.Boolean()),
});
export type RunnerHeartbeat = Static<typeof RunnerHeartbeat>;
