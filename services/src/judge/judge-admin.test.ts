import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JudgeStatus, ProblemType, type PushMessage } from '@oj/proto';
import { makeViewer, type Viewer } from '../account/viewer';
import { judge, judgeCase, outbox, problems } from '../db/schema';
import { addProblem, addSubmission, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { counterDelta } from './counters';
import { createJudgeAdminService, manualScore, requireRejudger, type JudgeAdminService } from './judge-admin.service';
import { OutboxRelay } from './outbox-relay';
import { RunnerRegistry } from './runner-registry';
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
    const c = await t.db.transaction((tx) => markCancelled(tx, a.submitId, 'root', JudgeStatus.CANCELLED));
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

describe('judge administration', () => {
  let t: TestDb;
  let admin: JudgeAdminService;
  let ctx: ReturnType<typeof serviceContext>;
  let root: Viewer;
  const pushed: PushMessage[] = [];
  beforeAll(async () => {
    t = await startTestDb();
    ctx = serviceContext(t.db);
    admin = createJudgeAdminService(ctx, new OutboxRelay(ctx), new RunnerRegistry());
    root = await addUser(t.db, ['root']);
    await ctx.transport.subscribePush((m) => pushed.push(m));
  });
  afterAll(() => t.stop());

  const counters = async (pid: number) =>
    (await t.db.select({ total: problems.total, ac: problems.ac, wa: problems.wa, ce: problems.ce }).from(problems).where(eq(problems.id, pid)))[0];
  /** A judged submission already counted in its problem's counters. */
  async function judged(status: number) {
    const u = await addUser(t.db);
    const p = await addProblem(t.db);
    await t.db.transaction((tx) => addToCounters(tx, p.id, counterDelta(null, status)));
    const s = await addSubmission(t.db, u.uid, p.id, { status, countedStatus: status, score: 0 });
    return { u, p, s };
  }

  it('rejudges one submission: Pending on the rejudge lane, its status pushed, the job relayed, the counters left to the verdict', async () => {
    const { u, p, s } = await judged(JudgeStatus.ACCEPTED);
    expect(await refusal(admin.rejudge(s.submitId, await addUser(t.db, ['admin'])))).toBe('AUTH_FORBIDDEN');
    const jobsBefore = ctx.transport.jobCounts().pending;
    pushed.length = 0;
    const out = await admin.rejudge(s.submitId, root);
    expect(out).toMatchObject({ submitId: s.submitId, status: JudgeStatus.PENDING, version: s.version + 1 });
    expect(pushed.map((m) => [m.topic, m.event])).toEqual([
      [`submission:${s.submitId}`, 'submission.status'],
      [`user:${u.uid}`, 'submission.status'],
    ]);
    expect(ctx.transport.jobCounts().pending).toBe(jobsBefore + 1);
    expect(await counters(p.id)).toEqual({ total: 1, ac: 1, wa: 0, ce: 0 });
    expect(await refusal(admin.rejudge(2_147_483_647, root))).toBe('SUBMISSION_NOT_FOUND');
  });

  it('rejudges the practice submissions of a problem and refuses an unknown problem', async () => {
    const { u, p, s } = await judged(JudgeStatus.WRONG_ANSWER);
    await addSubmission(t.db, u.uid, p.id, { status: JudgeStatus.ACCEPTED, cid: 9 });
    expect(await admin.rejudgeProblem(p.id, root)).toEqual({ pid: p.id, count: 1 });
    const [row] = await t.db.select({ status: judge.status, lane: judge.lane }).from(judge).where(eq(judge.submitId, s.submitId));
    expect(row).toEqual({ status: JudgeStatus.PENDING, lane: 'rejudge' });
    expect(await refusal(admin.rejudgeProblem(2_147_483_647, root))).toBe('PROBLEM_NOT_FOUND');
  });

  it('cancels once, taking the submission out of its verdict counter', async () => {
    const { p, s } = await judged(JudgeStatus.ACCEPTED);
    const out = await admin.cancel(s.submitId, root);
    expect(out).toMatchObject({ status: JudgeStatus.CANCELLED, judger: root.username, isManual: true });
    expect(await counters(p.id)).toEqual({ total: 1, ac: 0, wa: 0, ce: 0 });
    expect(await refusal(admin.cancel(s.submitId, root))).toBe('JUDGE_ALREADY_CANCELLED');
    expect(await counters(p.id)).toEqual({ total: 1, ac: 0, wa: 0, ce: 0 });
  });

  it('sets a manual verdict: allowed statuses only, not over a compile error or a running judge, counters and OI score moved', async () => {
    const { p, s } = await judged(JudgeStatus.WRONG_ANSWER);
    await t.db.update(problems).set({ type: ProblemType.OI, ioScore: 100, difficulty: 1 }).where(eq(problems.id, p.id));
    expect(await refusal(admin.manualJudge({ submitId: s.submitId, status: JudgeStatus.PENDING }, root))).toBe('JUDGE_STATUS_NOT_ALLOWED');
    const out = await admin.manualJudge({ submitId: s.submitId, status: JudgeStatus.ACCEPTED, score: 150 }, root);
    expect(out).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100, oiRankScore: 12, isManual: true, judger: root.username });
    expect(await counters(p.id)).toEqual({ total: 1, ac: 1, wa: 0, ce: 0 });

    const ce = await judged(JudgeStatus.COMPILE_ERROR);
    expect(await refusal(admin.manualJudge({ submitId: ce.s.submitId, status: JudgeStatus.ACCEPTED }, root))).toBe('JUDGE_COMPILE_ERROR_FIXED');
    expect(await counters(ce.p.id)).toEqual({ total: 1, ac: 0, wa: 0, ce: 1 });
    const running = await addSubmission(t.db, ce.u.uid, ce.p.id, { status: JudgeStatus.JUDGING });
    expect(await refusal(admin.manualJudge({ submitId: running.submitId, status: JudgeStatus.ACCEPTED }, root))).toBe('JUDGE_IN_PROGRESS');
  });

  it('lets only the submitter resubmit a submission whose submit failed, on its own lane', async () => {
    const { u, s } = await judged(JudgeStatus.SUBMITTED_FAILED);
    expect(await refusal(admin.resubmit(s.submitId, root))).toBe('AUTH_FORBIDDEN');
    const out = await admin.resubmit(s.submitId, u);
    expect(out).toMatchObject({ status: JudgeStatus.PENDING, version: s.version + 1 });
    const [row] = await t.db.select({ lane: judge.lane }).from(judge).where(eq(judge.submitId, s.submitId));
    expect(row?.lane).toBe('practice');
    expect(await refusal(admin.resubmit(s.submitId, u))).toBe('RESUBMIT_NOT_ALLOWED');
  });

  it('lists the live runners to admins only', async () => {
    expect(admin.runners(await addUser(t.db, ['admin']))).toEqual([]);
    expect(await refusal(Promise.resolve().then(() => admin.runners(makeViewer('x', 'x', ['default_user']))))).toBe('AUTH_FORBIDDEN');
  });
});
