import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import type { ServiceContext } from '../context';
import { addProblem, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { insertTestRun, pruneExpiredTestRuns } from './test-judge.repo';
import { createTestJudgeService, TestJudgeWorker, type TestJudgeService } from './test-judge.service';

describe('online test results', () => {
  let t: TestDb;
  let ctx: ServiceContext;
  let service: TestJudgeService;
  let n = 0;

  beforeAll(async () => {
    t = await startTestDb();
    ctx = serviceContext(t.db);
    service = createTestJudgeService(ctx);
  });
  afterAll(() => t.stop());

  /** A pending online test of `uid`, expiring in `ttlMs`. */
  async function pendingTest(uid: string, ttlMs = 60_000): Promise<string> {
    const key = `TEST_JUDGE_unit${++n}`;
    const p = await addProblem(t.db);
    const result = { status: JudgeStatus.PENDING, userInput: '1 2', expectedOutput: '3', problemJudgeMode: 'default' };
    await insertTestRun(t.db, { key, uid, pid: p.id, status: JudgeStatus.PENDING, result, expiresAt: new Date(Date.now() + ttlMs) });
    return key;
  }

  const runnerAnswer = (key: string, status: number, userOutput: string) => ({ key, judger: 'r1', status, time: 5, memory: 1024, userOutput, stderr: '' });

  it('answers Pending while running, then the result once to its owner only, keeping the first answer of the runners', async () => {
    const owner = await addUser(t.db);
    const other = await addUser(t.db);
    const key = await pendingTest(owner.uid);
    expect(await service.canWatch(key, owner)).toBe(true);
    expect(await service.canWatch(key, other)).toBe(false);
    expect(await service.canWatch(key, null)).toBe(false);
    expect(await service.result(key, owner)).toEqual({ status: JudgeStatus.PENDING });
    expect(await refusal(service.result(key, other))).toBe('TEST_JUDGE_NOT_FOUND');

    const worker = new TestJudgeWorker(ctx);
    await worker.handle(runnerAnswer(key, JudgeStatus.ACCEPTED, '3\0'));
    await worker.handle(runnerAnswer(key, JudgeStatus.WRONG_ANSWER, '4'));
    expect(await service.result(key, owner)).toEqual({
      status: JudgeStatus.ACCEPTED,
      userInput: '1 2',
      expectedOutput: '3',
      problemJudgeMode: 'default',
      time: 5,
      memory: 1024,
      userOutput: '3',
      stderr: '',
    });
    expect(await refusal(service.result(key, owner))).toBe('TEST_JUDGE_NOT_FOUND');
  });

  it('forgets expired tests: not readable, and pruned', async () => {
    const owner = await addUser(t.db);
    const expired = await pendingTest(owner.uid, -1000);
    const live = await pendingTest(owner.uid);
    expect(await refusal(service.result(expired, owner))).toBe('TEST_JUDGE_NOT_FOUND');
    expect(await service.canWatch(expired, owner)).toBe(true);
    await pruneExpiredTestRuns(t.db);
    expect(await service.canWatch(expired, owner)).toBe(false);
    expect(await service.canWatch(live, owner)).toBe(true);
  });
});
