// (u) Test-data upload: a generated ~500 MB zip (stored entries, random bytes: it does not compress) written to a temp
// dir, uploaded over HTTP as an admin to a gateway process on 127.0.0.1 (`infra/src/gateway-main.ts`, the scale-out
// gateway with its in-process services, on an embedded PostgreSQL and a nats-server), attached to problem 1000 and
// followed on the socket (`testdata.progress`): MB/s end to end, when each server phase began, and the gateway
// process's memory (VmRSS sampled every 50 ms, and VmHWM, its lifetime peak). Everything is deleted afterwards.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdtemp, open, readFile, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { freePort, startEmbeddedPostgres, startNatsServer } from '@oj/infra/processes';
import type { ClientToServerEvents, ServerToClientEvents } from '@oj/proto';
import { centralHeader, crc32, endRecord, localHeader, migrate, seed, type ZipRecord } from '@oj/services';
import { login } from './stack-process';

const MB = 1_000_000;
const INPUT_BYTES = 25 * MB;
const BOUNDARY = '----oj-bench-upload';

/** Writes a stored zip of `cases` random inputs of `INPUT_BYTES` and their one-line answers; answers its size. */
async function writeBenchZip(file: string, cases: number): Promise<number> {
  const fh = await open(file, 'w');
  try {
    const records: ZipRecord[] = [];
    let offset = 0;
    const add = async (name: string, data: Buffer) => {
      const r: ZipRecord = { name, method: 0, crc: crc32(data), compressedSize: data.length, size: data.length, offset };
      const head = localHeader(r);
      await fh.write(head);
      await fh.write(data);
      records.push(r);
      offset += head.length + data.length;
    };
    for (let i = 1; i <= cases; i++) {
      await add(`${i}.in`, randomBytes(INPUT_BYTES));
      await add(`${i}.out`, Buffer.from(`${i}\n`));
    }
    const cd = Buffer.concat(records.map(centralHeader));
    await fh.write(cd);
    await fh.write(endRecord(records.length, cd.length, offset));
    return offset + cd.length + 22;
  } finally {
    await fh.close();
  }
}

interface GatewayProcess {
  baseUrl: string;
  adminPassword: string;
  /** Process group of the gateway (pnpm, tsx and the gateway's node). */
  pgid: number;
  stop(): Promise<void>;
}

/** PostgreSQL (migrated, seeded) and nats-server for one gateway process, all under `dir`. */
async function startGatewayProcess(dir: string): Promise<GatewayProcess> {
  await chmod(dir, 0o755); // the embedded PostgreSQL runs as `postgres`
  const adminPassword = 'bench-upload-root';
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: randomBytes(12).toString('hex') });
  const nats = await startNatsServer({ storeDir: path.join(dir, 'nats') }).catch(async (e: unknown) => {
    await pg.stop();
    throw e;
  });
  const stopDeps = async () => {
    await nats.stop();
    await pg.stop();
  };
  try {
    await pg.createDatabase('oj');
    await migrate(pg.urlFor('oj'));
    await seed(pg.urlFor('oj'), { adminPassword });
    const port = await freePort();
    const root = path.resolve(import.meta.dirname, '../..');
    const env = { ...process.env, DATABASE_URL: pg.urlFor('oj'), NATS_URL: nats.url, OJ_JWT_SECRET: randomBytes(24).toString('hex'), PORT: String(port), HOST: '127.0.0.1', OJ_UPLOAD_TMP_DIR: dir };
    // The gateway as docs/scaling.md runs it (`pnpm gateway`).
    const child = spawn('pnpm', ['-s', 'gateway'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let log = '';
    child.stdout.on('data', (b: Buffer) => (log = (log + b.toString()).slice(-4000)));
    child.stderr.on('data', (b: Buffer) => (log = (log + b.toString()).slice(-4000)));
    const stop = async () => {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
      await stopDeps();
    };
    const baseUrl = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 120_000; ; ) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`the gateway did not come up:\n${log}`);
      }
      if (await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    return { baseUrl, adminPassword, pgid: child.pid!, stop };
  } catch (e) {
    await stopDeps();
    throw e;
  }
}

/** VmRSS and VmHWM (MiB) of the largest node process of process group `pgid`. */
async function nodeMemory(pgid: number): Promise<{ rss: number; hwm: number }> {
  let best = { rss: 0, hwm: 0 };
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const st = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = st.slice(st.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid || !st.includes('(node)')) continue;
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
      if (kb('VmRSS') > best.rss) best = { rss: kb('VmRSS'), hwm: kb('VmHWM') };
    } catch {
      /* gone */
    }
  }
  return best;
}

/** Streams `file` as the multipart `file` part of an upload; resolves with the answer. */
function upload(baseUrl: string, token: string, query: string, file: string, size: number): Promise<{ status: number; msg: string }> {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const foot = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/api/file/upload-testcase-zip?${query}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': head.length + size + foot.length },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString()) as { status: number; msg: string }));
    });
    req.write(head);
    const body = createReadStream(file, { highWaterMark: 1024 * 1024 });
    body.on('error', reject);
    body.on('end', () => req.end(foot));
    body.pipe(req, { end: false });
  });
}

type BenchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One upload of a generated zip of `cases` cases, timed and followed on the socket, with the gateway's memory sampled. */
async function uploadOnce(st: GatewayProcess, dir: string, token: string, socket: BenchSocket, pid: number, cases: number): Promise<void> {
  const zip = path.join(dir, `bench-${cases}.zip`);
  try {
    const size = await writeBenchZip(zip, cases);
    if ((await stat(zip)).size !== size) throw new Error('bench zip has the wrong size');
    const key = `bench-upload-${cases}`;
    const t0 = performance.now();
    const phaseAt = new Map<string, number>();
    const onProgress = (f: { data: { key: string; phase: string } }) => {
      if (f.data.key === key && !phaseAt.has(f.data.phase)) phaseAt.set(f.data.phase, performance.now() - t0);
    };
    socket.on('testdata.progress', onProgress);
    const before = await nodeMemory(st.pgid);
    const samples: { at: number; rss: number }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        samples.push({ at: performance.now() - t0, rss: (await nodeMemory(st.pgid)).rss });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const answer = await upload(st.baseUrl, token, `mode=default&pid=${pid}&progressKey=${key}`, zip, size);
    const seconds = (performance.now() - t0) / 1000;
    sampling = false;
    await sampler;
    await new Promise((r) => setTimeout(r, 300)); // the last progress events
    socket.off('testdata.progress', onProgress);
    const after = await nodeMemory(st.pgid);
    if (answer.status !== 200) throw new Error(`upload refused: ${answer.msg}`);

    const at = (p: string) => ((phaseAt.get(p) ?? NaN) / 1000).toFixed(2);
    const phases = ['receiving', 'checking', 'storing', 'done'];
    const peakIn = (i: number) => {
      const from = phaseAt.get(phases[i]!) ?? Infinity;
      const to = phaseAt.get(phases[i + 1]!) ?? Infinity;
      return Math.max(0, ...samples.filter((x) => x.at >= from && x.at < to).map((x) => x.rss)).toFixed(0);
    };
    const peakRss = Math.max(before.rss, ...samples.map((x) => x.rss));
    console.log(`    ${(size / MB).toFixed(0)} MB zip, ${cases} cases: ${seconds.toFixed(2)} s end to end, ${(size / MB / seconds).toFixed(1)} MB/s`);
    console.log(`      server phases began at (s): receiving ${at('receiving')}, checking ${at('checking')}, storing ${at('storing')}, done ${at('done')}`);
    console.log(`      gateway RSS (MiB): ${before.rss.toFixed(0)} before; peak sampled ${peakRss.toFixed(0)} (+${(peakRss - before.rss).toFixed(0)}): receiving ${peakIn(0)}, checking ${peakIn(1)}, storing ${peakIn(2)}; VmHWM ${before.hwm.toFixed(0)} → ${after.hwm.toFixed(0)}`);
  } finally {
    await rm(zip, { force: true });
  }
}

export async function benchTestdataUpload(): Promise<void> {
  console.log('(u) test-data upload: stored zips (100 and 500 MB) over HTTP into a gateway process on nats-server (target: peak < 200 MB)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'oj-bench-upload-'));
  let st: GatewayProcess;
  try {
    st = await startGatewayProcess(dir);
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  let socket: BenchSocket | null = null;
  try {
    const { token } = await login(st.baseUrl, 'root', st.adminPassword);
    const detail = (await (await fetch(`${st.baseUrl}/api/get-problem-detail?problemId=1000`, { headers: { authorization: token } })).json()) as { data: { problem: { id: number } } };
    const s: BenchSocket = io(st.baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false });
    socket = s;
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const idle = await nodeMemory(st.pgid);
    console.log(`    gateway process idle: RSS ${idle.rss.toFixed(0)} MiB, VmHWM since start ${idle.hwm.toFixed(0)} MiB`);
    for (const cases of [4, 20]) await uploadOnce(st, dir, token, s, detail.data.problem.id, cases);
    const left = (await readdir(dir)).filter((n) => n.startsWith('oj-testdata-upload-'));
    if (left.length > 0) throw new Error(`the gateway left its spool behind: ${left.join(', ')}`);
  } finally {
    socket?.close();
    await st.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
