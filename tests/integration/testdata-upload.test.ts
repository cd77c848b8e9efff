// The HTTP side of a test-data upload, over a real socket to a listening gateway: a non-admin's 100 MB body and a body
// announced over the limit are answered before they are read (and the gateway's memory does not grow by them), an
// upload streamed past the limit is stopped, the spool directory is emptied whatever happens, the progress reaches the
// uploader's `user` topic, and on a real nats-server a multi-megabyte upload is stored in chunks and reads back whole.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import type { PushMessage, PushTransport, ServicesTransport } from '@oj/proto';
import { createMemoryBus, createNatsBus, createServices, migrate, seed, silentLogger, writeZip, type OjServicesImpl } from '@oj/services';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { startTestNats, type TestNats } from '../support/nats';

const ADMIN_PASSWORD = 'upload-root-1';
const ZIP_LIMIT_MB = 8;
const MiB = 1024 * 1024;
const BOUNDARY = '----oj-upload-boundary';
const f = (name: string, text: string | Buffer) => ({ name, data: Buffer.from(text) });

type Envelope<T = unknown> = { status: number; data: T; msg: string; code?: string };

interface RawAnswer {
  http: number;
  /** The answer's Connection header. */
  connection: string | undefined;
  body: Envelope;
  /** Bytes of the body the client had written when the answer arrived. */
  sentWhenAnswered: number;
  ms: number;
}

/**
 * POSTs a multipart upload whose file part is `fileBytes` bytes (`chunk` repeated, then `tail`), written with
 * backpressure and stopped as soon as the answer arrives. With `announce`, the request carries a Content-Length of
 * that many bytes; otherwise it is chunked.
 */
async function rawUpload(base: string, query: string, token: string | null, fileBytes: number, opts: { chunk?: Buffer; tail?: Buffer; announce?: number } = {}): Promise<RawAnswer> {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cases.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const foot = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const tail = opts.tail ?? Buffer.alloc(0);
  const chunk = opts.chunk ?? Buffer.alloc(MiB, 0x61);
  const headers: Record<string, string | number> = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (token) headers.authorization = token;
  if (opts.announce !== undefined) headers['content-length'] = opts.announce;
  const t0 = performance.now();
  const req = http.request(`${base}/api/file/upload-testcase-zip?${query}`, { method: 'POST', headers });
  req.on('error', () => {}); // the gateway may close the connection under a body it refused
  let sent = 0;
  let answered = false;
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    req.once('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => resolve({ http: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(Buffer.concat(parts).toString()) as Envelope, sentWhenAnswered, ms: performance.now() - t0 }));
      res.on('error', reject);
    });
  });
  const write = async (b: Buffer) => {
    if (answered || req.destroyed) return;
    sent += b.length;
    if (!req.write(b)) await Promise.race([once(req, 'drain'), answer, once(req, 'close')]);
  };
  await write(head);
  let left = fileBytes - tail.length;
  while (left > 0 && !answered && !req.destroyed) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    await write(piece);
    left -= piece.length;
  }
  await write(tail);
  await write(foot);
  if (!req.destroyed) req.end();
  return answer;
}

/** A stored (uncompressed) zip of `n` cases whose inputs are `inBytes` random bytes each. */
const storedCases = (n: number, inBytes: number) =>
  writeZip(
    Array.from({ length: n }, (_, i) => [f(`${i + 1}.in`, randomBytes(inBytes)), f(`${i + 1}.out`, `${i}\n`)]).flat(),
    { store: true },
  );

interface World {
  gw: Gateway;
  base: string;
  services: OjServicesImpl;
  bus: ServicesTransport & PushTransport;
  spool: string;
  token: string;
  /** The admin's uid. */
  uid: string;
  stop(): Promise<void>;
}

async function startWorld(db: TestDatabase, root: string, nats: TestNats | null): Promise<World> {
  const bus = nats ? await createNatsBus({ url: nats.url }) : createMemoryBus();
  const spool = path.join(root, nats ? 'nats-spool' : 'memory-spool');
  await mkdir(spool, { recursive: true });
  const services = await createServices({ databaseUrl: db.url, transport: bus, logger: silentLogger(), config: { testdataMaxZipMb: ZIP_LIMIT_MB, uploadTmpDir: spool } });
  const gw = await buildGateway({ services, push: bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'upload-secret-'.padEnd(40, 'x') }) });
  const base = await gw.listen(0, '127.0.0.1');
  const login = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'root', password: ADMIN_PASSWORD } });
  return {
    gw,
    base,
    services,
    bus,
    spool,
    token: login.headers.authorization as string,
    uid: (login.json() as Envelope<{ uid: string }>).data.uid,
    stop: async () => {
      await gw.close();
      await services.close();
      await bus.close();
    },
  };
}

let db: TestDatabase;
let nats: TestNats;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'oj-upload-'));
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

describe('upload refusals before the body is read (in-process bus)', () => {
  let w: World;
  let userToken: string;
  beforeAll(async () => {
    w = await startWorld(db, root, null);
    await w.services.account.createUser({ username: 'uploader', password: 'plain-pass-1' });
    const login = await w.gw.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'uploader', password: 'plain-pass-1' } });
    userToken = login.headers.authorization as string;
  });
  afterAll(() => w?.stop());

  it('answers a non-admin’s 100 MB upload at once, without reading it into memory', async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const r = await rawUpload(w.base, 'mode=default', userToken, 100 * MiB, { announce: 100 * MiB + 1024 });
    expect(r.http).toBe(403);
    expect(r.body).toMatchObject({ status: 403, code: 'AUTH_FORBIDDEN' });
    // The rest of the body is not worth receiving: the connection ends with the answer.
    expect(r.connection).toBe('close');
    // Answered after a few socket buffers, long before the client could send 100 MB.
    expect(r.sentWhenAnswered).toBeLessThan(32 * MiB);
    expect(r.ms).toBeLessThan(5000);
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * MiB);
    // Anonymous callers too (401), and the same refusal for a chunked body of unknown length.
    const anon = await rawUpload(w.base, 'mode=default', null, 100 * MiB);
    expect(anon.http).toBe(401);
    expect(anon.sentWhenAnswered).toBeLessThan(32 * MiB);
    expect(await readdir(w.spool)).toEqual([]);
  });

  it('refuses an admin’s body announced over the limit with 413 before reading it', async () => {
    const r = await rawUpload(w.base, 'mode=default', w.token, 64 * MiB, { announce: 1024 * MiB });
    expect(r.http).toBe(413);
    expect(r.body).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(r.connection).toBe('close');
    expect(r.body.msg).toContain(`${ZIP_LIMIT_MB * MiB} bytes`);
    expect(r.sentWhenAnswered).toBeLessThan(32 * MiB);
    expect(await readdir(w.spool)).toEqual([]);
  });

  it('stops an upload streamed past the limit (no length announced) and removes what it spooled', async () => {
    const r = await rawUpload(w.base, 'mode=default', w.token, 256 * MiB);
    expect(r.body).toMatchObject({ status: 400, code: 'FILE_TOO_LARGE' });
    expect(r.body.msg).toContain(`${ZIP_LIMIT_MB * MiB} bytes`);
    // Answered (and the connection closed) shortly after the limit, not after the whole body.
    expect(r.sentWhenAnswered).toBeLessThan(128 * MiB);
    expect(await readdir(w.spool)).toEqual([]);
  });

  it('pushes the progress of an upload to the uploader’s user topic: receiving, checking, storing, done — or failed', async () => {
    const seen: PushMessage[] = [];
    const sub = await w.bus.subscribePush((m) => {
      if (m.event === 'testdata.progress') seen.push(m);
    });
    try {
      const zip = storedCases(4, 512 * 1024);
      const ok = await rawUpload(w.base, 'mode=default&progressKey=key-ok-0001', w.token, zip.length, { chunk: zip });
      expect(ok.body).toMatchObject({ status: 200, data: { fileList: [{ input: '1.in' }, { input: '2.in' }, { input: '3.in' }, { input: '4.in' }] } });
      expect(ok.connection).toBe('keep-alive');
      const bad = await rawUpload(w.base, 'mode=default&progressKey=key-bad-0001', w.token, 1000, { chunk: Buffer.alloc(1000, 1) });
      expect(bad.body).toMatchObject({ code: 'FILE_TYPE_NOT_SUPPORTED' });
      const invalid = await rawUpload(w.base, 'mode=default&progressKey=short', w.token, zip.length, { chunk: zip });
      expect(invalid.body).toMatchObject({ code: 'VALIDATION_FAILED' });

      const of = (key: string) => seen.filter((m) => (m.data as { key: string }).key === key).map((m) => m.data as { phase: string; done: number; total: number });
      const good = of('key-ok-0001');
      const phases = [...new Set(good.map((p) => p.phase))];
      expect(phases).toEqual(['receiving', 'checking', 'storing', 'done']);
      const last = good.at(-1)!;
      expect(last.done).toBe(last.total);
      expect(last.total).toBeGreaterThan(2 * MiB);
      expect(good.filter((p) => p.phase === 'receiving').at(-1)!.done).toBeGreaterThanOrEqual(zip.length);
      expect(new Set(seen.map((m) => m.topic))).toEqual(new Set([`user:${w.uid}`]));
      expect(of('key-bad-0001').map((p) => p.phase).at(-1)).toBe('failed');
    } finally {
      await sub.stop();
    }
    expect(await readdir(w.spool)).toEqual([]);
  });
});

describe('a multi-megabyte upload on a real nats-server', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(db, root, nats);
  });
  afterAll(() => w?.stop());

  it('is stored in chunks and streams back whole to a reader (its sha256 is the version)', async () => {
    const zip = storedCases(3, 2 * MiB);
    const r = await rawUpload(w.base, 'mode=subtask_lowest', w.token, zip.length, { chunk: zip });
    expect(r.body).toMatchObject({ status: 200 });
    const { fileListDir: version, fileList } = r.body.data as { fileListDir: string; fileList: { groupNum?: number }[] };
    expect(fileList.map((c) => c.groupNum)).toEqual([1, 2, 3]);
    const stream = await w.bus.getTestdataStream!(version);
    const hash = createHash('sha256');
    let chunks = 0;
    for await (const c of stream!) {
      hash.update(c);
      chunks++;
    }
    expect(hash.digest('hex')).toBe(version);
    expect(chunks).toBeGreaterThanOrEqual(6);
    expect(await w.bus.getTestdataStream!('0'.repeat(64))).toBeNull();
    expect(await readdir(w.spool)).toEqual([]);
  });
});
