// Contest administration through the REST routes on the real services and PostgreSQL:
// every rule of the contest form, roles and ownership, visibility, delete, clone, board-version bumps, and the
// contest's problems (display id, display title, colour, removal).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AWARDS } from '@oj/proto';
import { at, ROOT_PASSWORD, startContestFixture, type ContestFixture } from './contest-core-fixture';

let fx: ContestFixture;
let root: string;
let admin: string;
let admin2: string;
let probAdmin: string;
let user: string;

const base = { title: 'Weekly', description: 'Round', type: 0, auth: 0 };
const boardVersion = async (cid: number) => (await fx.sql`select board_version from contest where id = ${cid}`)[0]!.board_version as number;

beforeAll(async () => {
  fx = await startContestFixture();
  root = await fx.login('root', ROOT_PASSWORD);
  await fx.createUser('ca_admin', ['admin']);
  await fx.createUser('ca_admin2', ['admin']);
  await fx.createUser('ca_padmin', ['problem_admin']);
  await fx.createUser('ca_user');
  admin = await fx.login('ca_admin');
  admin2 = await fx.login('ca_admin2');
  probAdmin = await fx.login('ca_padmin');
  user = await fx.login('ca_user');
});
afterAll(async () => {
  await fx?.stop();
});

describe('contest form validation', () => {
  const post = (body: object, token = admin) => fx.post('/api/admin/contest', { ...base, startTime: at(3600), endTime: at(7200), ...body }, token);

  it('needs the root or admin role (a problem admin reaches the problem bank only)', async () => {
    expect(await fx.post('/api/admin/contest', { ...base, startTime: at(60), endTime: at(120) })).toMatchObject({ status: 401 });
    expect(await post({}, user)).toMatchObject({ status: 403, code: 'AUTH_FORBIDDEN' });
    expect(await post({}, probAdmin)).toMatchObject({ status: 403, code: 'AUTH_FORBIDDEN' });
    expect(await post({}, admin)).toMatchObject({ status: 200 });
  });

  it('requires title, description and times; end after start', async () => {
    expect(await post({ title: '' })).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await post({ title: '   ' })).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await post({ description: '' })).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await fx.post('/api/admin/contest', { ...base, endTime: at(60) }, admin)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await post({ startTime: at(7200), endTime: at(3600) })).toMatchObject({ status: 400, code: 'CONTEST_TIME_INVALID' });
    const t = at(3600);
    expect(await post({ startTime: t, endTime: t })).toMatchObject({ code: 'CONTEST_TIME_INVALID' });
  });

  it('stores the duration in seconds and answers the new id', async () => {
    const start = new Date(Date.now() + 3_600_000);
    const r = await post({ startTime: start.toISOString(), endTime: new Date(start.getTime() + 5_400_500).toISOString() });
    expect(r).toMatchObject({ status: 200, data: { cid: expect.any(Number) } });
    const c = await fx.get(`/api/admin/contest?cid=${r.data.cid}`, admin);
    expect(c).toMatchObject({ status: 200, data: { id: r.data.cid, duration: 5400, title: 'Weekly', author: 'ca_admin', visible: true, status: -1 } });
  });

  it('needs a password unless public', async () => {
    expect(await post({ auth: 1 })).toMatchObject({ code: 'CONTEST_PASSWORD_MISSING' });
    expect(await post({ auth: 2, pwd: '  ' })).toMatchObject({ code: 'CONTEST_PASSWORD_MISSING' });
    const r = await post({ auth: 2, pwd: 'pw' });
    // Stored hashed and never shown back, even to its admin: `pwdSet` says there is one.
    expect((await fx.get(`/api/admin/contest?cid=${r.data.cid}`, admin)).data).toMatchObject({ auth: 2, pwd: null, pwdSet: true });
    const pub = await post({ auth: 0, pwd: 'ignored' });
    expect((await fx.get(`/api/admin/contest?cid=${pub.data.cid}`, admin)).data).toMatchObject({ pwd: null, pwdSet: false });
  });

  it('keeps the seal time inside the contest and defaults it like the form', async () => {
    const start = new Date(Date.now() + 3_600_000);
    const iso = (ms: number) => new Date(start.getTime() + ms).toISOString();
    expect(await post({ startTime: iso(0), endTime: iso(7_200_000), sealRank: true, sealRankTime: iso(-1000) })).toMatchObject({ code: 'CONTEST_SEAL_TIME_INVALID' });
    expect(await post({ startTime: iso(0), endTime: iso(7_200_000), sealRank: true, sealRankTime: iso(7_201_000) })).toMatchObject({ code: 'CONTEST_SEAL_TIME_INVALID' });
    const seal = async (body: object) => {
      const r = await post({ startTime: iso(0), sealRank: true, ...body });
      expect(r.status).toBe(200);
      return (await fx.get(`/api/admin/contest?cid=${r.data.cid}`, admin)).data.sealRankTime as string;
    };
    // ACM of at least an hour: one hour before the end; OI or shorter: from the start.
    expect(await seal({ endTime: iso(7_200_000) })).toBe(iso(3_600_000));
    expect(await seal({ endTime: iso(3_599_000) })).toBe(iso(0));
    expect(await seal({ endTime: iso(7_200_000), type: 1 })).toBe(iso(0));
    expect(await seal({ endTime: iso(7_200_000), sealRankTime: iso(1_800_000) })).toBe(iso(1_800_000));
    const off = await post({ startTime: iso(0), endTime: iso(7_200_000), sealRank: false, sealRankTime: iso(1_800_000) });
    expect((await fx.get(`/api/admin/contest?cid=${off.data.cid}`, admin)).data).toMatchObject({ sealRank: false, sealRankTime: null });
  });

  it('trims star accounts, drops empty ones and refuses duplicates', async () => {
    const dup = await post({ starAccount: ['a', ' b ', 'b'] });
    expect(dup).toMatchObject({ code: 'CONTEST_STAR_DUPLICATE' });
    expect(dup.msg).toContain('b');
    const r = await post({ starAccount: [' team1 ', '', '  ', 'team2'] });
    expect((await fx.get(`/api/admin/contest?cid=${r.data.cid}`, admin)).data.starAccount).toEqual(['team1', 'team2']);
  });

  it('checks awards, the OI score type, the rank name and the account rule', async () => {
    const def = await post({ awardType: 1 });
    expect((await fx.get(`/api/admin/contest?cid=${def.data.cid}`, admin)).data.awardConfigList).toEqual(DEFAULT_AWARDS);
    const tooMuch = [
      { priority: 1, name: 'Gold', background: '#fff', color: '#000', num: 60 },
      { priority: 2, name: 'Silver', background: '#fff', color: '#000', num: 50 },
    ];
    expect(await post({ awardType: 1, awardConfigList: tooMuch })).toMatchObject({ code: 'VALIDATION_FAILED' });
    const byCount = await post({ awardType: 2, awardConfigList: [...tooMuch].reverse() });
    expect((await fx.get(`/api/admin/contest?cid=${byCount.data.cid}`, admin)).data.awardConfigList.map((a: { name: string }) => a.name)).toEqual(['Gold', 'Silver']);
    expect(await post({ oiRankScoreType: 'Lowest' })).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await post({ rankShowName: 'email' })).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await post({ openAccountLimit: true })).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await post({ openAccountLimit: true, accountLimitRule: '<prefix>t</prefix><number_from>5</number_from><number_to>1</number_to>' })).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const rule = '<prefix>team</prefix><suffix></suffix><number_from>1</number_from><number_to>20</number_to><extra_account>guest</extra_account>';
    const ok = await post({ type: 1, oiRankScoreType: 'Highest', rankShowName: 'realname', openAccountLimit: true, accountLimitRule: rule });
    expect((await fx.get(`/api/admin/contest?cid=${ok.data.cid}`, admin)).data).toMatchObject({
      type: 1,
      oiRankScoreType: 'Highest',
      rankShowName: 'realname',
      openAccountLimit: true,
      accountLimitRule: rule,
    });
  });
});

describe('contest management', () => {
  it('lets a non-root admin manage only the contests they created; delete is root only', async () => {
    const mine = await fx.contest(admin, { title: 'Mine', startTime: at(3600), endTime: at(7200) });
    const theirs = await fx.contest(admin2, { title: 'Theirs', startTime: at(3600), endTime: at(7200) });
    expect(await fx.get(`/api/admin/contest?cid=${theirs}`, admin)).toMatchObject({ code: 'CONTEST_ADMIN_ONLY' });
    expect(await fx.put('/api/admin/contest', { ...base, id: theirs, startTime: at(3600), endTime: at(7200) }, admin)).toMatchObject({ code: 'CONTEST_ADMIN_ONLY' });
    expect(await fx.put(`/api/admin/contest/change-contest-visible?cid=${theirs}&visible=false`, undefined, admin)).toMatchObject({ code: 'CONTEST_ADMIN_ONLY' });
    expect(await fx.get(`/api/admin/contest?cid=${theirs}`, root)).toMatchObject({ status: 200, data: { title: 'Theirs' } });
    expect(await fx.get('/api/admin/contest?cid=999999', root)).toMatchObject({ code: 'CONTEST_NOT_FOUND' });

    const list = await fx.get('/api/admin/contest/get-contest-list?limit=100', admin);
    const ids = list.data.records.map((c: { id: number }) => c.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const all = await fx.get('/api/admin/contest/get-contest-list?limit=100&keyword=Theirs', root);
    expect(all.data.records.map((c: { id: number }) => c.id)).toEqual([theirs]);
    expect(await fx.get('/api/admin/contest/get-contest-list', user)).toMatchObject({ status: 403 });

    expect(await fx.del(`/api/admin/contest?cid=${mine}`, admin)).toMatchObject({ status: 403, code: 'AUTH_FORBIDDEN' });
    expect(await fx.del(`/api/admin/contest?cid=${mine}`, root)).toMatchObject({ status: 200 });
    expect(await fx.get(`/api/admin/contest?cid=${mine}`, admin)).toMatchObject({ code: 'CONTEST_NOT_FOUND' });
  });

  it('edits: rule changes bump the board version (and record times follow the start); a title change does not', async () => {
    const start = new Date(Date.now() - 3_600_000);
    const end = new Date(Date.now() + 3_600_000);
    const cid = await fx.contest(admin, { startTime: start.toISOString(), endTime: end.toISOString() });
    const body = { ...base, id: cid, startTime: start.toISOString(), endTime: end.toISOString() };
    const v0 = await boardVersion(cid);
    expect(await fx.put('/api/admin/contest', { ...body, title: 'Renamed' }, admin)).toMatchObject({ status: 200 });
    expect(await boardVersion(cid)).toBe(v0);
    expect((await fx.get(`/api/admin/contest?cid=${cid}`, admin)).data.title).toBe('Renamed');
    expect(await fx.put('/api/admin/contest', { ...body, starAccount: ['x'] }, admin)).toMatchObject({ status: 200 });
    expect(await boardVersion(cid)).toBeGreaterThan(v0);

    const [u] = await fx.sql`select uuid from users where username = 'ca_user'`;
    await fx.sql`insert into contest_record (cid, uid, display_id, time, submit_time) values (${cid}, ${u!.uuid}, 'A', 1800, ${new Date(start.getTime() + 1_800_000)})`;
    const v1 = await boardVersion(cid);
    const later = new Date(start.getTime() + 600_000);
    expect(await fx.put('/api/admin/contest', { ...body, starAccount: ['x'], startTime: later.toISOString() }, admin)).toMatchObject({ status: 200 });
    expect(await boardVersion(cid)).toBeGreaterThan(v1);
    const [rec] = await fx.sql`select time from contest_record where cid = ${cid}`;
    expect(rec!.time).toBe(1200);
    expect(await fx.put('/api/admin/contest', { ...base, startTime: at(60), endTime: at(120) }, admin)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('visibility hides a contest from the public list and shell', async () => {
    const cid = await fx.contest(admin, { title: 'Hidden soon', startTime: at(-60), endTime: at(3600) });
    const inList = async () => (await fx.get('/api/get-contest-list?limit=100')).data.records.some((c: { id: number }) => c.id === cid);
    expect(await inList()).toBe(true);
    expect(await fx.put(`/api/admin/contest/change-contest-visible?cid=${cid}&visible=false&uid=whatever`, undefined, admin)).toMatchObject({ status: 200 });
    expect(await inList()).toBe(false);
    expect(await fx.get(`/api/get-contest-info?cid=${cid}`, user)).toMatchObject({ code: 'CONTEST_NOT_FOUND' });
    expect(await fx.get(`/api/get-contest-info?cid=${cid}`, admin)).toMatchObject({ status: 200 });
  });

  it('clones a contest with its problems, hidden, owned by the cloner', async () => {
    const cid = await fx.contest(admin, { title: 'Original', startTime: at(3600), endTime: at(7200) });
    await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 1, displayId: 'A' }, admin);
    const r = await fx.get(`/api/admin/contest/clone?cid=${cid}`, root);
    expect(r).toMatchObject({ status: 200, data: { cid: expect.any(Number) } });
    const clone = await fx.get(`/api/admin/contest?cid=${r.data.cid}`, root);
    expect(clone.data).toMatchObject({ title: 'Original (copy)', visible: false, uid: expect.any(String) });
    expect(clone.data.uid).not.toBe((await fx.get(`/api/admin/contest?cid=${cid}`, root)).data.uid);
    const probs = await fx.get(`/api/admin/contest/get-problem-list?cid=${r.data.cid}`, root);
    expect(Object.values(probs.data.contestProblemMap)).toMatchObject([{ pid: 1, displayId: 'A' }]);
  });
});

describe('contest problems (admin)', () => {
  let cid: number;
  beforeAll(async () => {
    cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600) });
  });

  it('adds from public with a unique display id; the display title defaults to the problem title', async () => {
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 1, displayId: 'A' }, admin)).toMatchObject({ status: 200 });
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 3, displayId: 'A' }, admin)).toMatchObject({ code: 'CONTEST_DISPLAY_ID_EXISTS' });
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 1, displayId: 'Z' }, admin)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 999, displayId: 'Q' }, admin)).toMatchObject({ code: 'PROBLEM_NOT_FOUND' });
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 3, displayId: 'B c' }, admin)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 3, displayId: 'B' }, admin2)).toMatchObject({ code: 'CONTEST_ADMIN_ONLY' });
    const v = await boardVersion(cid);
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 3, displayId: 'B', color: '#ff0000' }, admin)).toMatchObject({ status: 200 });
    expect(await boardVersion(cid)).toBe(v + 1);
    const cp = await fx.get(`/api/admin/contest/contest-problem?cid=${cid}&pid=1`, admin);
    expect(cp).toMatchObject({ status: 200, data: { cid, pid: 1, displayId: 'A', displayTitle: 'A+B Problem', color: null } });
  });

  it('lists the contest problems in display order, and the addable ones by type', async () => {
    const list = await fx.get(`/api/admin/contest/get-problem-list?cid=${cid}`, admin);
    expect(list.data.problemList.records.map((p: { id: number }) => p.id)).toEqual([1, 3]);
    expect(list.data.contestProblemMap['3']).toMatchObject({ displayId: 'B', color: '#ff0000' });
    const addable = await fx.get(`/api/admin/contest/get-problem-list?cid=${cid}&problemType=1`, admin);
    expect(addable.data.problemList.records.map((p: { id: number }) => p.id)).toEqual([2]);
    expect((await fx.get(`/api/admin/contest/get-problem-list?cid=${cid}&problemType=0`, admin)).data.problemList.total).toBe(0);
    expect(await fx.get(`/api/admin/contest/problem?pid=2`, admin)).toMatchObject({ status: 200, data: { id: 2, problemId: '1001' } });
  });

  it('edits display id, title and colour; renaming follows into submissions and records', async () => {
    const [u] = await fx.sql`select uuid from users where username = 'ca_user'`;
    const [j] = await fx.sql`insert into judge (pid, display_pid, uid, username, status, length, code, language, cid, cpid)
      select 1, 'A', ${u!.uuid}, 'ca_user', 0, 60, 'x', 'C', ${cid}, id from contest_problem where cid = ${cid} and pid = 1 returning submit_id`;
    await fx.sql`insert into contest_record (cid, uid, pid, display_id, submit_id, status, time, submit_time) values (${cid}, ${u!.uuid}, 1, 'A', ${j!.submit_id}, 0, 10, now())`;
    expect(await fx.put('/api/admin/contest/contest-problem', { cid, pid: 1, displayId: 'B' }, admin)).toMatchObject({ code: 'CONTEST_DISPLAY_ID_EXISTS' });
    const r = await fx.put('/api/admin/contest/contest-problem', { cid, pid: 1, displayId: 'C', displayTitle: ' ', color: 'blue' }, admin);
    expect(r).toMatchObject({ status: 200, data: { displayId: 'C', displayTitle: 'A+B Problem', color: 'blue' } });
    expect((await fx.sql`select display_pid from judge where submit_id = ${j!.submit_id}`)[0]!.display_pid).toBe('C');
    expect((await fx.sql`select display_id from contest_record where submit_id = ${j!.submit_id}`)[0]!.display_id).toBe('C');
    const titled = await fx.put('/api/admin/contest/contest-problem', { cid, pid: 1, displayId: 'C', displayTitle: 'Sum' }, admin);
    expect(titled.data).toMatchObject({ displayTitle: 'Sum', color: 'blue' });
    expect(await fx.get(`/api/admin/contest/contest-problem?cid=${cid}&pid=2`, admin)).toMatchObject({ code: 'CONTEST_PROBLEM_NOT_FOUND' });
  });

  it('removes a problem from the contest (root or problem_admin) with its submissions; the problem stays', async () => {
    expect(await fx.del(`/api/admin/contest/problem?pid=1&cid=${cid}`, admin)).toMatchObject({ status: 403 });
    expect(await fx.del(`/api/admin/contest/problem?pid=1`, root)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await fx.del(`/api/admin/contest/problem?pid=1&cid=${cid}`, root)).toMatchObject({ status: 200 });
    expect((await fx.sql`select count(*)::int as n from judge where cid = ${cid}`)[0]!.n).toBe(0);
    expect((await fx.sql`select count(*)::int as n from contest_record where cid = ${cid}`)[0]!.n).toBe(0);
    expect((await fx.sql`select count(*)::int as n from problems where id = 1`)[0]!.n).toBe(1);
    const list = await fx.get(`/api/admin/contest/get-problem-list?cid=${cid}`, admin);
    expect(Object.keys(list.data.contestProblemMap)).toEqual(['3']);
  });
});
