// The contest admin finished (issue 13, point 7) through REST on the real services and PostgreSQL: a contest's own
// problems (created and edited inside the contest, not in the public bank), adding from the bank with a display id,
// the accepted-code zip (split by user and by problem, with and without the admins), the final ranklist as CSV and
// XLSX, and the clone.
import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { readZip } from '@oj/services';
import { at, CODE, ROOT_PASSWORD, startContestFixture, type ContestFixture } from './contest-core-fixture';

let fx: ContestFixture;
let root: string;
let admin: string;
let other: string;
let alice: string;
let bob: string;

const ZIP_LIMITS = { entries: 1000, fileBytes: 1 << 20, totalBytes: 1 << 24 };

function ownProblem(cid: number, problemId: string, place: Record<string, unknown>, over: Record<string, unknown> = {}) {
  return {
    cid,
    ...place,
    problem: {
      problemId, title: `Own ${problemId}`, description: 'Add two numbers.', input: 'Two integers.', output: 'Their sum.',
      timeLimit: 1000, memoryLimit: 256, stackLimit: 128, difficulty: 0, auth: 1, type: 0, codeShare: true,
      examples: [{ input: '1 2', output: '3' }], isRemoveEndBlank: true, openCaseResult: true, ...over,
    },
    samples: [{ input: '1 2\n', output: '3\n' }],
    isUploadTestCase: false,
    judgeMode: 'default',
    languages: [{ name: 'C' }, { name: 'C++' }],
    tags: [],
    codeTemplates: [],
  };
}

/** The runner's final event for `submitId`, through the real ingester (records and boards follow). */
async function verdict(submitId: number, status: number): Promise<void> {
  const [j] = await fx.sql<{ version: number }[]>`select version from judge where submit_id = ${submitId}`;
  await fx.services.ingester.handle({ kind: 'final', submitId, version: j!.version, judger: 'hand', status, score: null, time: 10, memory: 1024, errorMessage: null, cases: [] });
}

async function solve(cid: number, displayId: string, token: string, status: number, language = 'C'): Promise<number> {
  const r = await fx.post('/api/submit-problem-judge', { pid: displayId, cid, language, code: CODE }, token);
  expect(r).toMatchObject({ status: 200 });
  await verdict(r.data.submitId, status);
  return r.data.submitId as number;
}

async function download(path: string, token: string) {
  return fx.gw.app.inject({ method: 'GET', url: path, headers: { authorization: token } });
}

beforeAll(async () => {
  fx = await startContestFixture();
  root = await fx.login('root', ROOT_PASSWORD);
  await fx.createUser('ca_admin', ['admin']);
  await fx.createUser('ca_other', ['admin']);
  await fx.createUser('ca_alice');
  await fx.createUser('ca_bob');
  admin = await fx.login('ca_admin');
  other = await fx.login('ca_other');
  alice = await fx.login('ca_alice');
  bob = await fx.login('ca_bob');
});
afterAll(async () => {
  await fx?.stop();
});

describe("a contest's own problems", () => {
  it('are created inside the contest with display id, title and colour, and stay out of the public bank', async () => {
    const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600) });
    const made = await fx.post('/api/admin/contest/problem', ownProblem(cid, 'CA-OWN-1', { displayId: 'A', displayTitle: 'Apples', color: '#ff0000' }), admin);
    expect(made).toMatchObject({ status: 200, data: { pid: expect.any(Number), problemId: 'CA-OWN-1' } });
    const pid = made.data.pid as number;

    const list = await fx.get(`/api/admin/contest/get-problem-list?cid=${cid}`, admin);
    expect(list.data.contestProblemMap[String(pid)]).toMatchObject({ displayId: 'A', displayTitle: 'Apples', color: '#ff0000' });
    expect((await fx.get(`/api/admin/problem?pid=${pid}`, admin)).data).toMatchObject({ auth: 3, title: 'Own CA-OWN-1' });
    // Contestants see it in the contest; the public bank does not list it and its page is closed.
    expect((await fx.get(`/api/get-contest-problem?cid=${cid}`, alice)).data).toMatchObject([{ displayId: 'A', displayTitle: 'Apples', pid }]);
    const bank = await fx.get('/api/get-problem-list?keyword=CA-OWN&limit=50', alice);
    expect(bank.data.records).toEqual([]);
    expect((await fx.get('/api/get-problem-detail?problemId=CA-OWN-1', alice)).status).not.toBe(200);

    // A second one may not take the display id A (catalogue message, in the caller's language).
    const dup = await fx.gw.app.inject({ method: 'POST', url: '/api/admin/contest/problem', payload: ownProblem(cid, 'CA-OWN-2', { displayId: 'A', displayTitle: 'Again' }), headers: { authorization: admin, 'accept-language': 'en-US' } });
    expect(dup.json()).toMatchObject({ status: 400, code: 'CONTEST_DISPLAY_ID_EXISTS' });
    expect(dup.json().msg).toContain('A');
    expect((await fx.sql`select 1 from problems where problem_id = 'CA-OWN-2'`).length).toBe(0);
    // Display title required; the problem form's own rules apply.
    expect(await fx.post('/api/admin/contest/problem', ownProblem(cid, 'CA-OWN-3', { displayId: 'B', displayTitle: '' }), admin)).toMatchObject({ status: 400 });
    expect(await fx.post('/api/admin/contest/problem', ownProblem(cid, 'CA-OWN-1', { displayId: 'B', displayTitle: 'Same id' }), admin)).toMatchObject({ code: 'PROBLEM_ID_EXISTS' });
    // Only the contest's admins.
    expect(await fx.post('/api/admin/contest/problem', ownProblem(cid, 'CA-OWN-4', { displayId: 'C', displayTitle: 'x' }), alice)).toMatchObject({ status: 403 });
    expect(await fx.post('/api/admin/contest/problem', ownProblem(cid, 'CA-OWN-4', { displayId: 'C', displayTitle: 'x' }), other)).toMatchObject({ code: 'CONTEST_ADMIN_ONLY' });
  });

  it('are edited inside the contest: the form and the place in the contest together; a new display id is renamed', async () => {
    const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600) });
    const pid = (await fx.post('/api/admin/contest/problem', ownProblem(cid, 'CA-EDIT', { displayId: 'A', displayTitle: 'First' }), admin)).data.pid as number;
    const sub = await solve(cid, 'A', alice, JudgeStatus.ACCEPTED);
    const edit = ownProblem(cid, 'CA-EDIT', { displayId: 'Z', displayTitle: 'Renamed', color: '#00ff00' }, { id: pid, title: 'Edited title', timeLimit: 2000 });
    expect(await fx.put('/api/admin/contest/problem', edit, admin)).toMatchObject({ status: 200 });
    expect((await fx.get(`/api/admin/contest/contest-problem?cid=${cid}&pid=${pid}`, admin)).data).toMatchObject({ displayId: 'Z', displayTitle: 'Renamed', color: '#00ff00' });
    expect((await fx.get(`/api/admin/problem?pid=${pid}`, admin)).data).toMatchObject({ title: 'Edited title', timeLimit: 2000 });
    const [j] = await fx.sql<{ display_pid: string }[]>`select display_pid from judge where submit_id = ${sub}`;
    expect(j!.display_pid).toBe('Z');
    // A problem of another contest cannot be edited through this one.
    const cid2 = await fx.contest(admin, { startTime: at(-60), endTime: at(3600) });
    expect(await fx.put('/api/admin/contest/problem', { ...edit, cid: cid2 }, admin)).toMatchObject({ code: 'CONTEST_PROBLEM_NOT_FOUND' });
  });
});

describe('add from the public bank', () => {
  it('asks the display id and refuses a duplicate with the catalogue message', async () => {
    const cid = await fx.contest(admin, { startTime: at(-60), endTime: at(3600) });
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 1, displayId: 'A', color: '#123456' }, admin)).toMatchObject({ status: 200 });
    const zh = await fx.gw.app.inject({ method: 'POST', url: '/api/admin/contest/add-problem-from-public', payload: { cid, pid: 2, displayId: 'A' }, headers: { authorization: admin, 'accept-language': 'zh-CN' } });
    expect(zh.json()).toMatchObject({ status: 400, code: 'CONTEST_DISPLAY_ID_EXISTS' });
    expect(zh.json().msg).toMatch(/[\u4e00-\u9fff]/);
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 2, displayId: 'B' }, admin)).toMatchObject({ status: 200 });
    const map = (await fx.get(`/api/admin/contest/get-problem-list?cid=${cid}`, admin)).data.contestProblemMap;
    expect(Object.values(map).map((p) => (p as { displayId: string }).displayId).sort()).toEqual(['A', 'B']);
    expect(map['1']).toMatchObject({ color: '#123456' });
  });
});

describe('downloads and clone', () => {
  let cid: number;
  const subs: Record<string, number> = {};
  beforeAll(async () => {
    cid = await fx.contest(admin, { title: 'Downloads', startTime: at(-600), endTime: at(3600), openRank: true });
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 1, displayId: 'A' }, admin)).toMatchObject({ status: 200 });
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid, pid: 2, displayId: 'B' }, admin)).toMatchObject({ status: 200 });
    subs.aliceA = await solve(cid, 'A', alice, JudgeStatus.ACCEPTED);
    subs.aliceB = await solve(cid, 'B', alice, JudgeStatus.ACCEPTED, 'C++');
    subs.bobWrong = await solve(cid, 'A', bob, JudgeStatus.WRONG_ANSWER);
    subs.bobA = await solve(cid, 'A', bob, JudgeStatus.ACCEPTED, 'Python3');
    subs.adminA = await solve(cid, 'A', admin, JudgeStatus.ACCEPTED);
    subs.rootB = await solve(cid, 'B', root, JudgeStatus.ACCEPTED, 'Java');
  });

  it('the accepted code as a zip: a folder per user or per problem, named by display id, user, submit id and extension', async () => {
    const byUser = await download(`/api/file/download-contest-ac-submission?cid=${cid}&excludeAdmin=false&splitType=user`, admin);
    expect(byUser.statusCode).toBe(200);
    expect(byUser.headers['content-type']).toBe('application/zip');
    expect(byUser.headers['content-disposition']).toContain(`contest-${cid}-ac-user.zip`);
    const files = readZip(byUser.rawPayload, ZIP_LIMITS, () => true);
    expect(files.map((f) => f.name).sort()).toEqual(
      [
        `ca_admin/A_ca_admin_${subs.adminA}.c`,
        `ca_alice/A_ca_alice_${subs.aliceA}.c`,
        `ca_alice/B_ca_alice_${subs.aliceB}.cpp`,
        `ca_bob/A_ca_bob_${subs.bobA}.py`,
        `root/B_root_${subs.rootB}.java`,
      ].sort(),
    );
    for (const f of files) expect(f.data.toString('utf8')).toBe(CODE);

    const byProblem = await download(`/api/file/download-contest-ac-submission?cid=${cid}&excludeAdmin=true&splitType=problem`, admin);
    const names = readZip(byProblem.rawPayload, ZIP_LIMITS, () => true).map((f) => f.name).sort();
    // Without the contest's creator and the super admins; the wrong answer never.
    expect(names).toEqual([`A/A_ca_alice_${subs.aliceA}.c`, `A/A_ca_bob_${subs.bobA}.py`, `B/B_ca_alice_${subs.aliceB}.cpp`].sort());
  });

  it('streams with a bounded heap: 1,500 accepted submissions of 40 KB (60 MB of code) leave without being held', async () => {
    const big = await fx.contest(admin, { title: 'Big zip', startTime: at(-600), endTime: at(3600) });
    expect(await fx.post('/api/admin/contest/add-problem-from-public', { cid: big, pid: 1, displayId: 'A' }, admin)).toMatchObject({ status: 200 });
    const [u] = await fx.sql<{ uuid: string }[]>`select uuid from users where username = 'ca_alice'`;
    const [cp] = await fx.sql<{ id: number }[]>`select id from contest_problem where cid = ${big}`;
    const N = 1500;
    const SIZE = 40_000;
    for (let b = 0; b < N; b += 100) {
      const rows = Array.from({ length: 100 }, (_, i) => {
        const code = `// ${b + i}\n${randomBytes(SIZE * 0.75).toString('base64')}`.slice(0, SIZE);
        return { pid: 1, display_pid: 'A', uid: u!.uuid, username: 'ca_alice', submit_time: new Date(), status: JudgeStatus.ACCEPTED, length: code.length, code, language: 'C', cid: big, cpid: cp!.id, lane: 'contest' };
      });
      await fx.sql`insert into judge ${fx.sql(rows)}`;
    }
    // A clean baseline: the inserts above left tens of MB of garbage.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let bytes = 0;
    let chunks = 0;
    const res = await fetch(`${fx.url}/api/file/download-contest-ac-submission?cid=${big}&splitType=user`, { headers: { authorization: admin } });
    expect(res.headers.get('content-type')).toBe('application/zip');
    const tail: Buffer[] = [];
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      tail.push(Buffer.from(chunk));
      if (tail.length > 4) tail.shift();
      // What is still held (garbage collected first), every 200 chunks.
      if (++chunks % 200 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
    const source = N * SIZE;
    console.log(`AC zip: ${N} files, ${(source / 1e6).toFixed(0)} MB of code, ${(bytes / 1e6).toFixed(1)} MB zip, most held at once ${((peak - before) / 1e6).toFixed(1)} MB over ${chunks} chunks`);
    expect(bytes).toBeGreaterThan(source * 0.5);
    // Held whole, the code alone would be 60 MB (and its zip another 45 MB) on the heap; streamed, about one batch
    // of 100 submissions (4 MB here; a second may be arriving meanwhile) plus the socket's buffers.
    expect(peak - before).toBeLessThan(source / 4);
    // The end of central directory record counts every file.
    const end = Buffer.concat(tail).subarray(-22);
    expect(end.readUInt32LE(0)).toBe(0x06054b50);
    expect(end.readUInt16LE(10)).toBe(N);
  });

  it('the accepted-code zip is for the contest admins only, and checks its query', async () => {
    expect((await download(`/api/file/download-contest-ac-submission?cid=${cid}&splitType=user`, alice)).json()).toMatchObject({ code: 'CONTEST_ADMIN_ONLY' });
    expect((await download(`/api/file/download-contest-ac-submission?cid=${cid}&splitType=team`, admin)).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((await fx.gw.app.inject({ method: 'GET', url: `/api/file/download-contest-ac-submission?cid=${cid}&splitType=user` })).statusCode).toBe(401);
  });

  it('the final ranklist as CSV and XLSX, with the board’s columns and rows', async () => {
    const csv = await download(`/api/file/download-contest-rank?cid=${cid}&forceRefresh=true&format=csv`, admin);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Rank,Name,Username,Realname,School,AC,Total Time (min),A,B,Award');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^1,ca_alice,ca_alice,,,2,\d+,\d+ FB,\d+ FB,$/);
    // Same-second accepts share first blood, so bob's may carry FB too.
    expect(lines[2]).toMatch(/^2,ca_bob,ca_bob,,,1,\d+,\d+ \(-1\)( FB)?,,$/);

    const xlsx = await download(`/api/file/download-contest-rank?cid=${cid}&forceRefresh=true&format=xlsx`, admin);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toContain(`contest-${cid}-rank.xlsx`);
    const parts = readZip(xlsx.rawPayload, ZIP_LIMITS, () => true);
    const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!.data.toString('utf8');
    const cells = [...sheet.matchAll(/<c r="([A-Z]+\d+)"(?: t="inlineStr")?>(?:<v>([^<]*)<\/v>|<is><t[^>]*>([^<]*)<\/t><\/is>)<\/c>/g)].map((m) => [m[1], m[2] ?? m[3]]);
    const at = Object.fromEntries(cells);
    expect(at).toMatchObject({ A1: 'Rank', B1: 'Name', H1: 'A', I1: 'B', A2: '1', C2: 'ca_alice', F2: '2', A3: '2', C3: 'ca_bob', F3: '1' });
    // Numbers stay numbers in the sheet.
    expect(sheet).toContain('<c r="F2"><v>2</v></c>');
    expect(await download(`/api/file/download-contest-rank?cid=${cid}&format=pdf`, admin).then((r) => r.json())).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('clones the settings and problems, not the registrations or submissions; the copy starts hidden', async () => {
    const r = await fx.get(`/api/admin/contest/clone?cid=${cid}`, admin);
    expect(r).toMatchObject({ status: 200, data: { cid: expect.any(Number) } });
    const copy = (await fx.get(`/api/admin/contest?cid=${r.data.cid}`, admin)).data;
    expect(copy).toMatchObject({ title: 'Downloads (copy)', visible: false, openRank: true, count: 0 });
    const probs = (await fx.get(`/api/admin/contest/get-problem-list?cid=${r.data.cid}`, admin)).data.contestProblemMap;
    expect(Object.values(probs).map((p) => (p as { displayId: string }).displayId).sort()).toEqual(['A', 'B']);
    const [{ n }] = await fx.sql<{ n: number }[]>`select count(*)::int as n from judge where cid = ${r.data.cid}`;
    expect(n).toBe(0);
  });
});
