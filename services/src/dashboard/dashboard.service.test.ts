import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, topics, type DashboardLiveEvent, type PushMessage } from '@oj/proto';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { RunnerRegistry } from '../judge/runner-registry';
import { addContest, addProblem, addSubmission, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { DashboardPublisher } from './dashboard-publisher';
import { createDashboardService, type DashboardService } from './dashboard.service';
import { dayAndWeekStart } from './time-zone';

const MIN = 60_000;

describe('the admin dashboard', () => {
  let t: TestDb;
  let dashboard: DashboardService;
  let ctx: ReturnType<typeof serviceContext>;
  const registry = new RunnerRegistry(30_000);

  beforeAll(async () => {
    t = await startTestDb();
    ctx = serviceContext(t.db);
    dashboard = createDashboardService(ctx, registry);
  });
  afterAll(() => t.stop());

  it('counts today’s and this week’s submissions and users in the asked time zone, and lists running and upcoming contests', async () => {
    const admin = await addUser(t.db, ['admin']);
    const before = await dashboard.info(admin, 'Asia/Shanghai');
    const now = Date.now();
    const { today, week } = dayAndWeekStart('Asia/Shanghai', now);
    const p = await addProblem(t.db);
    const times = [now - 1000, now - 2000, today - MIN, week + 1, week - MIN, week - 30 * 86_400_000];
    for (const at of times) await addSubmission(t.db, admin.uid, p.id, { submitTime: new Date(at) });
    const old = await addUser(t.db);
    await t.db.update(users).set({ gmtCreate: new Date(week - MIN) }).where(eq(users.uuid, old.uid));
    await addUser(t.db);
    const running = await addContest(t.db, admin.uid, now - 60 * MIN, 7200, { title: 'running' });
    const soon = await addContest(t.db, admin.uid, now + 60 * MIN, 3600, { title: 'soon', visible: false });
    const far = await addContest(t.db, admin.uid, now + 30 * 86_400_000, 3600, { title: 'far' });
    await addContest(t.db, admin.uid, now - 600 * MIN, 3600, { title: 'ended' });

    const info = await dashboard.info(admin, 'Asia/Shanghai');
    expect(info.todayJudgeNum).toBe(times.filter((x) => x >= today).length);
    expect(info.todayJudgeNum).toBeGreaterThanOrEqual(2);
    expect(info.weekJudgeNum).toBe(times.filter((x) => x >= week).length);
    expect(info.userNum).toBe(before.userNum + 2);
    expect(info.newUserWeekNum).toBe(before.newUserWeekNum + 1);
    expect(info.running.map((c) => c.id)).toEqual([running.id]);
    expect(info.upcoming.map((c) => c.id)).toEqual([soon.id, far.id]);
    expect(info.recentContestNum).toBe(2); // running + starting within 14 days
    expect(info).toMatchObject({ tz: 'Asia/Shanghai', todayStart: new Date(today).toISOString(), weekStart: new Date(week).toISOString() });
  });

  it('refuses users who are not root or admin (problem admins reach the problem bank only), and a time zone that does not exist', async () => {
    const user = await addUser(t.db);
    expect(await refusal(dashboard.info(user))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(dashboard.live(user))).toBe('AUTH_FORBIDDEN');
    const pa = await addUser(t.db, ['problem_admin']);
    expect(await refusal(dashboard.info(pa))).toBe('AUTH_FORBIDDEN');
    const admin = await addUser(t.db, ['admin']);
    expect(await refusal(dashboard.info(admin, 'Mars/Olympus'))).toBe('VALIDATION_FAILED');
    expect(await refusal(dashboard.info(admin))).toBe('ok');
  });

  it('pushes runner diffs, lane counts and new verdicts as one throttled event that applies on top of the snapshot', async () => {
    const admin = await addUser(t.db, ['root']);
    const pushed: PushMessage[] = [];
    await ctx.transport.subscribePush((m) => void (m.topic === topics.adminDashboard() && pushed.push(m)));
    const publisher = new DashboardPublisher(ctx, registry);
    await publisher.flush(); // the state so far: the lanes
    const snap = await dashboard.live(admin);
    expect(snap.runners).toEqual([]);

    registry.record({ runnerId: 'r1', version: '1', languages: ['C'], slots: 2, freeSlots: 1, at: 1, jobs: [{ submitId: 9, problemId: 'P', startedAt: 1 }] });
    const p = await addProblem(t.db);
    const pending = await addSubmission(t.db, admin.uid, p.id, { lane: 'contest' });
    const judged = await addSubmission(t.db, admin.uid, p.id, { status: JudgeStatus.WRONG_ANSWER, time: 12, memory: 345, judger: 'r1' });
    publisher.notePublished([{ topic: topics.submission(judged.submitId), seq: 1, event: 'submission.status', data: { submitId: judged.submitId, status: JudgeStatus.WRONG_ANSWER } }]);
    publisher.notePublished([{ topic: topics.submission(pending.submitId), seq: 1, event: 'submission.status', data: { submitId: pending.submitId, status: JudgeStatus.PENDING } }]);
    expect(await publisher.flush()).toBe(true);
    const ev = pushed.at(-1)!.data as DashboardLiveEvent;
    expect(pushed.at(-1)!.seq).toBeGreaterThan(snap.seq);
    expect(ev.runners).toMatchObject({ changed: [{ runnerId: 'r1', freeSlots: 1, jobs: [{ submitId: 9 }] }], seen: [], removed: [] });
    expect(ev.lanes?.find((l) => l.lane === 'contest')).toEqual({ lane: 'contest', waiting: 1, judging: 0 });
    expect(ev.verdicts).toEqual([expect.objectContaining({ submitId: judged.submitId, status: JudgeStatus.WRONG_ANSWER, time: 12, memory: 345, pid: p.id })]);
    // Nothing moved: nothing is pushed.
    expect(await publisher.flush()).toBe(false);

    const after = await dashboard.live(admin);
    expect(after.seq).toBe(pushed.at(-1)!.seq);
    expect(after.runners.map((r) => r.runnerId)).toEqual(['r1']);
    expect(after.verdicts[0]).toMatchObject({ submitId: judged.submitId });
  });

});
