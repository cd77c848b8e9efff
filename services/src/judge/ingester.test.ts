import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { JudgeStatus, ProblemType, type CaseResult, type JudgeEvent, type JudgeJob, type PushMessage } from '@oj/proto';
import { judge, judgeCase, outbox, problems } from '../db/schema';
import { addProblem, addSubmission, addUser, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { EVENT_TEXT_MAX, isFinalVerdict, isPermanentDbError, JudgeIngester, sanitizeEvent, WATCHDOG_JUDGER } from './ingester';
import { requeueOne } from './judge-admin.repo';
import { OutboxRelay } from './outbox-relay';

describe('sanitizeEvent', () => {
  it('strips NUL characters, bounds text and clamps integers to the integer columns', () => {
    const ev: JudgeEvent = {
      kind: 'final',
      submitId: 1,
      version: 1,
      judger: 'r\0',
      status: JudgeStatus.WRONG_ANSWER,
      score: 3e9,
      time: -3e9,
      memory: null,
      errorMessage: `a\0${'x'.repeat(EVENT_TEXT_MAX.errorMessage)}`,
      cases: [{ caseId: 1, index: 1, status: -1, time: 5e9, memory: 1, score: 0, groupNum: null, userOutput: '\0'.repeat(10) + 'y'.repeat(5000), message: 'm\0' }],
    };
    const out = sanitizeEvent(ev);
    expect(out).toMatchObject({ judger: 'r', score: 2_147_483_647, time: -2_147_483_647, memory: null });
    if (out.kind !== 'final') throw new Error('kind changed');
    expect(out.errorMessage).toHaveLength(EVENT_TEXT_MAX.errorMessage);
    expect(out.errorMessage!.startsWith('ax')).toBe(true);
    expect(out.cases[0]).toMatchObject({ time: 2_147_483_647, message: 'm' });
    expect(out.cases[0]!.userOutput).toBe('y'.repeat(EVENT_TEXT_MAX.userOutput));
  });
});

describe('isFinalVerdict', () => {
  it('accepts verdicts only', () => {
    for (const s of [-4, -3, -2, -1, 0, 1, 2, 3, 4, 8, 10]) expect(isFinalVerdict(s)).toBe(true);
    for (const s of [-10, -5, 5, 6, 7, 9, 15, 42]) expect(isFinalVerdict(s)).toBe(false);
  });
});

describe('isPermanentDbError', () => {
  const pgError = (code: string) => Object.assign(new Error('pg'), { code });
  it('tells data errors (also wrapped as a cause) from transient ones', () => {
    expect(isPermanentDbError(pgError('22021'))).toBe(true); // invalid byte sequence (NUL)
    expect(isPermanentDbError(pgError('22003'))).toBe(true); // numeric value out of range
    expect(isPermanentDbError(new Error('query failed', { cause: pgError('23503') }))).toBe(true);
    expect(isPermanentDbError(pgError('40P01'))).toBe(false); // deadlock: retry
    expect(isPermanentDbError(pgError('ECONNREFUSED'))).toBe(false);
    expect(isPermanentDbError(new Error('x'))).toBe(false);
  });
});

describe('the judge-event ingester', () => {
  let t: TestDb;
  let ingester: JudgeIngester;
  let ctx: ReturnType<typeof serviceContext>;
  const pushed: PushMessage[] = [];
  beforeAll(async () => {
    t = await startTestDb();
    ctx = serviceContext(t.db, { judgeStallS: 60, judgeMaxRequeues: 1 });
    ingester = new JudgeIngester(ctx, new OutboxRelay(ctx));
    await ctx.transport.subscribePush((m) => pushed.push(m));
  });
  afterAll(() => t.stop());

  const head = (s: { submitId: number; version: number }) => ({ submitId: s.submitId, version: s.version, judger: 'r1' });
  const aCase = (caseId: number, status: number, score = 0): CaseResult => ({ caseId, index: caseId, status, time: 3, memory: 100, score, groupNum: null, userOutput: 'out' });
  const row = async (submitId: number) => (await t.db.select().from(judge).where(eq(judge.submitId, submitId)))[0]!;
  const counters = async (pid: number) => (await t.db.select({ total: problems.total, ac: problems.ac, wa: problems.wa, pa: problems.pa }).from(problems).where(eq(problems.id, pid)))[0];
  const events = () => pushed.splice(0).map((m) => [m.topic.split(':')[0], m.event]);

  it('moves the status forward only and stores each case once, pushing each change', async () => {
    const u = await addUser(t.db);
    const s = await addSubmission(t.db, u.uid, (await addProblem(t.db)).id);
    pushed.length = 0;
    await ingester.handle({ kind: 'status', ...head(s), status: JudgeStatus.JUDGING, casesTotal: 2 });
    await ingester.handle({ kind: 'status', ...head(s), status: JudgeStatus.COMPILING, casesTotal: 2 });
    expect(await row(s.submitId)).toMatchObject({ status: JudgeStatus.JUDGING, casesTotal: 2, judger: 'r1' });
    expect(events()).toEqual([
      ['submission', 'submission.status'],
      ['user', 'submission.status'],
    ]);
    await ingester.handle({ kind: 'case', ...head(s), total: 2, case: aCase(1, JudgeStatus.ACCEPTED) });
    await ingester.handle({ kind: 'case', ...head(s), total: 2, case: aCase(1, JudgeStatus.ACCEPTED) });
    expect((await row(s.submitId)).casesDone).toBe(1);
    expect(await t.db.select({ caseId: judgeCase.caseId }).from(judgeCase).where(eq(judgeCase.submitId, s.submitId))).toEqual([{ caseId: 1 }]);
    expect(events()).toEqual([['submission', 'submission.case']]);
  });

  it('counts a final verdict once however often it arrives, scores OI problems, and ignores other attempts', async () => {
    const u = await addUser(t.db);
    const p = await addProblem(t.db, { type: ProblemType.OI, ioScore: 100, difficulty: 1 });
    const s = await addSubmission(t.db, u.uid, p.id, { status: JudgeStatus.JUDGING });
    const final = { kind: 'final' as const, ...head(s), status: JudgeStatus.PARTIAL_ACCEPTED, score: 50, time: 3, memory: 100, errorMessage: null, cases: [aCase(1, 0, 50), aCase(2, -1)] };
    await ingester.handle({ ...final, version: s.version + 1, status: JudgeStatus.ACCEPTED });
    expect((await row(s.submitId)).status).toBe(JudgeStatus.JUDGING);
    await ingester.handle({ ...final, status: JudgeStatus.PENDING });
    expect((await row(s.submitId)).status).toBe(JudgeStatus.JUDGING);

    await ingester.handle(final);
    await ingester.handle(final);
    expect(await row(s.submitId)).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, countedStatus: JudgeStatus.PARTIAL_ACCEPTED, score: 50, oiRankScore: 6, casesDone: 2 });
    expect(await counters(p.id)).toEqual({ total: 1, ac: 0, wa: 0, pa: 1 });
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(judgeCase).where(eq(judgeCase.submitId, s.submitId))).toEqual([{ n: 2 }]);

    // A rejudge's verdict moves the submission from the column it was counted in to the new one.
    const again = await t.db.transaction((tx) => requeueOne(tx, s.submitId, 'rejudge'));
    await ingester.handle({ ...final, version: again.version, status: JudgeStatus.WRONG_ANSWER, score: 0 });
    expect(await counters(p.id)).toEqual({ total: 1, ac: 0, wa: 1, pa: 0 });
  });

  it('applies a batch of one submission\'s events (one transaction) exactly as one by one, redeliveries included', async () => {
    const u = await addUser(t.db);
    const p = await addProblem(t.db, { type: ProblemType.OI, ioScore: 100, difficulty: 1 });
    const one = await addSubmission(t.db, u.uid, p.id);
    const batched = await addSubmission(t.db, u.uid, p.id);
    const burst = (s: { submitId: number; version: number }): JudgeEvent[] => [
      { kind: 'status', ...head(s), status: JudgeStatus.COMPILING, casesTotal: 2 },
      { kind: 'status', ...head(s), status: JudgeStatus.JUDGING, casesTotal: 2 },
      { kind: 'case', ...head(s), total: 2, case: aCase(1, JudgeStatus.ACCEPTED, 50) },
      { kind: 'case', ...head(s), total: 2, case: aCase(1, JudgeStatus.ACCEPTED, 50) },
      { kind: 'case', ...head(s), total: 2, case: aCase(2, JudgeStatus.WRONG_ANSWER) },
      { kind: 'final', ...head(s), status: JudgeStatus.PARTIAL_ACCEPTED, score: 50, time: 3, memory: 100, errorMessage: null, cases: [aCase(1, 0, 50), aCase(2, -1)] },
    ];
    const seen = () => pushed.splice(0).map((m) => [m.topic.replace(/\d+/g, 'N'), m.event, (m.data as { status?: number }).status]);
    pushed.length = 0;
    for (const ev of burst(one)) await ingester.handle(ev);
    const singly = seen();
    await ingester.handleBatch(burst(batched));
    await ingester.handleBatch(burst(batched)); // redelivered: changes nothing
    expect(seen()).toEqual(singly);
    const { submitId: _a, submitTime: _b, gmtCreate: _c, gmtModified: _d, progressAt: _e, ...a } = await row(one.submitId);
    const { submitId: _f, submitTime: _g, gmtCreate: _h, gmtModified: _i, progressAt: _j, ...b } = await row(batched.submitId);
    expect(b).toEqual(a);
    expect(b).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, casesDone: 2, score: 50 });
    expect(await counters(p.id)).toEqual({ total: 2, ac: 0, wa: 0, pa: 2 });
  });

  it('applies a batch event by event when one of them cannot be stored, dropping only that one', async () => {
    const u = await addUser(t.db);
    const s = await addSubmission(t.db, u.uid, (await addProblem(t.db)).id, { status: JudgeStatus.JUDGING });
    // A case time of 777 ms breaks a constraint: a permanent error, as a value PostgreSQL refuses would be.
    await t.db.execute(sql`alter table judge_case add constraint test_no_777 check (time <> 777)`);
    try {
      await ingester.handleBatch([
        { kind: 'case', ...head(s), total: 2, case: aCase(1, JudgeStatus.ACCEPTED) },
        { kind: 'case', ...head(s), total: 2, case: { ...aCase(2, JudgeStatus.ACCEPTED), time: 777 } },
      ]);
      expect(await t.db.select({ caseId: judgeCase.caseId }).from(judgeCase).where(eq(judgeCase.submitId, s.submitId))).toEqual([{ caseId: 1 }]);
      expect((await row(s.submitId)).casesDone).toBe(1);
    } finally {
      await t.db.execute(sql`alter table judge_case drop constraint test_no_777`);
    }
  });

  it('re-enqueues a stalled submission, then ends it as System Error counted once', async () => {
    const u = await addUser(t.db);
    const p = await addProblem(t.db);
    const s = await addSubmission(t.db, u.uid, p.id, { status: JudgeStatus.JUDGING });
    const stall = () => t.db.update(judge).set({ progressAt: sql`now() - interval '2 minutes'` }).where(eq(judge.submitId, s.submitId));
    await stall();
    expect(await ingester.sweepStalled()).toEqual([1, 0]);
    expect((await row(s.submitId)).requeues).toBe(1);
    // The job went out again (the relay sent the new outbox row at once).
    const jobs = await t.db.select({ sent: isNotNull(outbox.sentAt) }).from(outbox).where(eq(outbox.submitId, s.submitId));
    expect(jobs).toEqual([{ sent: true }]);
    await stall();
    expect(await ingester.sweepStalled()).toEqual([0, 1]);
    expect(await row(s.submitId)).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, judger: WATCHDOG_JUDGER });
    expect(await ingester.sweepStalled()).toEqual([0, 0]);
    const [se] = await t.db.select({ total: problems.total, se: problems.se }).from(problems).where(eq(problems.id, p.id));
    expect(se).toEqual({ total: 1, se: 1 });
  });

  it('watches a remote submission stuck in Submitting (9) too: its job goes to the remote lane again, then System Error', async () => {
    const jobs: JudgeJob[] = [];
    const consumer = await ctx.transport.remoteTransport().consumeJobs(async (d) => {
      jobs.push(d.job);
      await d.ack();
    }, { concurrency: 1 });
    const u = await addUser(t.db);
    const p = await addProblem(t.db, { problemId: 'CF-9Z', isRemote: true });
    const s = await addSubmission(t.db, u.uid, p.id, { status: JudgeStatus.SUBMITTING });
    const stall = (ago: string) => t.db.update(judge).set({ progressAt: sql`now() - ${ago}::interval` }).where(eq(judge.submitId, s.submitId));
    await stall('30 seconds'); // within the limit: left alone
    expect(await ingester.sweepStalled()).toEqual([0, 0]);
    await stall('2 minutes');
    expect(await ingester.sweepStalled()).toEqual([1, 0]);
    await expect.poll(() => jobs.map((j) => [j.submitId, j.remote?.oj, j.remote?.problemId])).toEqual([[s.submitId, 'CF', '9Z']]);
    await stall('2 minutes');
    expect(await ingester.sweepStalled()).toEqual([0, 1]);
    expect(await row(s.submitId)).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, judger: WATCHDOG_JUDGER });
    await consumer.stop();
  });
});
