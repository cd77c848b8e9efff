import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JudgeStatus, topics, type PushMessage, type TrainingBody } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { users } from '../db/schema';
import { addAccount, addProblem, addSubmission, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createTrainings, type Trainings } from './index';

describe('trainings, the users’ side', () => {
  let t: TestDb;
  let trainings: Trainings;
  const pushed: PushMessage[] = [];
  let root: Viewer;
  let author: Viewer;
  let categoryId: number;

  beforeAll(async () => {
    t = await startTestDb();
    const ctx = serviceContext(t.db);
    await ctx.transport.subscribePush((m) => pushed.push(m));
    trainings = createTrainings(ctx);
    root = await addUser(t.db, ['root']);
    author = await addUser(t.db, ['admin']);
    categoryId = (await trainings.addCategory({ name: 'Basics', color: '#409EFF' }, root)).id;
  });
  afterAll(() => t.stop());

  const form = (training: Partial<TrainingBody['training']> = {}): TrainingBody => ({
    training: { title: 'Greedy', description: '# Greedy\n\nPick well.', auth: 'Public', rank: 1000, ...training },
    trainingCategory: { id: categoryId },
  });

  /** A training by `author` holding `pids` (in that order). */
  async function training(pids: number[], extra: Partial<TrainingBody['training']> = {}): Promise<number> {
    const { tid } = await trainings.create(form(extra), author);
    for (const pid of pids) await trainings.addProblem({ tid, pid }, author);
    return tid;
  }

  it('lists visible trainings by rank with category and problem count; progress only for a signed-in caller', async () => {
    const [p1, p2] = [await addProblem(t.db), await addProblem(t.db)];
    const late = await training([p1.id], { title: 'list-late', rank: 20 });
    const early = await training([p1.id, p2.id], { title: 'list-early', rank: 10 });
    await training([], { title: 'list-hidden', rank: 1, status: false });
    const user = await addUser(t.db);
    await addSubmission(t.db, user.uid, p1.id, { status: JudgeStatus.ACCEPTED, time: 5 });
    await addSubmission(t.db, user.uid, p2.id, { status: JudgeStatus.WRONG_ANSWER });

    const anon = await trainings.list({ keyword: 'list-' }, null);
    expect(anon.records.map((r) => [r.id, r.problemCount, r.acCount, r.categoryName])).toEqual([
      [early, 2, null, 'Basics'],
      [late, 1, null, 'Basics'],
    ]);
    const mine = await trainings.list({ keyword: 'list-' }, user);
    expect(mine.records.map((r) => r.acCount)).toEqual([1, 1]);
    expect((await trainings.list({ keyword: 'list-', auth: 'Private' }, user)).total).toBe(0);
    expect((await trainings.list({ keyword: 'list-', categoryId: categoryId + 999 }, user)).total).toBe(0);
    expect((await trainings.list({ keyword: 'list-', categoryId }, user)).total).toBe(2);
  });

  it('hides a hidden training from everyone but its admins', async () => {
    const hidden = await training([], { status: false });
    const user = await addUser(t.db);
    expect(await refusal(trainings.detail(hidden, user))).toBe('TRAINING_NOT_FOUND');
    expect((await trainings.detail(hidden, author)).admin).toBe(true);
    expect((await trainings.detail(hidden, root)).admin).toBe(true);
    expect(await refusal(trainings.detail(999_999, user))).toBe('TRAINING_NOT_FOUND');
  });

  it('registers a user to a private training with its password only, which opens its problems and rank', async () => {
    const p = await addProblem(t.db);
    const tid = await training([p.id], { auth: 'Private', privatePwd: 'open sesame' });
    const user = await addUser(t.db);
    const before = await trainings.detail(tid, user);
    expect([before.access, before.admin, before.auth]).toEqual([false, false, 'Private']);
    expect(await refusal(trainings.problems(tid, user))).toBe('TRAINING_NOT_REGISTERED');
    expect(await refusal(trainings.rank({ tid }, user))).toBe('TRAINING_NOT_REGISTERED');
    expect(await trainings.canWatch(tid, user)).toBe(false);

    expect(await refusal(trainings.register({ tid, password: '  ' }, user))).toBe('TRAINING_PASSWORD_REQUIRED');
    expect(await refusal(trainings.register({ tid, password: 'wrong' }, user))).toBe('TRAINING_PASSWORD_WRONG');
    pushed.length = 0;
    expect(await refusal(trainings.register({ tid, password: 'open sesame' }, user))).toBe('ok');
    expect(await refusal(trainings.register({ tid, password: 'open sesame' }, user))).toBe('TRAINING_ALREADY_REGISTERED');
    // The new member's row joins the rank, live.
    expect(pushed.map((m) => [m.topic, m.event, (m.data as { uid: string }).uid])).toEqual([[topics.training(tid), 'training.progress', user.uid]]);

    const after = await trainings.detail(tid, user);
    expect(after.access).toBe(true);
    expect(after.seq).toBe(pushed.at(-1)!.seq);
    expect((await trainings.problems(tid, user)).map((r) => r.pid)).toEqual([p.id]);
    expect((await trainings.rank({ tid }, user)).records.map((r) => r.uid)).toEqual([user.uid]);
    expect(await trainings.canWatch(tid, user)).toBe(true);
    expect(await trainings.canWatch(tid, null)).toBe(false);
    // The author never needs the password.
    expect(await trainings.canWatch(tid, author)).toBe(true);
    expect(await refusal(trainings.register({ tid: await training([]), password: 'x' }, user))).toBe('TRAINING_NOT_PRIVATE');
  });

  it('lists the problems in rank order with the caller’s status (accepted once, else the latest verdict, −10 never)', async () => {
    const [a, b, c] = [await addProblem(t.db), await addProblem(t.db), await addProblem(t.db)];
    const tid = await training([a.id, b.id, c.id]);
    await trainings.updateProblem({ tid, pid: c.id, rank: 0 }, author);
    const user = await addUser(t.db);
    await addSubmission(t.db, user.uid, a.id, { status: JudgeStatus.ACCEPTED, time: 3 });
    await addSubmission(t.db, user.uid, a.id, { status: JudgeStatus.WRONG_ANSWER });
    await addSubmission(t.db, user.uid, b.id, { status: JudgeStatus.WRONG_ANSWER });
    await addSubmission(t.db, user.uid, b.id, { status: JudgeStatus.TIME_LIMIT_EXCEEDED });
    await addSubmission(t.db, user.uid, c.id, { status: JudgeStatus.PENDING });
    // A contest submission is not a practice one.
    await addSubmission(t.db, user.uid, c.id, { status: JudgeStatus.ACCEPTED, cid: 1 });
    const list = await trainings.problems(tid, user);
    expect(list.map((r) => [r.pid, r.myStatus])).toEqual([
      [c.id, -10],
      [a.id, 0],
      [b.id, JudgeStatus.TIME_LIMIT_EXCEEDED],
    ]);
    expect((await trainings.detail(tid, user)).acCount).toBe(1);
  });

  it('ranks members (not the author, not super admins) with real names for its admins only, searchable and paged', async () => {
    const [a, b] = [await addProblem(t.db), await addProblem(t.db)];
    const tid = await training([a.id, b.id], { auth: 'Private', privatePwd: 'pw' });
    const joined: Viewer[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await addUser(t.db);
      await trainings.register({ tid, password: 'pw' }, u);
      joined.push(u);
    }
    const boss = await addAccount(t.db, { username: 'rank-boss', password: 'secret-1', roles: ['root'] });
    await trainings.register({ tid, password: 'pw' }, boss);
    const [u0, u1, u2] = joined as [Viewer, Viewer, Viewer];
    await addSubmission(t.db, u1.uid, a.id, { status: JudgeStatus.ACCEPTED, time: 30 });
    await addSubmission(t.db, u1.uid, b.id, { status: JudgeStatus.ACCEPTED, time: 10 });
    await addSubmission(t.db, u2.uid, a.id, { status: JudgeStatus.ACCEPTED, time: 7 });
    await addSubmission(t.db, u0.uid, b.id, { status: JudgeStatus.WRONG_ANSWER, time: 99 });
    await addSubmission(t.db, author.uid, a.id, { status: JudgeStatus.ACCEPTED, time: 1 });

    const page = await trainings.rank({ tid }, u0);
    expect(page.problems.map((p) => p.pid)).toEqual([a.id, b.id]);
    expect(page.records.map((r) => [r.rank, r.uid, r.ac, r.totalRunTime])).toEqual([
      [1, u1.uid, 2, 40],
      [2, u2.uid, 1, 7],
      [3, u0.uid, 0, 0],
    ]);
    expect(page.records[2]!.submissionInfo).toEqual({ [b.problemId]: { status: JudgeStatus.WRONG_ANSWER, runTime: 99 } });
    expect(page.records.every((r) => r.realname === null)).toBe(true);

    await t.db.update(users).set({ realname: 'Zhang San' }).where(eq(users.uuid, u2.uid));
    expect((await trainings.rank({ tid }, author)).records.find((r) => r.uid === u2.uid)!.realname).toBe('Zhang San');
    expect((await trainings.rank({ tid }, root)).records.find((r) => r.uid === u2.uid)!.realname).toBe('Zhang San');
    expect((await trainings.rank({ tid }, u0)).records.find((r) => r.uid === u2.uid)!.realname).toBeNull();

    const second = await trainings.rank({ tid, currentPage: 2, limit: 2 }, u0);
    expect([second.total, second.records.map((r) => r.rank)]).toEqual([3, [3]]);
    expect((await trainings.rank({ tid, keyword: u2.username }, u0)).records.map((r) => r.rank)).toEqual([2]);
  });
});
