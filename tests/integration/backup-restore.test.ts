// Backups (docs/operations.md): `pnpm backup` saves the database with pg_dump and every test-data object of the
// NATS object store; `pnpm restore` puts them into a new PostgreSQL database and a new nats-server, and the judge
// started on them has the same users, problems, submissions and test data (it judges with the restored cases). A
// damaged backup or a failing restore changes nothing. PostgreSQL here is the system's own (Debian 15) so that
// pg_dump and the server are the same major version.
import { cp, mkdtemp, readFile, rm, truncate, writeFile, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInProgress, JudgeStatus, LOCAL_LANGUAGES } from '@oj/proto';
import { startStack, type Stack } from '@oj/infra';
import { writeZip } from '@oj/services';
import { createBackup, fileDigest, MANIFEST_FILE, parseManifest, pickPgTool, restoreBackup } from '@oj/infra/backup';
import { startDebianPostgres, type DebianPostgres } from '../support/debian-postgres';
import { startTestNats, type TestNats } from '../support/nats';

const PASSWORD = 'backup-root-1';
const A_PLUS_B = LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template;
type Envelope<T = unknown> = { status: number; data: T; msg: string };

async function startJudge(root: string, name: string, databaseUrl: string, natsUrl: string, uidBase: string): Promise<Stack> {
  return startStack(
    { port: 0, host: '127.0.0.1', dataDir: path.join(root, name), databaseUrl, natsUrl, adminPassword: PASSWORD },
    {
      env: { OJ_SUBMIT_INTERVAL_S: '0', OJ_SANDBOX: 'bwrap', OJ_SANDBOX_UID_BASE: uidBase, OJ_RUNNER_WORK_DIR: path.join(root, `${name}-work`) },
      logLevel: 'warn',
    },
  );
}

async function login(stack: Stack): Promise<string> {
  const res = await fetch(`${stack.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('authorization')!;
}

async function api<T>(stack: Stack, token: string, url: string, init: RequestInit = {}): Promise<Envelope<T>> {
  const res = await fetch(`${stack.url}${url}`, { ...init, headers: { authorization: token, ...(init.headers ?? {}) } });
  return (await res.json()) as Envelope<T>;
}

async function judgeAPlusB(stack: Stack, token: string): Promise<{ submitId: number; status: number }> {
  const sent = await api<{ submitId: number }>(stack, token, '/api/submit-problem-judge', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pid: '1000', language: 'C', code: A_PLUS_B, cid: 0 }),
  });
  expect(sent.status).toBe(200);
  for (let i = 0; i < 600; i++) {
    const d = await api<{ submission: { status: number } }>(stack, token, `/api/get-submission-detail?submitId=${sent.data.submitId}`);
    if (!isInProgress(d.data.submission.status)) return { submitId: sent.data.submitId, status: d.data.submission.status };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no verdict');
}

async function downloadCases(stack: Stack, token: string, pid: number): Promise<Buffer> {
  const res = await fetch(`${stack.url}/api/file/download-testcase?pid=${pid}`, { headers: { authorization: token } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function count(url: string, table: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from ${table}`);
    return row!.n;
  } finally {
    await sql.end();
  }
}

describe('backup and restore', () => {
  let root: string;
  let pg: DebianPostgres;
  let natsA: TestNats;
  let natsB: TestNats;
  let backupDir: string;
  let pid = 0;
  let casesZip: Buffer;
  let judgedBefore: { submitId: number; status: number };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'oj-backup-'));
    await chmod(root, 0o755);
    pg = await startDebianPostgres();
    await pg.createDatabase('oj_src');
    await pg.createDatabase('oj_dst');
    natsA = await startTestNats();
    natsB = await startTestNats();
    backupDir = path.join(root, 'backup');

    // The judge in use: test data uploaded, a submission judged with it.
    const a = await startJudge(root, 'a', pg.urlFor('oj_src'), natsA.url, '23700');
    try {
      const token = await login(a);
      pid = (await api<{ problem: { id: number } }>(a, token, '/api/get-problem-detail?problemId=1000')).data.problem.id;
      const zip = writeZip([
        { name: '1.in', data: Buffer.from('1 2\n') },
        { name: '1.out', data: Buffer.from('3\n') },
        { name: '2.in', data: Buffer.from('20 22\n') },
        { name: '2.out', data: Buffer.from('42\n') },
      ]);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'cases.zip');
      const up = await api(a, token, `/api/file/upload-testcase-zip?mode=default&pid=${pid}`, { method: 'POST', body: form });
      expect(up.status).toBe(200);
      judgedBefore = await judgeAPlusB(a, token);
      expect(judgedBefore.status).toBe(JudgeStatus.ACCEPTED);
      casesZip = await downloadCases(a, token, pid);
    } finally {
      await a.stop();
    }
  }, 240_000);

  afterAll(async () => {
    await natsA?.stop();
    await natsB?.stop();
    await pg?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('saves the database and every test-data object with their checksums', async () => {
    const lines: string[] = [];
    const manifest = await createBackup({ databaseUrl: pg.urlFor('oj_src'), natsUrl: natsA.url }, backupDir, (l) => lines.push(l));
    expect(manifest.database.pgDumpMajor).toBeGreaterThanOrEqual(pg.major);
    expect(manifest.testdata.length).toBeGreaterThanOrEqual(1);
    expect(parseManifest(await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8'))).toEqual(manifest);
    for (const o of manifest.testdata) expect(await fileDigest(path.join(backupDir, o.file))).toEqual({ sha256: o.sha256, size: o.size });
    // The password never reaches the command line or the log.
    expect(lines.join('\n')).not.toContain('backup-test-pw');
    // A backup goes into a new directory only.
    await expect(createBackup({ databaseUrl: pg.urlFor('oj_src'), natsUrl: natsA.url }, backupDir)).rejects.toThrow(/not empty/);
  }, 120_000);

  it('refuses a damaged backup before touching anything', async () => {
    const damaged = path.join(root, 'damaged');
    await cp(backupDir, damaged, { recursive: true });
    const manifest = parseManifest(await readFile(path.join(damaged, MANIFEST_FILE), 'utf8'));
    await writeFile(path.join(damaged, manifest.testdata[0]!.file), 'not the cases');
    await expect(restoreBackup({ databaseUrl: pg.urlFor('oj_dst'), natsUrl: natsB.url }, damaged)).rejects.toThrow(/does not match the manifest/);
    expect(await count(pg.urlFor('oj_dst'), "pg_tables where schemaname = 'public'")).toBe(0);
  });

  it('restores into a new database and object store, and the judge started on them has everything', async () => {
    await restoreBackup({ databaseUrl: pg.urlFor('oj_dst'), natsUrl: natsB.url }, backupDir);
    for (const table of ['users', 'problems', 'judge', 'problem_case']) {
      expect(await count(pg.urlFor('oj_dst'), table)).toBe(await count(pg.urlFor('oj_src'), table));
    }
    // Not a second time over the restored data, without --replace.
    await expect(restoreBackup({ databaseUrl: pg.urlFor('oj_dst'), natsUrl: natsB.url }, backupDir)).rejects.toThrow(/already has \d+ table/);

    const b = await startJudge(root, 'b', pg.urlFor('oj_dst'), natsB.url, '23720');
    try {
      const token = await login(b);
      const before = await api<{ submission: { status: number } }>(b, token, `/api/get-submission-detail?submitId=${judgedBefore.submitId}`);
      expect(before.data.submission.status).toBe(JudgeStatus.ACCEPTED);
      // The runner of the new judge fetches the restored cases from the new object store and judges with them.
      expect((await judgeAPlusB(b, token)).status).toBe(JudgeStatus.ACCEPTED);
      expect(await downloadCases(b, token, pid)).toEqual(casesZip);
    } finally {
      await b.stop();
    }
  }, 240_000);

  it('a restore that fails half-way is rolled back whole (--replace over a live database)', async () => {
    const broken = path.join(root, 'broken');
    await cp(backupDir, broken, { recursive: true });
    const manifest = parseManifest(await readFile(path.join(broken, MANIFEST_FILE), 'utf8'));
    const dump = path.join(broken, manifest.database.file);
    await truncate(dump, Math.floor(manifest.database.size * 0.6));
    await writeFile(path.join(broken, MANIFEST_FILE), JSON.stringify({ ...manifest, database: { ...manifest.database, ...(await fileDigest(dump)) } }));
    const users = await count(pg.urlFor('oj_dst'), 'users');
    const judges = await count(pg.urlFor('oj_dst'), 'judge');
    await expect(restoreBackup({ databaseUrl: pg.urlFor('oj_dst'), natsUrl: natsB.url }, broken, { replace: true })).rejects.toThrow(/rolled back/);
    expect(await count(pg.urlFor('oj_dst'), 'users')).toBe(users);
    expect(await count(pg.urlFor('oj_dst'), 'judge')).toBe(judges);
    // --replace with the good backup replaces it.
    await restoreBackup({ databaseUrl: pg.urlFor('oj_dst'), natsUrl: natsB.url }, backupDir, { replace: true });
    expect(await count(pg.urlFor('oj_dst'), 'judge')).toBe(await count(pg.urlFor('oj_src'), 'judge'));
  }, 120_000);

  it('names the pg_dump it needs when none is new enough for the server', () => {
    expect(() => pickPgTool('pg_dump', 99)).toThrow(/pg_dump 99 or newer is needed.*OJ_PG_BIN/);
  });
});
