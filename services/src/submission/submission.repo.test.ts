import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@oj/proto';
import { judge, outbox } from '../db/schema';
import { queuePosition } from '../judge/judge-queue.repo';
import { addProblem, addSubmission, addUser } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { insertSubmission, listPractice, lockAndLastPracticeSubmit } from './submission.repo';

describe('submission repository', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
  });
  afterAll(() => t.stop());

  it('stores a Pending submission and its outbox row on the lane asked for', async () => {
    const u = await addUser(t.db);
    const p = await addProblem(t.db);
    const row = await t.db.transaction((tx) =>
      insertSubmission(tx, { pid: p.id, displayPid: p.problemId, uid: u.uid, username: u.username, code: 'int main(){}', language: 'C', cid: 0, cpid: 0, ip: '10.0.0.1', lane: 'practice' }),
    );
    expect(row).toMatchObject({ status: JudgeStatus.PENDING, length: 12, version: 1, lane: 'practice', gid: null });
    const jobs = await t.db.select().from(outbox).where(eq(outbox.submitId, row.submitId));
    expect(jobs).toMatchObject([{ version: 1, lane: 'practice' }]);
    expect(await t.db.transaction((tx) => lockAndLastPracticeSubmit(tx, u.uid))).toEqual(row.submitTime);
  });

  it('orders the queue by lane, then by submit id', async () => {
    await t.db.update(judge).set({ status: JudgeStatus.ACCEPTED });
    const u = await addUser(t.db);
    const p = await addProblem(t.db);
    const rejudge = await addSubmission(t.db, u.uid, p.id, { lane: 'rejudge' });
    const practice = await addSubmission(t.db, u.uid, p.id);
    const contest = await addSubmission(t.db, u.uid, p.id, { lane: 'contest' });
    const done = await addSubmission(t.db, u.uid, p.id, { status: JudgeStatus.ACCEPTED });
    expect(await queuePosition(t.db, contest)).toBe(1);
    expect(await queuePosition(t.db, practice)).toBe(2);
    expect(await queuePosition(t.db, rejudge)).toBe(3);
    expect(await queuePosition(t.db, done)).toBeUndefined();
  });

  it('lists hidden problems only to their owner', async () => {
    const [u, other] = [await addUser(t.db), await addUser(t.db)];
    const hidden = await addProblem(t.db, { auth: 2 });
    await addSubmission(t.db, u.uid, hidden.id);
    const f = { gid: undefined, displayPid: { value: String(hidden.id), exact: true } };
    expect((await listPractice(t.db, { ...f, visibleTo: { admin: false, uid: u.uid } }, 10, 0)).total).toBe(1);
    expect((await listPractice(t.db, { ...f, visibleTo: { admin: false, uid: other.uid } }, 10, 0)).total).toBe(0);
    expect((await listPractice(t.db, { ...f, visibleTo: { admin: false, uid: null } }, 10, 0)).total).toBe(0);
    expect((await listPractice(t.db, { ...f, visibleTo: { admin: true } }, 10, null)).rows).toEqual([]);
  });
});
