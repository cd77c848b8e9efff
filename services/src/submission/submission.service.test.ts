import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_AUTH, encodePack, JudgeStatus, type JudgeCase, type SubmitBody } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { MemoryBus } from '../bus/memory-bus';
import { eq } from 'drizzle-orm';
import { judgeCase, problemCase, problems } from '../db/schema';
import { sha256Hex } from '../testdata/case-set';
import { OutboxRelay } from '../judge/outbox-relay';
import { RunnerRegistry } from '../judge/runner-registry';
import { addContest, addProblem, addSubmission, addUser, offerLanguage, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createSubmissionService, type SubmissionService } from './submission.service';
import { groupSubtasks } from './submission-cases';

const CODE = 'int main() { /* long enough to pass the minimum code length */ return 0; }';

describe('subtask groups of case results', () => {
  const cs = (groupNum: number, status: number, score: number, time: number | null, seq: number): JudgeCase =>
    ({ groupNum, status, score, time, memory: time, id: 0, pid: 1, submitId: 1, uid: 'u', caseId: seq, inputData: null, outputData: null, userOutput: null, seq, mode: 'default' });

  it('score a group by its lowest case (status, time and memory too) or its rounded mean, in judging order', () => {
    const list = [cs(2, JudgeStatus.ACCEPTED, 10, 5, 1), cs(1, JudgeStatus.ACCEPTED, 10, 7, 2), cs(1, JudgeStatus.WRONG_ANSWER, 0, null, 3), cs(1, JudgeStatus.TIME_LIMIT_EXCEEDED, 3, 9, 4)];
    const lowest = groupSubtasks(list, 'subtask_lowest');
    expect(lowest.map((g) => [g.groupNum, g.score, g.status, g.ac, g.total, g.time, g.subtaskDetailList.length])).toEqual([
      [2, 10, JudgeStatus.ACCEPTED, 1, 1, 5, 1],
      [1, 0, JudgeStatus.WRONG_ANSWER, 1, 3, null, 3],
    ]);
    const average = groupSubtasks(list, 'subtask_average');
    expect(average.map((g) => [g.score, g.status, g.time])).toEqual([
      [10, JudgeStatus.ACCEPTED, 5],
      [4, JudgeStatus.PARTIAL_ACCEPTED, 9],
    ]);
  });
});

describe('submissions', () => {
  let t: TestDb;
  let ctx: ReturnType<typeof serviceContext>;
  let bus: MemoryBus;
  let service: SubmissionService;
  let owner: Viewer;
  let other: Viewer;
  let admin: Viewer;

  beforeAll(async () => {
    t = await startTestDb();
    ctx = serviceContext(t.db);
    bus = ctx.transport;
    service = createSubmissionService(ctx, new OutboxRelay(ctx), new RunnerRegistry());
    [owner, other, admin] = [await addUser(t.db), await addUser(t.db), await addUser(t.db, ['admin'])];
  });
  afterAll(() => t.stop());

  const body = (pid: string, language = 'C'): SubmitBody => ({ pid, language, code: CODE });

  it('stores a practice submit as Pending, relays its job, and enforces permission, visibility, language and interval', async () => {
    const p = await addProblem(t.db);
    const hidden = await addProblem(t.db, { auth: 2 });
    await offerLanguage(t.db, 'C', [p.id, hidden.id]);
    const submitter = await addUser(t.db);

    expect(await refusal(service.submit(body(p.problemId), await addUser(t.db, ['no_subimit_user']), '10.0.0.1'))).toBe('AUTH_NO_SUBMIT');
    expect(await refusal(service.submit(body(hidden.problemId), submitter, '10.0.0.1'))).toBe('PROBLEM_NOT_FOUND');
    expect(await refusal(service.submit(body(p.problemId, 'Java'), submitter, '10.0.0.1'))).toBe('LANGUAGE_UNAVAILABLE');
    expect(await refusal(service.submit({ ...body(p.problemId), code: 'x' }, submitter, '10.0.0.1'))).toBe('CODE_TOO_SHORT');
    // Inside a group that does not exist (group submissions: services/src/group/group-problem.service.test.ts).
    expect(await refusal(service.submit({ ...body(p.problemId), gid: 3 }, submitter, '10.0.0.1'))).toBe('GROUP_NOT_FOUND');
    // A group and a training at once: the training's rules first (one that does not exist; a group's training:
    // services/src/group/group-training.service.test.ts).
    expect(await refusal(service.submit({ ...body(p.problemId), gid: 3, tid: 4 }, submitter, '10.0.0.1'))).toBe('TRAINING_NOT_FOUND');

    const before = bus.jobCounts().pending;
    const s = await service.submit(body(p.problemId), submitter, '10.0.0.1');
    expect(s).toMatchObject({ pid: p.id, displayPid: p.problemId, uid: submitter.uid, status: JudgeStatus.PENDING, code: CODE, cid: 0, length: CODE.length });
    expect(bus.jobCounts().pending).toBe(before + 1);
    expect(await refusal(service.submit(body(p.problemId), submitter, '10.0.0.1'))).toBe('SUBMIT_TOO_FAST');

    // Admins submit to hidden problems; a language no live runner offers is refused once runners are known.
    expect(await refusal(service.submit(body(hidden.problemId), admin, '10.0.0.2'))).toBe('ok');
    const pythonOnly = new RunnerRegistry();
    pythonOnly.record({ runnerId: 'r1', version: '1', languages: ['Python3'], slots: 1, freeSlots: 1, at: Date.now() });
    const picky = createSubmissionService(ctx, new OutboxRelay(ctx), pythonOnly);
    expect(await refusal(picky.submit(body(p.problemId), await addUser(t.db), '10.0.0.3'))).toBe('LANGUAGE_UNAVAILABLE');
  });

  it('shows code to the owner and admins, to others only when shared on a problem that allows it, and the queue place to owner and admins', async () => {
    const p = await addProblem(t.db, { codeShare: true });
    const s = await addSubmission(t.db, owner.uid, p.id, { code: 'secret' });
    const code = async (v: Viewer | null) => (await service.detail(s.submitId, v)).submission.code;
    expect([await code(owner), await code(admin), await code(other), await code(null)]).toEqual(['secret', 'secret', null, null]);
    expect((await service.detail(s.submitId, owner)).queuePosition).toBeGreaterThanOrEqual(1);
    expect((await service.detail(s.submitId, other)).queuePosition).toBeUndefined();

    const shared = await addSubmission(t.db, owner.uid, p.id, { code: 'shared', share: true, status: JudgeStatus.ACCEPTED });
    expect((await service.detail(shared.submitId, other)).submission.code).toBe('shared');
    const noShare = await addProblem(t.db, { codeShare: false });
    const sharedThere = await addSubmission(t.db, owner.uid, noShare.id, { share: true });
    expect((await service.detail(sharedThere.submitId, other)).submission.code).toBeNull();

    const hidden = await addProblem(t.db, { auth: 2 });
    const h = await addSubmission(t.db, owner.uid, hidden.id);
    expect(await refusal(service.detail(h.submitId, other))).toBe('SUBMISSION_FORBIDDEN');
    expect(await refusal(service.detail(h.submitId, owner))).toBe('ok');
    expect(await refusal(service.detail(2_147_483_647, admin))).toBe('SUBMISSION_NOT_FOUND');
  });

  it('opens case data to admins, and to the owner when the problem opens case results', async () => {
    const closed = await addProblem(t.db, { openCaseResult: false });
    const open = await addProblem(t.db, { openCaseResult: true });
    const withCase = async (pid: number) => {
      const [c] = await t.db.insert(problemCase).values({ pid, input: '1 2', output: '3', seq: 1 }).returning();
      const s = await addSubmission(t.db, owner.uid, pid, { status: JudgeStatus.WRONG_ANSWER });
      await t.db.insert(judgeCase).values({ submitId: s.submitId, pid, uid: owner.uid, caseId: c!.id, status: JudgeStatus.WRONG_ANSWER, seq: 1, userOutput: '4' });
      return s.submitId;
    };
    const data = async (id: number, v: Viewer | null) => {
      const [c] = (await service.caseResults(id, v)).judgeCaseList;
      return [c?.status, c?.inputData, c?.outputData, c?.userOutput];
    };
    const closedId = await withCase(closed.id);
    expect(await data(closedId, admin)).toEqual([JudgeStatus.WRONG_ANSWER, '1 2', '3', '4']);
    expect(await data(closedId, owner)).toEqual([JudgeStatus.WRONG_ANSWER, null, null, null]);
    expect(await data(closedId, other)).toEqual([JudgeStatus.WRONG_ANSWER, null, null, null]);
    const openId = await withCase(open.id);
    expect(await data(openId, owner)).toEqual([JudgeStatus.WRONG_ANSWER, '1 2', '3', '4']);
    expect(await data(openId, other)).toEqual([JudgeStatus.WRONG_ANSWER, null, null, null]);
  });

  it('shows an uploaded case set as previews with sizes, and streams one file whole to those who may see it', async () => {
    const long = 'z'.repeat(5000);
    const pack = encodePack([
      { name: 'a.in', data: Buffer.from(long) },
      { name: 'a.out', data: Buffer.from('ok\n') },
    ]);
    const version = sha256Hex(pack);
    await bus.putTestdata(version, pack);
    const p = await addProblem(t.db, { openCaseResult: true });
    await t.db.update(problems).set({ isUploadCase: true, caseVersion: version }).where(eq(problems.id, p.id));
    const [c] = await t.db.insert(problemCase).values({ pid: p.id, input: 'a.in', output: 'a.out', seq: 1 }).returning();
    const s = await addSubmission(t.db, owner.uid, p.id, { status: JudgeStatus.WRONG_ANSWER });
    await t.db.insert(judgeCase).values({ submitId: s.submitId, pid: p.id, uid: owner.uid, caseId: c!.id, status: JudgeStatus.WRONG_ANSWER, seq: 1, userOutput: 'no' });

    const [row] = (await service.caseResults(s.submitId, owner)).judgeCaseList;
    expect(row!.inputData).toBe('z'.repeat(2048));
    expect([row!.inputBytes, row!.outputData, row!.outputBytes, row!.userOutput]).toEqual([5000, 'ok\n', 3, 'no']);
    const [hidden] = (await service.caseResults(s.submitId, other)).judgeCaseList;
    expect([hidden!.inputData, hidden!.inputBytes]).toEqual([null, null]);

    const file = await service.caseData({ submitId: s.submitId, caseId: c!.id, type: 'input' }, owner);
    const parts: Buffer[] = [];
    for await (const chunk of file.body) parts.push(Buffer.from(chunk));
    expect([file.bytes, Buffer.concat(parts).toString(), file.fileName]).toEqual([5000, long, `${s.submitId}_case1.in`]);
    expect(await refusal(service.caseData({ submitId: s.submitId, caseId: c!.id, type: 'output' }, other))).toBe('SUBMISSION_FORBIDDEN');
    expect(await refusal(service.caseData({ submitId: s.submitId, caseId: c!.id + 999, type: 'output' }, owner))).toBe('TESTCASE_NOT_FOUND');
    const inline = await service.caseData({ submitId: s.submitId, caseId: c!.id, type: 'output' }, admin);
    expect(inline.bytes).toBe(3);
  });

  it('answers status checks without code, leaving out what the caller may not see', async () => {
    const pub = await addProblem(t.db);
    const hidden = await addProblem(t.db, { auth: 2 });
    const a = await addSubmission(t.db, owner.uid, pub.id, { status: JudgeStatus.ACCEPTED });
    const b = await addSubmission(t.db, owner.uid, hidden.id, { status: JudgeStatus.ACCEPTED });
    const ids = { submitIds: [a.submitId, b.submitId, 2_147_483_648] };
    const seen = async (v: Viewer | null) => Object.entries(await service.checkStatus(ids, v)).map(([id, s]) => [Number(id), s.status, s.code]);
    expect(await seen(other)).toEqual([[a.submitId, JudgeStatus.ACCEPTED, null]]);
    expect(await seen(owner)).toEqual([
      [a.submitId, JudgeStatus.ACCEPTED, null],
      [b.submitId, JudgeStatus.ACCEPTED, null],
    ]);
    expect(await service.checkStatus({ submitIds: [a.submitId], cid: 0 }, null)).toHaveProperty(String(a.submitId));
  });

  it('lets the live status of a practice submission be watched by its REST audience, and of a contest one by owner and contest admins', async () => {
    const pub = await addSubmission(t.db, owner.uid, (await addProblem(t.db)).id);
    const hidden = await addSubmission(t.db, owner.uid, (await addProblem(t.db, { auth: 2 })).id);
    const watch = (id: number) => Promise.all([owner, other, admin, null].map((v) => service.canWatch(id, v)));
    expect(await watch(pub.submitId)).toEqual([true, true, true, true]);
    expect(await watch(hidden.submitId)).toEqual([true, false, true, false]);
    expect(await watch(2_147_483_646)).toEqual([false, false, false, false]);

    const creator = await addUser(t.db, ['admin']);
    const c = await addContest(t.db, creator.uid, Date.now() - 60_000, 3600);
    const inContest = await addSubmission(t.db, owner.uid, (await addProblem(t.db, { auth: 3 })).id, { cid: c.id });
    expect(await watch(inContest.submitId)).toEqual([true, false, false, false]);
    expect(await service.canWatch(inContest.submitId, creator)).toBe(true);
    expect(await service.canWatch(inContest.submitId, await addUser(t.db, ['root']))).toBe(true);
  });

  it("opens a contest submission to those who entered its contest, with code and the queue place for its owner and the contest admins", async () => {
    const creator = await addUser(t.db, ['admin']);
    const pub = await addContest(t.db, creator.uid, Date.now() - 60_000, 3600);
    const priv = await addContest(t.db, creator.uid, Date.now() - 60_000, 3600, { auth: CONTEST_AUTH.PRIVATE, pwd: 'pw' });
    const p = await addProblem(t.db, { auth: 3 });
    const inPub = await addSubmission(t.db, owner.uid, p.id, { cid: pub.id, code: 'mine' });
    const inPriv = await addSubmission(t.db, owner.uid, p.id, { cid: priv.id, code: 'mine' });
    const seen = async (id: number, v: Viewer) => {
      const d = await service.detail(id, v);
      return [d.submission.code, d.codeShare, d.queuePosition !== undefined];
    };
    expect(await seen(inPub.submitId, owner)).toEqual(['mine', false, true]);
    expect(await seen(inPub.submitId, other)).toEqual([null, false, false]);
    expect(await seen(inPriv.submitId, creator)).toEqual(['mine', false, true]);
    expect(await refusal(service.detail(inPriv.submitId, other))).toBe('SUBMISSION_FORBIDDEN');
    expect(await refusal(service.detail(inPub.submitId, null))).toBe('AUTH_NOT_LOGGED_IN');
  });
});
