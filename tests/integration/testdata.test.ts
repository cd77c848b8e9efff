// Test data end to end, on the in-process bus and on a real nats-server (object store `oj-testdata`): a zip
// uploaded over REST becomes the problem's case set, the real runner fetches that version once and judges with
// it, a re-upload is a new version judged with at once, the download returns the same files, and bad zips are
// refused with catalogued errors; the spool directory of uploads is empty after each (testdata-upload.test.ts has
// the upload's HTTP side: refusals before the body is read, the streamed limit, the progress).
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInProgress, JudgeStatus, LOCAL_LANGUAGES, type RunnerTransport, type ServicesTransport, type PushTransport } from '@oj/proto';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { createMemoryBus, createNatsBus, createServices, migrate, readZip, seed, silentLogger, writeZip, type OjServicesImpl } from '@oj/services';
import { createNatsRunnerTransport, createRunnerLogger, loadRunnerConfig, startRunner, type Runner } from '@oj/judge-runner';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { startTestNats, type TestNats } from '../support/nats';

const ADMIN_PASSWORD = 'testdata-root-1';
const A_PLUS_B = LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template;
const LIMITS = { entries: 100, fileBytes: 1 << 20, totalBytes: 1 << 22 };

type Envelope<T = unknown> = { status: number; data: T; msg: string; code?: string };
const f = (name: string, text: string) => ({ name, data: Buffer.from(text) });

function multipart(fileName: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----oj-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/zip\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface World {
  gw: Gateway;
  /** Where the services spool uploads (must be empty between uploads). */
  spool: string;
  services: OjServicesImpl;
  runner: Runner;
  token: string;
  pid: number;
  stop(): Promise<void>;
}

async function startWorld(kind: 'memory' | 'nats', db: TestDatabase, root: string, nats: TestNats | null): Promise<World> {
  const stops: (() => Promise<void>)[] = [];
  let servicesBus: ServicesTransport & PushTransport;
  let runnerBus: RunnerTransport;
  if (kind === 'memory') {
    const bus = createMemoryBus();
    servicesBus = bus;
    runnerBus = bus;
    stops.push(() => bus.close());
  } else {
    const bus = await createNatsBus({ url: nats!.url });
    servicesBus = bus;
    stops.push(() => bus.close());
    runnerBus = await createNatsRunnerTransport({ url: nats!.url });
    stops.push(() => runnerBus.close());
  }
  const spool = path.join(root, `${kind}-spool`);
  await mkdir(spool, { recursive: true });
  const services = await createServices({
    databaseUrl: db.url,
    transport: servicesBus,
    logger: silentLogger(),
    config: { submitIntervalS: 0, uploadTmpDir: spool },
  });
  stops.push(() => services.close());
  await services.startWorkers();
  const config = loadRunnerConfig({
    OJ_RUNNER_ID: `testdata-${kind}`,
    OJ_RUNNER_WORK_DIR: path.join(root, kind),
    OJ_SANDBOX: 'bwrap',
    OJ_SANDBOX_UID_BASE: kind === 'memory' ? '23400' : '23500',
    ...(nats ? { NATS_URL: nats.url } : {}),
  });
  const runner = await startRunner({ transport: runnerBus, config, logger: createRunnerLogger({ level: 'silent' }) });
  stops.push(() => runner.stop());
  const gw = await buildGateway({ services, push: servicesBus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'testdata-secret-'.padEnd(40, 'x') }) });
  stops.push(() => gw.close());

  const login = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'root', password: ADMIN_PASSWORD } });
  const token = login.headers.authorization as string;
  const detail = await gw.app.inject({ method: 'GET', url: '/api/get-problem-detail?problemId=1000', headers: { authorization: token } });
  const pid = (detail.json() as Envelope<{ problem: { id: number } }>).data.problem.id;
  return {
    gw,
    spool,
    services,
    runner,
    token,
    pid,
    stop: async () => {
      for (const s of stops.reverse()) await s();
    },
  };
}

async function upload(w: World, zip: Buffer, query: string, fileName = 'cases.zip', token = w.token): Promise<Envelope<{ fileList: unknown[]; fileListDir: string; caseVersion?: string }>> {
  const { payload, headers } = multipart(fileName, zip);
  const res = await w.gw.app.inject({ method: 'POST', url: `/api/file/upload-testcase-zip?${query}`, payload, headers: { ...headers, authorization: token } });
  // Accepted or refused, nothing of the upload stays on disk.
  expect(await readdir(w.spool)).toEqual([]);
  return res.json();
}

/** Submits A+B (or `code`) to problem 1000 and waits (bounded) for its final status. */
async function judgeAPlusB(w: World, code = A_PLUS_B): Promise<number> {
  const res = await w.gw.app.inject({ method: 'POST', url: '/api/submit-problem-judge', headers: { authorization: w.token }, payload: { pid: '1000', language: 'C', code, cid: 0 } });
  const body = res.json() as Envelope<{ submitId: number }>;
  expect(body.status).toBe(200);
  for (let i = 0; i < 600; i++) {
    const d = await w.gw.app.inject({ method: 'GET', url: `/api/get-submission-detail?submitId=${body.data.submitId}`, headers: { authorization: w.token } });
    const status = (d.json() as Envelope<{ submission: { status: number } }>).data.submission.status;
    if (!isInProgress(status)) return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no verdict');
}

const goodZip = (answers: [string, string]) =>
  writeZip([f('1.in', '1 2\n'), f('1.out', answers[0]), f('2.in', '20 22\n'), f('2.ans', answers[1])]);

let db: TestDatabase;
let nats: TestNats;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'oj-testdata-'));
  await chmod(root, 0o711);
  db = await startTestDatabase();
  await migrate(db.url);
  await seed(db.url, { adminPassword: ADMIN_PASSWORD });
  nats = await startTestNats();
});

afterAll(async () => {
  await nats?.stop();
  await db?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe.each(['memory', 'nats'] as const)('test data on the %s bus', (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(kind, db, root, kind === 'nats' ? nats : null);
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('uploads a case set, judges with it, fetches it once, and judges a re-upload with the new version at once', async () => {
    const first = await upload(w, goodZip(['3\n', '42\n']), `mode=default&pid=${w.pid}`);
    expect(first.status).toBe(200);
    expect(first.data.fileList).toEqual([
      { input: '1.in', output: '1.out', score: 50 },
      { input: '2.in', output: '2.ans', score: 50 },
    ]);
    expect(first.data.caseVersion).toBe(first.data.fileListDir);
    const fetchesBefore = w.runner.testdata.fetches;

    expect(await judgeAPlusB(w)).toBe(JudgeStatus.ACCEPTED);
    expect(w.runner.testdata.fetches).toBe(fetchesBefore + 1);
    expect(w.runner.testdata.has(first.data.fileListDir)).toBe(true);
    // The second job of the same version fetches nothing.
    expect(await judgeAPlusB(w)).toBe(JudgeStatus.ACCEPTED);
    expect(w.runner.testdata.fetches).toBe(fetchesBefore + 1);

    // Re-upload with a different answer: a new version, and the very next judgement uses it.
    const second = await upload(w, goodZip(['3\n', '43\n']), `pid=${w.pid}`);
    expect(second.status).toBe(200);
    expect(second.data.caseVersion).not.toBe(first.data.caseVersion);
    expect(await judgeAPlusB(w)).toBe(JudgeStatus.WRONG_ANSWER);
    expect(w.runner.testdata.fetches).toBe(fetchesBefore + 2);

    // Back to the first content: the same version as before, already cached.
    const third = await upload(w, goodZip(['3\n', '42\n']), `pid=${w.pid}`);
    expect(third.data.caseVersion).toBe(first.data.caseVersion);
    expect(await judgeAPlusB(w)).toBe(JudgeStatus.ACCEPTED);
    expect(w.runner.testdata.fetches).toBe(fetchesBefore + 2);
  }, 180_000);

  it('downloads the problem’s cases as the same files', async () => {
    const res = await w.gw.app.inject({ method: 'GET', url: `/api/file/download-testcase?pid=${w.pid}`, headers: { authorization: w.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="problem_1000_testcase_\d+\.zip"; filename\*=UTF-8''problem_1000_testcase_\d+\.zip$/);
    const files = readZip(res.rawPayload, LIMITS, () => true).map((e) => [e.name, e.data.toString()]);
    expect(files).toEqual([
      ['1.in', '1 2\n'],
      ['1.out', '3\n'],
      ['2.ans', '42\n'],
      ['2.in', '20 22\n'],
    ]);
  });

  it.runIf(kind === 'memory')('keeps the cached answers out of the sandboxed program’s reach', async () => {
    const version = (await upload(w, goodZip(['3\n', '42\n']), `pid=${w.pid}`)).data.caseVersion!;
    expect(await judgeAPlusB(w)).toBe(JudgeStatus.ACCEPTED);
    // Prints the cached answer file if it can open it (that would be Accepted on both cases).
    const answers = path.join(root, kind, '.testdata', version);
    expect(await readFile(path.join(answers, '2.ans'), 'utf8')).toBe('42\n');
    const cheat = `#include <stdio.h>
int main(void) {
  static char buf[4096]; int a, b; FILE *f;
  if (scanf("%d %d", &a, &b) != 2) return 1;
  f = fopen(a == 1 ? "${answers}/1.out" : "${answers}/2.ans", "r");
  if (!f) { puts("no access to the answers"); return 0; }
  fputs(fgets(buf, sizeof buf, f) ? buf : "", stdout);
  return 0;
}
`;
    expect(await judgeAPlusB(w, cheat)).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it.runIf(kind === 'memory')('takes uploads far above the JSON body limit', async () => {
    const big = randomBytes(3 << 20); // incompressible: the zip is > 3 MiB
    const res = await upload(w, writeZip([{ name: 'big.in', data: big }, f('big.out', 'x')]), 'mode=default');
    expect(res).toMatchObject({ status: 200, data: { fileList: [{ input: 'big.in', output: 'big.out', score: 100 }] } });
  });

  it.runIf(kind === 'memory')('refuses bad zips with catalogued errors in both languages, and non-admins', async () => {
    const mismatched = await upload(w, writeZip([f('1.in', '1'), f('2.out', '2')]), `pid=${w.pid}`);
    expect(mismatched).toMatchObject({ status: 400, code: 'TESTCASE_UNMATCHED' });
    expect(mismatched.msg).toMatch(/^上传测试数据或题目失败/);
    const en = await upload(w, writeZip([f('1.in', '1'), f('2.out', '2')]), `pid=${w.pid}&l=en-US`);
    expect(en.msg).toBe('Upload testcase or problem failed: 1.in has no matching .out/.ans file');

    expect(await upload(w, writeZip([f('1.in', '1'), f('1.out', '1'), f('../../etc/x.in', '')]), 'mode=default')).toMatchObject({ code: 'TESTCASE_UNSAFE_PATH' });

    const bomb = Buffer.from(writeZip([{ name: '1.in', data: Buffer.alloc(4 << 20) }, f('1.out', '')]));
    for (let i = 0; i + 4 <= bomb.length; i++) {
      if (bomb.readUInt32LE(i) === 0x04034b50) bomb.writeUInt32LE(10, i + 22);
      if (bomb.readUInt32LE(i) === 0x02014b50) bomb.writeUInt32LE(10, i + 24);
    }
    expect(await upload(w, bomb, 'mode=default')).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await upload(w, goodZip(['3\n', '42\n']), 'mode=default', 'cases.rar')).toMatchObject({ code: 'FILE_TYPE_NOT_SUPPORTED' });
    expect(await upload(w, Buffer.from('just text'), 'mode=default')).toMatchObject({ code: 'FILE_TYPE_NOT_SUPPORTED' });
    expect(await upload(w, goodZip(['3\n', '42\n']), 'pid=999999')).toMatchObject({ code: 'PROBLEM_NOT_FOUND' });

    // The problem still has the last good version.
    expect(await judgeAPlusB(w)).toBe(JudgeStatus.ACCEPTED);

    await w.services.account.createUser({ username: 'plainuser', password: 'plain-pass-1' });
    const login = await w.gw.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'plainuser', password: 'plain-pass-1' } });
    const userToken = login.headers.authorization as string;
    expect(await upload(w, goodZip(['3\n', '42\n']), `pid=${w.pid}`, 'cases.zip', userToken)).toMatchObject({ code: 'AUTH_FORBIDDEN' });
    const dl = await w.gw.app.inject({ method: 'GET', url: `/api/file/download-testcase?pid=${w.pid}`, headers: { authorization: userToken } });
    expect(dl.json()).toMatchObject({ code: 'AUTH_FORBIDDEN' });
    const anon = await w.gw.app.inject({ method: 'GET', url: `/api/file/download-testcase?pid=${w.pid}` });
    expect(anon.statusCode).toBe(401);
  }, 120_000);
});
