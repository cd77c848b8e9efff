import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, ProblemType } from '@oj/proto';
import { makeViewer } from '../account/viewer';
import { judgeCase, outbox, problems } from '../db/schema';
import { addProblem, addSubmission, addUser } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { eq } from 'drizzle-orm';
import { counterDelta } from './counters';
import { manualScore, requireRejudger } from './judge-admin.service';
import { markCancelled, requeueOne, requeueProblem } from './judge-admin.repo';
import { addToCounters } from './judging.repo';

describe('judge administration rules', () => {
  it('lets only the super admin with the rejudge permission rejudge', () => {
    expect(() => requireRejudger(makeViewer('r', 'root', ['root']))).not.toThrow();
    for (const role of ['admin', 'problem_admin', 'default_user']) expect(() => requireRejudger(makeViewer('x', role, [role]))).toThrow();
  });

  it('scores a manual OI verdict clamped to the problem and keeps ACM scores as they were', () => {
    const oi = { type: ProblemType.OI, difficulty: 2, ioScore: 100 };
    expect(manualScore(oi, { score: 10, oiRankScore: 5 }, 150)).toEqual({ score: 100, oiRankScore: 14 });
    expect(manualScore(oi, { score: 10, oiRankScore: 5 }, -3)).toEqual({ score: 0, oiRankScore: 4 });
    expect(manualScore(oi, { score: 10, oiRankScore: 5 }, undefined)).toEqual({ score: 10, oiRankScore: 5 });
    expect(manualScore({ ...oi, type: ProblemType.ACM }, { score: null, oiRankScore: null }, 50)).toEqual({ score: null, oiRankScore: null });
  });
});

describe('judge repository', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
  });
  afterAll(() => t.stop());

  it('starts a new attempt: Pending, version + 1, the old cases gone, one outbox row on the lane', async () => {
    const u = await addUser(t.db);
    const p = await addProblem(t.db);
    const s = await addSubmission(t.db, u.uid, p.id, { status: JudgeStatus.WRONG_ANSWER, score: 0, time: 5 });
    await t.db.insert(judgeCase).values({ submitId: s.submitId, pid: p.id, uid: u.uid, caseId: 1, status: JudgeStatus.WRONG_ANSWER, seq: 1 });
    const row = await t.db.transaction((tx) => requeueOne(tx, s.submitId, 'rejudge'));
    expect(row).toMatchObject({ status: JudgeStatus.PENDING, version: s.version + 1, lane: 'rejudge', score: null, time: null });
    expect(await t.db.select().from(judgeCase).where(eq(judgeCase.submitId, s.submitId))).toEqual([]);
    expect(await t.db.select({ version: outbox.version, lane: outbox.lane }).from(outbox).where(eq(outbox.submitId, s.submitId))).toEqual([{ version: s.version + 1, lane: 'rejudge' }]);
  });

  it("requeues a problem's practice submissions only, and cancels with a new version", async () => {
    const u = await addUser(t.db);
    const p = await addProblem(t.db);
    const a = await addSubmission(t.db, u.uid, p.id, { status: JudgeStatus.ACCEPTED });
    await addSubmission(t.db, u.uid, p.id, { status: JudgeStatus.ACCEPTED, cid: 7 });
    const rows = await t.db.transaction((tx) => requeueProblem(tx, p.id, 'rejudge'));
    expect(rows.map((r) => r.submitId)).toEqual([a.submitId]);
    const c = await t.db.transaction((tx) => markCancelled(tx, a.submitId, 'root'));
    expect(c).toMatchObject({ status: JudgeStatus.CANCELLED, countedStatus: JudgeStatus.CANCELLED, version: a.version + 2, judger: 'root', isManual: true });
  });

  it('moves the problem counters by the delta between what a row was counted as and its new verdict', async () => {
    const p = await addProblem(t.db);
    await t.db.transaction((tx) => addToCounters(tx, p.id, counterDelta(null, JudgeStatus.ACCEPTED)));
    await t.db.transaction((tx) => addToCounters(tx, p.id, counterDelta(JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER)));
    const [row] = await t.db.select({ total: problems.total, ac: problems.ac, wa: problems.wa }).from(problems).where(eq(problems.id, p.id));
    expect(row).toEqual({ total: 1, ac: 0, wa: 1 });
  });
});
