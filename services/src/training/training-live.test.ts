// A submission made inside a training (the submit's `tid`) under the training's rules, and the verdict's way to
// `training:<tid>`: the real submission service, ingester and judge admin on the test database and the memory bus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JudgeStatus, topics, type PushMessage, type SubmitBody, type TrainingProgressEvent } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { trainingRecord } from '../db/schema';
import { JudgeIngester } from '../judge/ingester';
import { createJudgeAdminService } from '../judge/judge-admin.service';
import { OutboxRelay } from '../judge/outbox-relay';
import { RunnerRegistry } from '../judge/runner-registry';
import { createSubmissionService, type SubmissionService } from '../submission/submission.service';
import { addAccount, addProblem, addUser, offerLanguage, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createTrainings, type Trainings } from './index';

const CODE = 'int main() { /* long enough to pass the minimum code length */ return 0; }';

describe('submitting inside a training, and its live progress', () => {
  let t: TestDb;
  let trainings: Trainings;
  let submissions: SubmissionService;
  let ingester: JudgeIngester;
  let judgeAdmin: ReturnType<typeof createJudgeAdminService>;
  let author: Viewer;
  let root: Viewer;
  const pushed: PushMessage[] = [];

  beforeAll(async () => {
    t = await startTestDb();
    const ctx = serviceContext(t.db, { submitIntervalS: 0 });
    await ctx.transport.subscribePush((m) => pushed.push(m));
    const relay = new OutboxRelay(ctx);
    trainings = createTrainings(ctx);
    submissions = createSubmissionService(ctx, relay, new RunnerRegistry());
    ingester = new JudgeIngester(ctx, relay);
    judgeAdmin = createJudgeAdminService(ctx, relay, new RunnerRegistry());
    author = await addUser(t.db, ['admin']);
    root = await addAccount(t.db, { username: 'live-root', password: 'secret-1', roles: ['root'] });
  });
  afterAll(() => t.stop());

  const body = (pid: string, tid?: number): SubmitBody => ({ pid, language: 'C', code: CODE, ...(tid !== undefined && { tid }) });
  const progress = (tid: number) =>
    pushed
      .splice(0)
      .filter((m) => m.topic === topics.training(tid) && m.event === 'training.progress')
      .map((m) => m.data as TrainingProgressEvent);

  async function privateTraining(pids: number[]): Promise<number> {
    const categoryId = (await trainings.addCategory({ name: `c${Date.now()}${Math.random()}`, color: '#123456' }, root)).id;
    const { tid } = await trainings.create({ training: { title: 'Live', description: 'd', auth: 'Private', privatePwd: 'pw', rank: 1 }, trainingCategory: { id: categoryId } }, author);
    for (const pid of pids) await trainings.addProblem({ tid, pid }, author);
    return tid;
  }

  it('checks the training’s access and that the problem belongs to it, then files the submission under it', async () => {
    const [inside, outside] = [await addProblem(t.db), await addProblem(t.db)];
    await offerLanguage(t.db, 'C', [inside.id, outside.id]);
    const tid = await privateTraining([inside.id]);
    const user = await addUser(t.db);
    expect(await refusal(submissions.submit(body(inside.problemId, tid), user, '127.0.0.1'))).toBe('TRAINING_NOT_REGISTERED');
    await trainings.register({ tid, password: 'pw' }, user);
    expect(await refusal(submissions.submit(body(outside.problemId, tid), user, '127.0.0.1'))).toBe('TRAINING_PROBLEM_NOT_FOUND');
    expect(await refusal(submissions.submit(body(inside.problemId, 999_999), user, '127.0.0.1'))).toBe('TRAINING_NOT_FOUND');
    const s = await submissions.submit(body(inside.problemId, tid), user, '127.0.0.1');
    expect(s.cid).toBe(0);
    expect(await t.db.select({ tid: trainingRecord.tid, uid: trainingRecord.uid }).from(trainingRecord).where(eq(trainingRecord.submitId, s.submitId))).toEqual([{ tid, uid: user.uid }]);
    // Without a tid it stays a plain practice submission.
    const plain = await submissions.submit(body(outside.problemId), user, '127.0.0.1');
    expect(await t.db.select().from(trainingRecord).where(eq(trainingRecord.submitId, plain.submitId))).toEqual([]);
  });

  it('pushes a member’s new standing on training:<tid> with the verdict, and nothing for someone outside it', async () => {
    const [a, b] = [await addProblem(t.db), await addProblem(t.db)];
    await offerLanguage(t.db, 'C', [a.id, b.id]);
    const tid = await privateTraining([a.id, b.id]);
    const member = await addUser(t.db);
    const stranger = await addUser(t.db);
    await trainings.register({ tid, password: 'pw' }, member);
    pushed.length = 0;

    const judged = async (who: Viewer, problemId: string, status: number, time: number) => {
      const s = await submissions.submit(body(problemId, who === member ? tid : undefined), who, '127.0.0.1');
      await ingester.handle({ kind: 'final', submitId: s.submitId, version: 1, judger: 'r', status, score: null, time, memory: 1, errorMessage: null, cases: [] });
      return s.submitId;
    };
    await judged(member, a.problemId, JudgeStatus.WRONG_ANSWER, 9);
    expect(progress(tid)).toEqual([{ tid, uid: member.uid, ac: 0, totalRunTime: 0, cell: { pid: a.id, problemId: a.problemId, status: JudgeStatus.WRONG_ANSWER, runTime: 9 } }]);
    const acId = await judged(member, a.problemId, JudgeStatus.ACCEPTED, 12);
    expect(progress(tid)).toEqual([{ tid, uid: member.uid, ac: 1, totalRunTime: 12, cell: { pid: a.id, problemId: a.problemId, status: 0, runTime: 12 } }]);
    await judged(stranger, a.problemId, JudgeStatus.ACCEPTED, 3);
    expect(progress(tid)).toEqual([]);
    expect((await trainings.detail(tid, member)).acCount).toBe(1);

    // A super admin cancels the accepted submission: the standing goes back, live.
    await judgeAdmin.cancel(acId, { ...root, permissions: [...root.permissions, 'rejudge'] });
    expect(progress(tid)).toEqual([{ tid, uid: member.uid, ac: 0, totalRunTime: 0, cell: { pid: a.id, problemId: a.problemId, status: JudgeStatus.CANCELLED, runTime: 12 } }]);
  });
});
