// The ingester's fence (docs/judge.md, "Fencing"): of one judge version, only the newest delivery's events are kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JudgeStatus, type CaseResult, type JudgeAttempt, type JudgeEvent } from '@oj/proto';
import { judge, judgeCase } from '../db/schema';
import { addProblem, addSubmission, addUser, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { JudgeIngester } from './ingester';
import { requeueOne } from './judge-admin.repo';
import { OutboxRelay } from './outbox-relay';

describe('the ingester keeps only the current delivery of a judge version', () => {
  let t: TestDb;
  let ingester: JudgeIngester;
  beforeAll(async () => {
    t = await startTestDb();
    const ctx = serviceContext(t.db, { judgeStallS: 60, judgeMaxRequeues: 1 });
    ingester = new JudgeIngester(ctx, new OutboxRelay(ctx));
  });
  afterAll(() => t.stop());

  const aCase = (caseId: number, status: number, time = 3): CaseResult => ({ caseId, index: caseId, status, time, memory: 100, score: 0, groupNum: null, userOutput: 'out' });
  const head = (s: { submitId: number; version: number }, judger: string, attempt: JudgeAttempt) => ({ submitId: s.submitId, version: s.version, judger, attempt });
  const final = (s: { submitId: number; version: number }, judger: string, attempt: JudgeAttempt, status: number, cases: CaseResult[]): JudgeEvent => ({
    kind: 'final',
    ...head(s, judger, attempt),
    status,
    score: null,
    time: 5,
    memory: 100,
    errorMessage: null,
    cases,
  });
  const row = async (submitId: number) => (await t.db.select().from(judge).where(eq(judge.submitId, submitId)))[0]!;
  const cases = async (submitId: number) =>
    (await t.db.select({ caseId: judgeCase.caseId, status: judgeCase.status, time: judgeCase.time }).from(judgeCase).where(eq(judgeCase.submitId, submitId))).sort((a, b) => a.caseId - b.caseId);

  it('a paused runner (delivery 1) resuming after delivery 2 took over cannot store its cases or its verdict', async () => {
    const u = await addUser(t.db);
    const s = await addSubmission(t.db, u.uid, (await addProblem(t.db)).id);
    const stale = { requeue: 0, delivery: 1 };
    const fresh = { requeue: 0, delivery: 2 };
    await ingester.handle({ kind: 'status', ...head(s, 'paused', stale), status: JudgeStatus.JUDGING, casesTotal: 2 });
    await ingester.handle({ kind: 'case', ...head(s, 'paused', stale), total: 2, case: aCase(1, JudgeStatus.ACCEPTED, 900) });
    // The redelivery starts: the older delivery's case is dropped, the submission starts afresh.
    await ingester.handle({ kind: 'status', ...head(s, 'rescuer', fresh), status: JudgeStatus.COMPILING, casesTotal: 2 });
    expect(await row(s.submitId)).toMatchObject({ status: JudgeStatus.COMPILING, casesDone: 0, attemptDelivery: 2, judger: 'rescuer' });
    expect(await cases(s.submitId)).toEqual([]);
    await ingester.handle({ kind: 'case', ...head(s, 'rescuer', fresh), total: 2, case: aCase(1, JudgeStatus.ACCEPTED, 7) });
    // The paused runner resumes: its wall clock ran on while it was stopped, so it says Time Limit Exceeded.
    await ingester.handle({ kind: 'case', ...head(s, 'paused', stale), total: 2, case: aCase(2, JudgeStatus.TIME_LIMIT_EXCEEDED, 9000) });
    await ingester.handle(final(s, 'paused', stale, JudgeStatus.TIME_LIMIT_EXCEEDED, [aCase(1, JudgeStatus.ACCEPTED, 900), aCase(2, JudgeStatus.TIME_LIMIT_EXCEEDED, 9000)]));
    expect(await row(s.submitId)).toMatchObject({ status: JudgeStatus.JUDGING, casesDone: 1, judger: 'rescuer' });
    expect(await cases(s.submitId)).toEqual([{ caseId: 1, status: JudgeStatus.ACCEPTED, time: 7 }]);
    await ingester.handle(final(s, 'rescuer', fresh, JudgeStatus.ACCEPTED, [aCase(1, JudgeStatus.ACCEPTED, 7), aCase(2, JudgeStatus.ACCEPTED, 8)]));
    expect(await row(s.submitId)).toMatchObject({ status: JudgeStatus.ACCEPTED, judger: 'rescuer', casesDone: 2 });
    expect(await cases(s.submitId)).toEqual([
      { caseId: 1, status: JudgeStatus.ACCEPTED, time: 7 },
      { caseId: 2, status: JudgeStatus.ACCEPTED, time: 8 },
    ]);
  });

  it('orders a watchdog re-send (requeue) above every delivery of the send before it', async () => {
    const u = await addUser(t.db);
    const s = await addSubmission(t.db, u.uid, (await addProblem(t.db)).id);
    await ingester.handle({ kind: 'status', ...head(s, 'resent', { requeue: 1, delivery: 1 }), status: JudgeStatus.JUDGING, casesTotal: 1 });
    await ingester.handle(final(s, 'old-send', { requeue: 0, delivery: 3 }, JudgeStatus.WRONG_ANSWER, [aCase(1, JudgeStatus.WRONG_ANSWER)]));
    expect((await row(s.submitId)).status).toBe(JudgeStatus.JUDGING);
    await ingester.handle(final(s, 'resent', { requeue: 1, delivery: 1 }, JudgeStatus.ACCEPTED, [aCase(1, JudgeStatus.ACCEPTED)]));
    expect(await row(s.submitId)).toMatchObject({ status: JudgeStatus.ACCEPTED, judger: 'resent' });
  });

  it('the first delivery heard of is current even if it is not the first; a rejudge starts the fence again', async () => {
    const u = await addUser(t.db);
    const s = await addSubmission(t.db, u.uid, (await addProblem(t.db)).id);
    await ingester.handle(final(s, 'second', { requeue: 0, delivery: 2 }, JudgeStatus.ACCEPTED, [aCase(1, JudgeStatus.ACCEPTED)]));
    expect(await row(s.submitId)).toMatchObject({ status: JudgeStatus.ACCEPTED, attemptDelivery: 2 });
    const re = await t.db.transaction((tx) => requeueOne(tx, s.submitId, 'rejudge'));
    expect(re).toMatchObject({ version: 2, attemptRequeue: 0, attemptDelivery: 0 });
    await ingester.handle(final(re, 'rejudger', { requeue: 0, delivery: 1 }, JudgeStatus.WRONG_ANSWER, [aCase(1, JudgeStatus.WRONG_ANSWER)]));
    expect(await row(s.submitId)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, version: 2, judger: 'rejudger' });
  });

  it('an event without an attempt (a runner older than fencing) counts as the oldest', async () => {
    const u = await addUser(t.db);
    const s = await addSubmission(t.db, u.uid, (await addProblem(t.db)).id);
    await ingester.handle({ kind: 'status', ...head(s, 'new', { requeue: 0, delivery: 1 }), status: JudgeStatus.JUDGING, casesTotal: 1 });
    await ingester.handle({ kind: 'final', submitId: s.submitId, version: s.version, judger: 'legacy', status: JudgeStatus.WRONG_ANSWER, score: null, time: 1, memory: 1, errorMessage: null, cases: [] });
    expect((await row(s.submitId)).status).toBe(JudgeStatus.JUDGING);
  });
});
