import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { topics, type PushMessage, type TrainingBody } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { training } from '../db/schema';
import { addProblem, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createTrainings, type Trainings } from './index';

describe('training administration', () => {
  let t: TestDb;
  let trainings: Trainings;
  let root: Viewer;
  let author: Viewer;
  let otherAdmin: Viewer;
  let categoryId: number;
  const pushed: PushMessage[] = [];

  beforeAll(async () => {
    t = await startTestDb();
    const ctx = serviceContext(t.db);
    await ctx.transport.subscribePush((m) => pushed.push(m));
    trainings = createTrainings(ctx);
    root = await addUser(t.db, ['root']);
    author = await addUser(t.db, ['admin']);
    otherAdmin = await addUser(t.db, ['admin']);
    categoryId = (await trainings.addCategory({ name: 'Graphs', color: '#67C23A' }, author)).id;
  });
  afterAll(() => t.stop());

  const form = (training: Partial<TrainingBody['training']> = {}, category: number | null = categoryId): TrainingBody => ({
    training: { title: 'Shortest paths', description: 'Dijkstra and friends', auth: 'Public', rank: 1000, ...training },
    trainingCategory: { id: category },
  });

  it("checks the form on the server: '<field> is required', the category, a password when private (stored hashed, kept when blank)", async () => {
    expect(await refusal(trainings.create(form({ title: ' ' }), author))).toBe('TRAINING_FIELD_REQUIRED');
    expect(await refusal(trainings.create(form({}, null), author))).toBe('TRAINING_FIELD_REQUIRED');
    expect(await refusal(trainings.create(form({}, 987_654), author))).toBe('TRAINING_CATEGORY_NOT_FOUND');
    expect(await refusal(trainings.create(form({ auth: 'Private' }), author))).toBe('TRAINING_FIELD_REQUIRED');
    const { tid } = await trainings.create(form({ auth: 'Private', privatePwd: 'pw-1', rank: 2_147_483_647 }), author);
    const [row] = await t.db.select().from(training).where(eq(training.id, tid));
    expect(row).toMatchObject({ author: author.username, uid: author.uid, rank: 2_147_483_647, auth: 'Private', status: true });
    expect(row!.privatePwd).not.toContain('pw-1');
    const dto = await trainings.adminGet(tid, author);
    expect([dto.training.pwdSet, dto.trainingCategory?.name]).toEqual([true, 'Graphs']);
    expect(JSON.stringify(dto)).not.toContain(row!.privatePwd!);

    await trainings.update(form({ id: tid, auth: 'Private', privatePwd: '', title: 'Renamed' }), author);
    const user = await addUser(t.db);
    expect(await refusal(trainings.register({ tid, password: 'pw-1' }, user))).toBe('ok');
    await trainings.update(form({ id: tid, auth: 'Public', title: 'Renamed' }), author);
    expect((await t.db.select().from(training).where(eq(training.id, tid)))[0]!.privatePwd).toBeNull();
  });

  it('lets the author and a super admin manage a training, not another admin; delete is the super admin’s', async () => {
    const { tid } = await trainings.create(form({ title: 'owned' }), author);
    expect(await refusal(trainings.adminGet(tid, otherAdmin))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(trainings.update(form({ id: tid }), otherAdmin))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(trainings.changeStatus({ tid, status: false }, otherAdmin))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(trainings.addProblem({ tid, pid: (await addProblem(t.db)).id }, otherAdmin))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(trainings.adminGet(tid, await addUser(t.db, ['problem_admin'])))).toBe('AUTH_FORBIDDEN');
    // A demoted author keeps nothing.
    expect(await refusal(trainings.adminGet(tid, { ...author, roles: ['default_user'] }))).toBe('AUTH_FORBIDDEN');
    expect((await trainings.adminList({ keyword: 'owned' }, otherAdmin)).total).toBe(0);
    expect((await trainings.adminList({ keyword: 'owned' }, author)).records.map((r) => r.id)).toEqual([tid]);
    expect((await trainings.adminList({ keyword: 'owned' }, root)).records.map((r) => r.id)).toEqual([tid]);

    pushed.length = 0;
    await trainings.changeStatus({ tid, status: false }, root);
    expect(pushed.map((m) => [m.topic, m.event])).toEqual([[topics.training(tid), 'training.changed']]);
    expect((await trainings.list({ keyword: 'owned' }, null)).total).toBe(0);
    expect(await refusal(trainings.remove(tid, author))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(trainings.remove(tid, root))).toBe('ok');
    expect(await refusal(trainings.adminGet(tid, root))).toBe('TRAINING_NOT_FOUND');
  });

  it('adds public problems by pid or display id (once), lists them with rank numbers, reorders and removes them', async () => {
    const { tid } = await trainings.create(form({ title: 'problems' }), author);
    const [a, b, hidden] = [await addProblem(t.db, { title: 'Alpha' }), await addProblem(t.db, { title: 'Beta' }), await addProblem(t.db, { auth: 2 })];
    await trainings.addProblem({ tid, pid: a.id }, author);
    await trainings.addProblem({ tid, displayId: ` ${b.problemId} ` }, author);
    expect(await refusal(trainings.addProblem({ tid, pid: a.id }, author))).toBe('TRAINING_PROBLEM_EXISTS');
    expect(await refusal(trainings.addProblem({ tid, pid: hidden.id }, author))).toBe('TRAINING_PROBLEM_NOT_PUBLIC');
    expect(await refusal(trainings.addProblem({ tid, displayId: 'no-such-problem' }, author))).toBe('PROBLEM_NOT_FOUND');

    const listed = await trainings.adminProblemList({ tid, queryExisted: true }, author);
    expect(listed.problemList.records.map((r) => r.id)).toEqual([a.id, b.id]);
    expect(Object.values(listed.trainingProblemMap).map((m) => [m.pid, m.rank, m.displayId])).toEqual([
      [a.id, 1, a.problemId],
      [b.id, 2, b.problemId],
    ]);
    // The dialog's candidates: public problems not in the training yet, searchable.
    const candidates = await trainings.adminProblemList({ tid, keyword: 'Alpha', limit: 100 }, author);
    expect(candidates.problemList.records.map((r) => r.id)).not.toContain(a.id);
    expect((await trainings.adminProblemList({ tid, limit: 100 }, author)).problemList.records.map((r) => r.id)).not.toContain(hidden.id);

    await trainings.updateProblem({ tid, pid: b.id, rank: 0 }, author);
    expect((await trainings.adminProblemList({ tid, queryExisted: true }, author)).problemList.records.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(await refusal(trainings.updateProblem({ tid, pid: hidden.id, rank: 3 }, author))).toBe('TRAINING_PROBLEM_NOT_FOUND');
    await trainings.removeProblem(tid, a.id, author);
    expect(await refusal(trainings.removeProblem(tid, a.id, author))).toBe('TRAINING_PROBLEM_NOT_FOUND');
    expect((await trainings.adminList({ keyword: 'problems' }, author)).records[0]!.problemCount).toBe(1);
  });

  it('keeps category names unique and a used category undeleted', async () => {
    expect(await refusal(trainings.addCategory({ name: ' graphs ', color: '#000000' }, author))).toBe('TRAINING_CATEGORY_EXISTS');
    expect(await refusal(trainings.addCategory({ name: '  ', color: '#000000' }, author))).toBe('TRAINING_FIELD_REQUIRED');
    const spare = await trainings.addCategory({ name: 'Spare', color: '#000' }, author);
    await trainings.updateCategory({ id: spare.id, name: 'Spare 2', color: '#ffffff' }, author);
    expect((await trainings.categories()).find((c) => c.id === spare.id)).toMatchObject({ name: 'Spare 2', color: '#ffffff' });
    expect(await refusal(trainings.updateCategory({ id: spare.id, name: 'Graphs', color: '#fff' }, author))).toBe('TRAINING_CATEGORY_EXISTS');
    expect(await refusal(trainings.deleteCategory(categoryId, root))).toBe('TRAINING_CATEGORY_IN_USE');
    expect(await refusal(trainings.deleteCategory(spare.id, await addUser(t.db)))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(trainings.deleteCategory(spare.id, author))).toBe('ok');
    expect(await refusal(trainings.deleteCategory(spare.id, author))).toBe('TRAINING_CATEGORY_NOT_FOUND');
  });
});
