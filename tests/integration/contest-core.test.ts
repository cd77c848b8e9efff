// The contestants' side of contests through REST on the real services and PostgreSQL: the list and its order, public/private/protected access and registration, the account-name rule,
// submitting (before the start, after the end, allowEndSubmit, imported, no practice interval), contest-only
// problems, the problem counts and the submission list, detail and status under ACM and OI seals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { at, CODE, ROOT_PASSWORD, startContestFixture, type ContestFixture } from './contest-core-fixture';

let fx: ContestFixture;
let root: string;
let admin: string;
let alice: string;
let bob: string;
let team7: string;

const submit = (cid: number, pid: string, token: string, language = 'C') => fx.post('/api/submit-problem-judge', { pid, cid, language, code: CODE }, token);
const withProblems = async (cid: number, pids: [number, string][]) => {
  for (const [pid, displayId] of pids) expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid, displayId }, admin)).toMatchObject({ status: 200 });
};

beforeAll(async () => {
  // A practice interval, to show contest submissions are exempt from it.
  fx = await startContestFixture({ submitIntervalS: 8 });
  root = await fx.login('root', ROOT_PASSWORD);
  await fx.createUser('cc_admin', ['admin']);
  await fx.createUser('cc_alice');
  await fx.createUser('cc_bob');
  await fx.createUser('team7');
  admin = await fx.login('cc_admin');
  alice = await fx.login('cc_alice');
  bob = await fx.login('cc_bob');
  team7 = await fx.login('team7');
});
afterAll(async () => {
  await fx?.stop();
});

describe('contest list and shell', () => {
  it('lists visible contests: running, then scheduled, then ended, newest start first; filters; registrations counted', async () => {
    const ended = await fx.contest(admin, { title: 'L-ended', startTime: at(-7200), endTime: at(-3600) });
    const soon = await fx.contest(admin, { title: 'L-soon', startTime: at(3600), endTime: at(7200), type: 1 });
    const later = await fx.contest(admin, { title: 'L-later', startTime: at(7200), endTime: at(9000) });
    const running = await fx.contest(admin, { title: 'L-running', startTime: at(-60), endTime: at(3600), auth: 2, pwd: 'pw' });
    const hidden = await fx.contest(admin, { title: 'L-hidden', startTime: at(-60), endTime: at(3600), visible: false });
    expect(await fx.post('/api/register-contest', { cid: running, password: 'pw' }, alice)).toMatchObject({ status: 200 });

    const all = await fx.get('/api/get-contest-list?keyword=L-');
    expect(all.data.records.map((c: { id: number }) => c.id)).toEqual([running, later, soon, ended]);
    expect(all.data.records[0]).toMatchObject({ status: 0, count: 1, auth: 2, title: 'L-running', duration: expect.any(Number), now: expect.any(Number) });
    expect(all.data.records[0]).not.toHaveProperty('pwd');
    expect(all.data.records.some((c: { id: number }) => c.id === hidden)).toBe(false);
    expect(all.data.size).toBe(10);
    const ids = async (q: string) => (await fx.get(`/api/get-contest-list?keyword=L-&${q}`)).data.records.map((c: { id: number }) => c.id);
    expect(await ids('status=-1')).toEqual([later, soon]);
    expect(await ids('status=0')).toEqual([running]);
    expect(await ids('status=1')).toEqual([ended]);
    expect(await ids('type=1')).toEqual([soon]);
    expect(await ids('status=1&type=1')).toEqual([]);
    expect((await fx.get('/api/get-contest-list?status=2')).code).toBe('VALIDATION_FAILED');
  });

  // Issue 13, point 8 (defect 2): a public contest has no registrations; its participants are those who submitted.
  it('the participant count is the users who registered or submitted, in the list, the info and the admin list', async () => {
    const cid = await fx.contest(admin, { title: 'P-count public', startTime: at(-60), endTime: at(3600), openRank: true });
    await withProblems(cid, [[1, 'A']]);
    expect(await submit(cid, 'A', alice)).toMatchObject({ status: 200 });
    expect(await submit(cid, 'A', alice)).toMatchObject({ status: 200 });
    expect(await submit(cid, 'A', bob)).toMatchObject({ status: 200 });
    const prot = await fx.contest(admin, { title: 'P-count protected', startTime: at(-60), endTime: at(3600), auth: 2, pwd: 'pw' });
    await withProblems(prot, [[1, 'A']]);
    expect(await fx.post('/api/register-contest', { cid: prot, password: 'pw' }, alice)).toMatchObject({ status: 200 });
    expect(await submit(prot, 'A', alice)).toMatchObject({ status: 200 });
    expect(await fx.post('/api/register-contest', { cid: prot, password: 'pw' }, team7)).toMatchObject({ status: 200 });

    const list = await fx.get('/api/get-contest-list?keyword=P-count');
    const counts = Object.fromEntries(list.data.records.map((c: { id: number; count: number }) => [c.id, c.count]));
    expect(counts).toEqual({ [cid]: 2, [prot]: 2 });
    expect((await fx.get(`/api/get-contest-info?cid=${cid}`, bob)).data.count).toBe(2);
    expect((await fx.get(`/api/get-contest-outsize-info?cid=${cid}`)).data.contest.count).toBe(2);
    expect((await fx.get(`/api/admin/contest?cid=${cid}`, admin)).data.count).toBe(2);
    const adminList = await fx.get('/api/admin/contest/get-contest-list?keyword=P-count', admin);
    expect(adminList.data.records.map((c: { count: number }) => c.count)).toEqual([2, 2]);
    const recent = (await fx.get('/api/get-recent-contest')).data.filter((c: { id: number }) => c.id === cid || c.id === prot);
    expect(recent.map((c: { count: number }) => c.count)).toEqual([2, 2]);
  });

  it('the shell needs a login and carries the server time', async () => {
    const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600) });
    expect(await fx.get(`/api/get-contest-info?cid=${cid}`)).toMatchObject({ status: 401 });
    const before = Date.now();
    const r = await fx.get(`/api/get-contest-info?cid=${cid}`, alice);
    expect(r).toMatchObject({ status: 200, data: { id: cid, status: 0, sealRank: false, imported: false } });
    expect(r.data.now).toBeGreaterThanOrEqual(before);
    expect(await fx.get('/api/get-contest-info?cid=987654', alice)).toMatchObject({ code: 'CONTEST_NOT_FOUND' });
  });
});

describe('access and registration', () => {
  it('private: password to register, registration to enter', async () => {
    const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600), auth: 1, pwd: 'secret' });
    await withProblems(cid, [[1, 'A']]);
    expect(await fx.get(`/api/get-contest-access?cid=${cid}`, alice)).toMatchObject({ status: 200, data: { access: false } });
    expect(await fx.get(`/api/get-contest-problem?cid=${cid}`, alice)).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });
    expect(await fx.get(`/api/get-contest-problem-details?cid=${cid}&displayId=A`, alice)).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });
    expect(await submit(cid, 'A', alice)).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });
    expect(await fx.post('/api/register-contest', { cid }, alice)).toMatchObject({ code: 'CONTEST_PASSWORD_REQUIRED' });
    expect(await fx.post('/api/register-contest', { cid, password: '' }, alice)).toMatchObject({ code: 'CONTEST_PASSWORD_REQUIRED' });
    expect(await fx.post('/api/register-contest', { cid, password: 'Secret' }, alice)).toMatchObject({ code: 'CONTEST_PASSWORD_WRONG' });
    expect(await fx.post('/api/register-contest', { cid, password: 'secret' })).toMatchObject({ status: 401 });
    expect(await fx.post('/api/register-contest', { cid, password: 'secret' }, alice)).toMatchObject({ status: 200, data: null });
    expect(await fx.post('/api/register-contest', { cid, password: 'secret' }, alice)).toMatchObject({ code: 'CONTEST_ALREADY_REGISTERED' });
    expect(await fx.get(`/api/get-contest-access?cid=${cid}`, alice)).toMatchObject({ data: { access: true } });
    expect(await fx.get(`/api/get-contest-problem?cid=${cid}`, alice)).toMatchObject({ status: 200, data: [{ displayId: 'A' }] });
    expect(await submit(cid, 'A', alice)).toMatchObject({ status: 200 });
    // The contest's admins need no registration.
    expect(await fx.get(`/api/get-contest-problem?cid=${cid}`, admin)).toMatchObject({ status: 200 });
  });

  it('protected: anyone logged in may look, submitting needs the registration', async () => {
    const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600), auth: 2, pwd: 'pw' });
    await withProblems(cid, [[1, 'A']]);
    expect(await fx.get(`/api/get-contest-problem?cid=${cid}`, bob)).toMatchObject({ status: 200 });
    expect(await fx.get(`/api/get-contest-problem-details?cid=${cid}&displayId=A`, bob)).toMatchObject({ status: 200 });
    expect(await fx.get(`/api/get-contest-access?cid=${cid}`, bob)).toMatchObject({ data: { access: false } });
    expect(await submit(cid, 'A', bob)).toMatchObject({ code: 'CONTEST_NOT_REGISTERED' });
    expect(await fx.post('/api/register-contest', { cid, password: 'pw' }, bob)).toMatchObject({ status: 200 });
    expect(await submit(cid, 'A', bob)).toMatchObject({ status: 200 });
  });

  it('public: open to every logged-in user; the problem list is anonymous only on an open, started board', async () => {
    const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600) });
    await withProblems(cid, [[1, 'A']]);
    expect(await fx.get(`/api/get-contest-access?cid=${cid}`, bob)).toMatchObject({ data: { access: true } });
    expect(await fx.get(`/api/get-contest-problem?cid=${cid}`)).toMatchObject({ status: 401 });
    expect(await fx.get(`/api/get-contest-outsize-info?cid=${cid}`)).toMatchObject({ code: 'CONTEST_RANK_CLOSED' });
    const open = await fx.contest(admin, { startTime: at(-60), endTime: at(3600), openRank: true, auth: 1, pwd: 'x' });
    await withProblems(open, [[1, 'A']]);
    expect(await fx.get(`/api/get-contest-problem?cid=${open}`)).toMatchObject({ status: 200, data: [{ displayId: 'A', ac: 0, total: 0 }] });
    const info = await fx.get(`/api/get-contest-outsize-info?cid=${open}`);
    expect(info).toMatchObject({ status: 200, data: { contest: { id: open, openRank: true }, problemList: [{ displayId: 'A' }] } });
    const scheduled = await fx.contest(admin, { startTime: at(3600), endTime: at(7200), openRank: true });
    expect(await fx.get(`/api/get-contest-outsize-info?cid=${scheduled}`)).toMatchObject({ code: 'CONTEST_RANK_CLOSED' });
    expect(await fx.get(`/api/get-contest-problem?cid=${scheduled}`)).toMatchObject({ status: 401 });
  });

  it('the account-name rule limits registration and submitting', async () => {
    const rule = '<prefix>team</prefix><suffix></suffix><number_from>1</number_from><number_to>9</number_to><extra_account>cc_bob</extra_account>';
    const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600), auth: 2, pwd: 'pw', openAccountLimit: true, accountLimitRule: rule });
    await withProblems(cid, [[1, 'A']]);
    expect(await fx.post('/api/register-contest', { cid, password: 'pw' }, alice)).toMatchObject({ code: 'CONTEST_ACCOUNT_LIMIT' });
    expect(await fx.post('/api/register-contest', { cid, password: 'pw' }, team7)).toMatchObject({ status: 200 });
    expect(await fx.post('/api/register-contest', { cid, password: 'pw' }, bob)).toMatchObject({ status: 200 });
    expect(await submit(cid, 'A', team7)).toMatchObject({ status: 200 });
    const pub = await fx.contest(admin, { startTime: at(-60), endTime: at(3600), openAccountLimit: true, accountLimitRule: rule });
    await withProblems(pub, [[1, 'A']]);
    expect(await submit(pub, 'A', alice)).toMatchObject({ code: 'CONTEST_ACCOUNT_LIMIT' });
    expect(await submit(pub, 'A', bob)).toMatchObject({ status: 200 });
  });
});

describe('submitting in a contest', () => {
  it('before the start, after the end, with allowEndSubmit, imported', async () => {
    const scheduled = await fx.contest(admin, { startTime: at(3600), endTime: at(7200) });
    await withProblems(scheduled, [[1, 'A']]);
    expect(await submit(scheduled, 'A', alice)).toMatchObject({ code: 'CONTEST_NOT_STARTED' });
    expect(await fx.get(`/api/get-contest-problem?cid=${scheduled}`, alice)).toMatchObject({ code: 'CONTEST_NOT_STARTED' });
    // Its admins may try it out before the start; such a record is at time 0.
    const early = await submit(scheduled, 'A', admin);
    expect(early).toMatchObject({ status: 200 });
    expect((await fx.sql`select time from contest_record where submit_id = ${early.data.submitId}`)[0]!.time).toBe(0);

    const ended = await fx.contest(admin, { startTime: at(-7200), endTime: at(-60) });
    await withProblems(ended, [[1, 'A']]);
    expect(await submit(ended, 'A', alice)).toMatchObject({ code: 'CONTEST_ENDED' });
    const late = await fx.contest(admin, { startTime: at(-7200), endTime: at(-60), allowEndSubmit: true });
    await withProblems(late, [[1, 'A']]);
    const r = await submit(late, 'A', alice);
    expect(r).toMatchObject({ status: 200 });
    expect((await fx.sql`select time from contest_record where submit_id = ${r.data.submitId}`)[0]!.time).toBeGreaterThanOrEqual(7140);

    const imported = await fx.contest(admin, { startTime: at(-60), endTime: at(3600) });
    await withProblems(imported, [[1, 'A']]);
    await fx.sql`update contest set imported = true where id = ${imported}`;
    expect(await submit(imported, 'A', alice)).toMatchObject({ code: 'CONTEST_READ_ONLY' });
    expect(await submit(imported, 'A', admin)).toMatchObject({ code: 'CONTEST_READ_ONLY' });
  });

  it('stores the judge row on the contest lane and a pending contest record; no practice interval', async () => {
    const cid = await fx.contest(admin, { startTime: at(-120), endTime: at(3600) });
    await withProblems(cid, [
      [1, 'A'],
      [3, 'B'],
    ]);
    const r1 = await submit(cid, 'B', alice);
    const r2 = await submit(cid, 'B', alice);
    expect(r1).toMatchObject({ status: 200, data: { cid, displayPid: 'B', pid: 3, status: JudgeStatus.PENDING } });
    expect(r2.status).toBe(200);
    const [j] = await fx.sql`select cid, cpid, display_pid, lane from judge where submit_id = ${r1.data.submitId}`;
    const [cp] = await fx.sql`select id from contest_problem where cid = ${cid} and display_id = 'B'`;
    expect(j).toMatchObject({ cid, cpid: cp!.id, display_pid: 'B', lane: 'contest' });
    const [rec] = await fx.sql`select * from contest_record where submit_id = ${r1.data.submitId}`;
    expect(rec).toMatchObject({ cid, pid: 3, display_id: 'B', status: null, language: 'C' });
    expect(rec!.time).toBeGreaterThanOrEqual(119);
    expect((await fx.sql`select lane from outbox where submit_id = ${r1.data.submitId}`)[0]!.lane).toBe('contest');

    expect(await submit(cid, 'Z', alice)).toMatchObject({ code: 'CONTEST_PROBLEM_NOT_FOUND' });
    expect(await submit(cid, 'A', alice, 'Brainfuck')).toMatchObject({ code: 'LANGUAGE_UNAVAILABLE' });
    expect(await submit(987654, 'A', alice)).toMatchObject({ code: 'CONTEST_NOT_FOUND' });
    // Practice keeps its interval.
    expect(await fx.post('/api/submit-problem-judge', { pid: '1000', language: 'C', code: CODE }, bob)).toMatchObject({ status: 200 });
    expect(await fx.post('/api/submit-problem-judge', { pid: '1000', language: 'C', code: CODE }, bob)).toMatchObject({ code: 'SUBMIT_TOO_FAST' });
    expect(await submit(cid, 'A', bob)).toMatchObject({ status: 200 });
  });

  it('a contest-only problem is reachable only through its contest', async () => {
    await fx.sql`update problems set auth = 3 where id = 3`;
    try {
      const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600) });
      await withProblems(cid, [[3, 'C']]);
      await fx.put('/api/admin/contest/contest-problem', { cid, pid: 3, displayId: 'C', displayTitle: 'Secret title' }, admin);
      expect(await fx.get('/api/get-problem-detail?problemId=1002', alice)).toMatchObject({ code: 'PROBLEM_NOT_FOUND' });
      const list = await fx.get('/api/get-problem-list?limit=100', alice);
      expect(list.data.records.some((p: { pid: number }) => p.pid === 3)).toBe(false);
      expect(await fx.post('/api/submit-problem-judge', { pid: '1002', language: 'C', code: CODE }, alice)).toMatchObject({ code: 'PROBLEM_NOT_FOUND' });
      const d = await fx.get(`/api/get-contest-problem-details?cid=${cid}&displayId=C`, alice);
      expect(d).toMatchObject({ status: 200, data: { displayId: 'C', displayTitle: 'Secret title', problem: { id: 3, title: 'Secret title' }, languages: expect.arrayContaining(['C']) } });
      expect(await fx.get(`/api/get-contest-problem-details?cid=${cid}&displayId=Q`, alice)).toMatchObject({ code: 'CONTEST_PROBLEM_NOT_FOUND' });
      expect(await submit(cid, 'C', alice)).toMatchObject({ status: 200 });
    } finally {
      await fx.sql`update problems set auth = 1 where id = 3`;
    }
  });
});

describe('seal rules', () => {
  /**
   * A running contest sealed an hour ago: each user has one submission before the seal (WA) and one after
   * (AC), judged by hand.
   */
  async function sealedContest(type: 0 | 1) {
    const cid = await fx.contest(admin, { type, startTime: at(-7200), endTime: at(3600), sealRank: true, sealRankTime: at(-3600) });
    await withProblems(cid, [[type === 0 ? 1 : 2, 'A']]);
    const subs: Record<string, { before: number; after: number }> = {};
    for (const [name, token] of [
      ['alice', alice],
      ['bob', bob],
    ] as const) {
      const before = (await submit(cid, 'A', token)).data.submitId as number;
      const after = (await submit(cid, 'A', token)).data.submitId as number;
      subs[name] = { before, after };
      const t = new Date(Date.now() - 5400_000);
      await fx.sql`update judge set submit_time = ${t}, status = -1, time = 5, memory = 100, score = 0 where submit_id = ${before}`;
      await fx.sql`update contest_record set submit_time = ${t}, time = 1800, status = -1, score = 0 where submit_id = ${before}`;
      await fx.sql`update judge set status = 0, time = 7, memory = 200, score = 100 where submit_id = ${after}`;
      await fx.sql`update contest_record set status = 0, score = 100 where submit_id = ${after}`;
    }
    return { cid, subs };
  }
  const listIds = async (cid: number, token: string, q = '') =>
    (await fx.get(`/api/contest-submissions?contestID=${cid}${q}`, token)).data.records.map((r: { submitId: number; status: number }) => [r.submitId, r.status]);

  it('ACM: others’ submissions from the seal on are hidden, one’s own stay; details of others hidden while running', async () => {
    const { cid, subs } = await sealedContest(0);
    const a = subs.alice!;
    const b = subs.bob!;
    expect(await listIds(cid, alice)).toEqual([
      [b.before, -1],
      [a.after, 0],
      [a.before, -1],
    ]);
    const rows = (await fx.get(`/api/contest-submissions?contestID=${cid}`, alice)).data.records;
    expect(rows.find((r: { submitId: number }) => r.submitId === b.before)).toMatchObject({ time: null, memory: null, length: null, displayId: 'A' });
    expect(rows.find((r: { submitId: number }) => r.submitId === a.before)).toMatchObject({ time: 5, memory: 100, length: CODE.length });
    expect(await listIds(cid, admin)).toEqual([
      [b.after, 0],
      [b.before, -1],
      [a.after, 0],
      [a.before, -1],
    ]);
    expect(await listIds(cid, alice, '&onlyMine=true')).toEqual([
      [a.after, 0],
      [a.before, -1],
    ]);
    expect(await listIds(cid, alice, '&username=cc_bob')).toEqual([[b.before, -1]]);
    expect(await listIds(cid, alice, '&status=0')).toEqual([[a.after, 0]]);
    expect(await listIds(cid, alice, '&problemID=a')).toHaveLength(3);
    expect(await listIds(cid, alice, '&problemID=a&completeProblemID=true')).toHaveLength(0);

    // Detail: someone else's sealed result is −5; before the seal it shows, without code or details.
    const other = (await fx.get(`/api/get-submission-detail?submitId=${b.after}`, alice)).data.submission;
    expect(other).toMatchObject({ status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, time: null, code: null, score: null });
    const otherBefore = (await fx.get(`/api/get-submission-detail?submitId=${b.before}`, alice)).data;
    expect(otherBefore).toMatchObject({ codeShare: false, submission: { status: -1, code: null, time: null, memory: null } });
    const own = (await fx.get(`/api/get-submission-detail?submitId=${a.after}`, alice)).data.submission;
    expect(own).toMatchObject({ status: 0, code: CODE, time: 7 });
    expect((await fx.get(`/api/get-submission-detail?submitId=${b.after}`, admin)).data.submission).toMatchObject({ status: 0, code: CODE });
    expect(await fx.get(`/api/get-submission-detail?submitId=${b.after}`)).toMatchObject({ status: 401 });
    expect(await fx.get(`/api/get-all-case-result?submitId=${b.before}`, alice)).toMatchObject({ code: 'SUBMISSION_FORBIDDEN' });
    expect(await fx.get(`/api/get-all-case-result?submitId=${a.before}`, alice)).toMatchObject({ status: 200 });

    // Status checks follow the list; the practice check answers contest rows under the same rules.
    const check = await fx.post('/api/check-contest-submissions-status', { cid, submitIds: [a.after, b.after, b.before] }, alice);
    expect(Object.keys(check.data).map(Number).sort()).toEqual([a.after, b.before].sort());
    const practiceCheck = await fx.post('/api/check-submissions-status', { cid, submitIds: [a.after, b.after] }, alice);
    expect(Object.keys(practiceCheck.data).map(Number)).toEqual([a.after]);
    expect((await fx.post('/api/get-user-problem-status', { pidList: [1], isContestProblemList: true, cid }, alice)).data).toEqual({ '1': { status: 0, score: 100 } });

    // Counts stop at the seal for contestants; the admins see all.
    expect((await fx.get(`/api/get-contest-problem?cid=${cid}`, alice)).data).toMatchObject([{ displayId: 'A', ac: 0, total: 2 }]);
    expect((await fx.get(`/api/get-contest-problem?cid=${cid}`, admin)).data).toMatchObject([{ displayId: 'A', ac: 2, total: 4 }]);
    const detail = await fx.get(`/api/get-contest-problem-details?cid=${cid}&displayId=A`, alice);
    expect(detail.data.problemCount).toMatchObject({ total: 2, ac: 0, wa: 2 });
    // The practice list does not show contest submissions.
    const practice = await fx.get('/api/get-submission-list?limit=100', alice);
    expect(practice.data.records.every((r: { cid: number }) => r.cid === 0)).toBe(true);
  });

  it('OI: every result from the seal on is hidden, one’s own listed as −5; the detail of any is −5', async () => {
    const { cid, subs } = await sealedContest(1);
    const a = subs.alice!;
    const b = subs.bob!;
    expect(await listIds(cid, alice)).toEqual([
      [b.before, -1],
      [a.after, JudgeStatus.SUBMITTED_UNKNOWN_RESULT],
      [a.before, -1],
    ]);
    const mine = (await fx.get(`/api/contest-submissions?contestID=${cid}`, alice)).data.records[1];
    expect(mine).toMatchObject({ submitId: a.after, score: null, time: null, memory: null });
    // A status filter must not reveal the hidden ones.
    expect(await listIds(cid, alice, '&status=0')).toEqual([]);
    expect(await listIds(cid, alice, '&status=-1')).toEqual([
      [b.before, -1],
      [a.before, -1],
    ]);
    for (const id of [a.after, a.before, b.before, b.after]) {
      expect((await fx.get(`/api/get-submission-detail?submitId=${id}`, alice)).data.submission.status).toBe(JudgeStatus.SUBMITTED_UNKNOWN_RESULT);
    }
    expect((await fx.get(`/api/get-submission-detail?submitId=${a.after}`, admin)).data.submission).toMatchObject({ status: 0, score: 100 });
    expect((await fx.get(`/api/get-all-case-result?submitId=${a.after}`, alice)).data.judgeCaseList).toEqual([]);
    expect((await fx.post('/api/get-user-problem-status', { pidList: [2, 1], isContestProblemList: true, cid }, alice)).data).toEqual({
      '2': { status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null },
      '1': { status: JudgeStatus.NOT_SUBMITTED, score: null },
    });
    expect((await fx.post('/api/get-user-problem-status', { pidList: [2], isContestProblemList: true, cid }, admin)).data).toEqual({ '2': { status: -10, score: null } });

    // Once the contest is over (autoRealRank), everything shows, details included.
    await fx.sql`update contest set end_time = now() - interval '1 second', duration = extract(epoch from (now() - start_time))::int - 1 where id = ${cid}`;
    expect(await listIds(cid, alice, '&containsEnd=true')).toEqual([
      [b.after, 0],
      [b.before, -1],
      [a.after, 0],
      [a.before, -1],
    ]);
    const after = (await fx.get(`/api/get-submission-detail?submitId=${b.after}`, alice)).data.submission;
    expect(after).toMatchObject({ status: 0, time: 7, code: null });
  });

  it('before-contest submissions are listed apart (the admins’ tries)', async () => {
    const cid = await fx.contest(admin, { startTime: at(2), endTime: at(3600) });
    await withProblems(cid, [[1, 'A']]);
    const early = (await submit(cid, 'A', admin)).data.submitId as number;
    await new Promise((r) => setTimeout(r, 2100));
    const late = (await submit(cid, 'A', alice)).data.submitId as number;
    const ids = async (q: string) => (await fx.get(`/api/contest-submissions?contestID=${cid}${q}`, admin)).data.records.map((r: { submitId: number }) => r.submitId);
    expect(await ids('')).toEqual([late]);
    expect(await ids('&beforeContestSubmit=true')).toEqual([early]);
    expect(root).toBeTruthy();
  });
});
