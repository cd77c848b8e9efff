// The online test: the user's code run once on their own input (≤ 1000 characters) on the
// lowest lane. The result is pushed on `test-judge:<key>` and kept 10 minutes; read over REST it is
// answered once (the row is deleted), as the original product does with its Redis key.
import { randomUUID } from 'node:crypto';
import {
  JudgeStatus,
  OjError,
  ProblemType,
  TEST_INPUT_MAX,
  TEST_JOB_SUBMIT_ID,
  TEST_JUDGE_TTL_S,
  type JudgeJob,
  type Stoppable,
  type TestJudgeBody,
  type TestJudgeResult,
  type TestJudgeRunnerResult,
  topics,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../db/client';
import { loadProblemPart } from '../judge/outbox-relay';
import type { RunnerRegistry } from '../judge/runner-registry';
import { taskOfSubmit, taskProblem } from '../education/task-submit';
import { findVisibleProblem } from '../problem/problem.service';
import { groupProblemForTest } from '../group/group-submit';
import { appendPush, publishAll } from '../push/push.service';
import { deleteTestRun, insertTestRun, lockTestRun, ownTestRun, pruneExpiredTestRuns, storeTestResult, testRunOwner } from './test-judge.repo';
import { problemHasLanguage } from './submission.repo';
import { validateCode } from './validation';

export interface TestJudgeService {
  /** Queues the test and answers its key `TEST_JUDGE_<uuid>`. */
  submit(body: TestJudgeBody, viewer: Viewer): Promise<string>;
  /** `{status: 5}` while running; the full result once (then the key is gone). */
  result(key: string, viewer: Viewer): Promise<TestJudgeResult>;
  /** Whether `viewer` may watch `test-judge:<key>` (the key's owner only). */
  canWatch(key: string, viewer: Viewer | null): Promise<boolean>;
}

interface StoredResult extends TestJudgeResult {
  status: number;
}

export async function pruneTestJudges(db: DbOrTx): Promise<void> {
  await pruneExpiredTestRuns(db);
}

export class TestJudgeWorker {
  private sub: Stoppable | null = null;
  constructor(private readonly ctx: ServiceContext) {}

  async start(): Promise<void> {
    if (this.sub || !this.ctx.transport.consumeTestResults) return;
    this.sub = await this.ctx.transport.consumeTestResults((r) => this.handle(r));
  }

  async stop(): Promise<void> {
    await this.sub?.stop();
    this.sub = null;
  }

  /** Stores a runner's answer (first one wins) and pushes it to the key's owner. */
  async handle(r: TestJudgeRunnerResult): Promise<void> {
    const { db, transport, logger } = this.ctx;
    const pushes = await db.transaction(async (tx) => {
      const row = await lockTestRun(tx, r.key);
      if (!row || row.status !== JudgeStatus.PENDING) return [];
      const base = (row.result ?? {}) as StoredResult;
      const result: StoredResult = {
        ...base,
        status: r.status,
        time: r.time,
        memory: r.memory,
        userOutput: r.userOutput.replaceAll('\0', ''),
        stderr: r.stderr.replaceAll('\0', ''),
      };
      await storeTestResult(tx, r.key, r.status, result);
      return [await appendPush(tx, topics.testJudge(r.key), 'test-judge.result', { ...result })];
    });
    await publishAll(transport, pushes, logger);
  }
}

export function createTestJudgeService(ctx: ServiceContext, runners?: RunnerRegistry): TestJudgeService {
  const { db, transport } = ctx;
  return {
    async submit(body, viewer) {
      if (!viewer.permissions.includes('submit')) throw new OjError('AUTH_NO_SUBMIT');
      if (body.userInput.length > TEST_INPUT_MAX) throw new OjError('TEST_INPUT_TOO_LONG', { max: TEST_INPUT_MAX });
      // Inside a homework or an exam: the task's problem (a group's test naming one is refused, as a submit is).
      const named = taskOfSubmit({ homeworkId: body.homeworkId, examId: body.examId, gid: body.type === 'group' ? 1 : null });
      const problem = named
        ? (await taskProblem(db, named, String(body.pid), viewer, 'read')).problem
        : body.type === 'group'
          ? await groupProblemForTest(db, String(body.pid), viewer)
          : await findVisibleProblem(db, String(body.pid), viewer);
      if (!problem) throw new OjError('PROBLEM_NOT_FOUND');
      if (!(await problemHasLanguage(db, problem.id, body.language)) || runners?.availableLanguages()?.has(body.language) === false) throw new OjError('LANGUAGE_UNAVAILABLE', { language: body.language });
      validateCode(body.code, body.language);
      if (!transport.consumeTestResults) throw new OjError('TEST_JUDGE_UNAVAILABLE');
      const part = await db.transaction((tx) => loadProblemPart(tx, problem.id));
      if (!part) throw new OjError('PROBLEM_NOT_FOUND');

      const key = `TEST_JUDGE_${randomUUID().replaceAll('-', '')}`;
      const expected = body.expectedOutput ?? null;
      const hasExpected = expected !== null && expected.trim() !== '';
      const pending: StoredResult = { status: JudgeStatus.PENDING, userInput: body.userInput, expectedOutput: expected, problemJudgeMode: part.judgeMode };
      await insertTestRun(db, {
        key,
        uid: viewer.uid,
        pid: problem.id,
        status: JudgeStatus.PENDING,
        result: pending,
        expiresAt: new Date(Date.now() + TEST_JUDGE_TTL_S * 1000),
      });
      const job: JudgeJob = {
        submitId: TEST_JOB_SUBMIT_ID,
        version: 1,
        lane: 'test',
        language: body.language,
        code: body.code,
        // One case, run like an ACM problem: the default checker compares with the expected output when given.
        problem: {
          ...part,
          type: ProblemType.ACM,
          judgeMode: 'default',
          judgeCaseMode: 'default',
          caseVersion: `test-${key}`,
          cases: [{ caseId: 0, index: 1, input: body.userInput, output: hasExpected ? expected : '', score: 0, groupNum: null }],
        },
        enqueuedAt: Date.now(),
        testJudge: { key, hasExpected },
      };
      try {
        await transport.enqueueJob('test', job);
      } catch (err) {
        await deleteTestRun(db, key);
        ctx.logger.error({ err }, 'test job enqueue failed');
        throw new OjError('TEST_JUDGE_UNAVAILABLE');
      }
      return key;
    },

    async result(key, viewer) {
      const row = await ownTestRun(db, key, viewer.uid);
      if (!row) throw new OjError('TEST_JUDGE_NOT_FOUND');
      if (row.status === JudgeStatus.PENDING) return { status: JudgeStatus.PENDING };
      // Read once: a second read answers "does not exist", as the original product does.
      if (!(await deleteTestRun(db, key))) throw new OjError('TEST_JUDGE_NOT_FOUND');
      return row.result as StoredResult;
    },

    async canWatch(key, viewer) {
      if (!viewer) return false;
      return (await testRunOwner(db, key)) === viewer.uid;
    },
  };
}
