// Benchmark: one `scoreboard.delta` fanned out to 5,000 sockets subscribed to `scoreboard:<cid>`.
// The gateway runs in this process (buildGateway on the real services, an embedded PostgreSQL and a nats-server,
// no judge runner) so the relay can be timed from outside without changing it: the push transport handed to the
// gateway wraps the relay handler. The 5,000 clients live in worker processes (child_process.fork of this file);
// every process reads the same clock (process.hrtime = CLOCK_MONOTONIC), so a delta published on NATS at t0 and
// received by a socket at t1 gives t1 − t0 directly. Figures only: nothing asserts a time.
//
//   npx tsx tests/bench/contest-fanout.ts            (alone)
//   benchContestFanout()                               (from run.ts)
import { fork, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect as natsConnect } from '@nats-io/transport-node';
import { io, type Socket } from 'socket.io-client';
import {
  decode,
  DEFAULT_AWARDS,
  ScoreboardDelta,
  SUBJECTS,
  type AcmCell,
  type AcmRow,
  type ClientToServerEvents,
  type PushMessage,
  type PushTransport,
  type ServerToClientEvents,
  type SubscribeAck,
  topics,
} from '@oj/proto';
import { buildGateway, loadGatewayConfig } from '@oj/gateway';
import { createNatsBus, createServices, migrate, seed, silentLogger } from '@oj/services';
import { startEmbeddedPostgres, startNatsServer } from '@oj/infra/processes';
import { login, percentile } from './stack-process';

const SOCKETS = 5000;
const WORKERS = 4;
const WARMUP_DELTAS = 3;
const DELTAS = 20;
/** Between two deltas: a 2,000-contestant contest judges about one submission a second on average. */
const DELTA_GAP_MS = 1000;
const CONNECT_BATCH = 100;
const SEQ_BASE = 10_000_000;
const ADMIN_PASSWORD = 'bench-root-pass';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Milliseconds on CLOCK_MONOTONIC, which every process on the machine shares (µs resolution). */
export const monoMs = (): number => Number(process.hrtime.bigint() / 1000n) / 1000;
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 1) : 'n/a');

// ---------- REST helpers shared with contest-day.ts ----------

export interface ApiAnswer<T = unknown> {
  http: number;
  status: number;
  data: T;
  msg: string;
  /** Size of the answer's body. */
  bytes: number;
}

/** One REST call; `http` 404 means the route does not exist (yet). */
export async function api<T = unknown>(baseUrl: string, method: string, url: string, token?: string, body?: unknown): Promise<ApiAnswer<T>> {
  const r = await fetch(`${baseUrl}${url}`, {
    method,
    // As a browser asks: the gateway gzips big answers (the CPU of compressing them is part of what is measured).
    headers: { 'accept-encoding': 'gzip, deflate, br', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  let parsed: { status?: number; data?: T; msg?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    /* not JSON (404 page) */
  }
  return { http: r.status, status: parsed.status ?? r.status, data: parsed.data as T, msg: parsed.msg ?? text.slice(0, 200), bytes: Buffer.byteLength(text) };
}

export interface BenchContest {
  cid: number;
  /** Display ids added (may be fewer than asked when add-problem-from-public is missing). */
  displayIds: string[];
  notes: string[];
}

/**
 * Creates a running ACM contest with `openRank` over the admin REST calls and adds the given public
 * problems with display ids A, B, …. Null when `POST /api/admin/contest` does not exist yet.
 */
export async function createBenchContest(
  baseUrl: string,
  token: string,
  opts: { title: string; pids: number[]; startedAgoS?: number; durationS?: number; sealS?: number | null; openPrint?: boolean },
): Promise<BenchContest | null> {
  const start = Date.now() - (opts.startedAgoS ?? 60) * 1000;
  const durationS = opts.durationS ?? 5 * 3600;
  const body = {
    title: opts.title,
    description: 'Benchmark contest',
    type: 0,
    auth: 0,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + durationS * 1000).toISOString(),
    sealRank: opts.sealS != null,
    sealRankTime: opts.sealS != null ? new Date(start + opts.sealS * 1000).toISOString() : null,
    autoRealRank: true,
    visible: true,
    openPrint: opts.openPrint ?? true,
    openRank: true,
    rankShowName: 'username' as const,
    awardType: 1,
    awardConfigList: DEFAULT_AWARDS,
  };
  const created = await api<{ id?: number; cid?: number } | null>(baseUrl, 'POST', '/api/admin/contest', token, body);
  if (created.http === 404) return null;
  if (created.status !== 200) throw new Error(`POST /api/admin/contest failed: ${created.msg}`);
  let cid = created.data?.id ?? created.data?.cid;
  if (!cid) {
    const list = await api<{ records: { id: number; title: string }[] }>(
      baseUrl,
      'GET',
      `/api/admin/contest/get-contest-list?currentPage=1&limit=10&keyword=${encodeURIComponent(opts.title)}`,
      token,
    );
    cid = list.data?.records?.find((c) => c.title === opts.title)?.id;
  }
  if (!cid) throw new Error('created the contest but could not find its id');
  const notes: string[] = [];
  const displayIds: string[] = [];
  for (const [i, pid] of opts.pids.entries()) {
    const displayId = String.fromCharCode(65 + i);
    const r = await api(baseUrl, 'POST', '/api/admin/contest/add-problem-from-public', token, { pid, cid, displayId });
    if (r.http === 404) {
      notes.push('add-problem-from-public missing: contest without problems');
      break;
    }
    if (r.status !== 200) throw new Error(`add-problem-from-public ${displayId} failed: ${r.msg}`);
    displayIds.push(displayId);
  }
  return { cid, displayIds, notes };
}

// ---------- a realistic delta ----------

const DISPLAY_IDS = 'ABCDEFGHIJKLM'.split('');

/** One contestant's ACM row of 13 cells, mid-contest: a few solved, a few tried, the rest untouched. */
export function sampleAcmRow(uid: string, rank: number, variant: number): AcmRow {
  const info: Record<string, AcmCell> = {};
  let ac = 0;
  let penalty = 0;
  let lastAc: number | null = null;
  DISPLAY_IDS.forEach((d, i) => {
    const k = (i * 7 + variant) % 13;
    if (k < 5) {
      const t = 600 + i * 731 + variant * 13;
      const errorNum = k % 3;
      ac++;
      penalty += (Math.floor(t / 60) + 20 * errorNum) * 60;
      lastAc = Math.max(lastAc ?? 0, t);
      info[d] = { errorNum, tryNum: 0, isAC: true, isFirstAC: k === 0 && i === 0, ACTime: t, isAfterContest: false };
    } else if (k < 9) {
      info[d] = { errorNum: k - 4, tryNum: k === 8 ? 1 : 0, isAC: false, isFirstAC: false, ACTime: null, isAfterContest: false };
    }
  });
  return {
    uid,
    rank,
    isWinAward: false,
    awardName: null,
    awardBackground: null,
    awardColor: null,
    total: ac + Object.values(info).reduce((n, c) => n + c.errorNum + c.tryNum, 0),
    ac,
    totalTime: penalty,
    lastAcTime: lastAc,
    submissionInfo: info,
  };
}

/** The delta one verdict makes: one row changed and moved up the board. */
export function sampleDelta(cid: number, version: number): ScoreboardDelta {
  const row = sampleAcmRow(`bench${(version * 7919) % 2000}`.padEnd(32, '0'), 640 - (version % 50), version);
  return decode(ScoreboardDelta, { cid, view: 'public', version, moves: [{ row, from: 812 - (version % 50), to: 639 - (version % 50) }] });
}

// ---------- client worker (a forked child of this file) ----------

type ToWorker =
  | { type: 'connect'; url: string; topic: string; count: number }
  | { type: 'collect' }
  | { type: 'close' };
type FromWorker =
  | { type: 'connected'; connected: number; failed: number; subscribed: number; refused: string | null }
  | { type: 'report'; received: Record<number, number[]> };

async function workerMain(): Promise<void> {
  const sockets: ClientSocket[] = [];
  const received: Record<number, number[]> = {};
  const send = (m: FromWorker) => process.send!(m);
  // Never outlive the benchmark.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (m: ToWorker) => {
    void (async () => {
      if (m.type === 'connect') {
        let failed = 0;
        let subscribed = 0;
        let refused: string | null = null;
        for (let i = 0; i < m.count; i += CONNECT_BATCH) {
          await Promise.all(
            Array.from({ length: Math.min(CONNECT_BATCH, m.count - i) }, async () => {
              const s: ClientSocket = io(m.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, timeout: 60_000 });
              try {
                await new Promise<void>((resolve, reject) => {
                  s.once('connect', () => resolve());
                  s.once('connect_error', reject);
                });
              } catch {
                failed++;
                s.close();
                return;
              }
              s.on('scoreboard.delta', (f) => {
                const t = monoMs();
                if (f.seq >= SEQ_BASE) (received[f.seq] ??= []).push(t);
              });
              sockets.push(s);
              const ack: SubscribeAck = await s.timeout(60_000).emitWithAck('subscribe', { topic: m.topic });
              if (ack.ok) subscribed++;
              else refused = ack.code;
            }),
          );
        }
        send({ type: 'connected', connected: sockets.length, failed, subscribed, refused });
      } else if (m.type === 'collect') {
        send({ type: 'report', received });
      } else {
        for (const s of sockets) s.close();
        process.exit(0);
      }
    })().catch((e: unknown) => {
      console.error('fan-out worker failed:', e);
      process.exit(1);
    });
  });
}

class Worker {
  private readonly waiting = new Map<string, (m: FromWorker) => void>();
  constructor(readonly child: ChildProcess) {
    child.on('message', (m: FromWorker) => {
      const w = this.waiting.get(m.type);
      this.waiting.delete(m.type);
      w?.(m);
    });
  }
  request<T extends FromWorker['type']>(msg: ToWorker, reply: T, timeoutMs = 180_000): Promise<Extract<FromWorker, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fan-out worker did not answer ${msg.type}`)), timeoutMs);
      this.child.once('exit', (code) => reject(new Error(`fan-out worker exited (${code})`)));
      this.waiting.set(reply, (m) => {
        clearTimeout(timer);
        resolve(m as Extract<FromWorker, { type: T }>);
      });
      this.child.send(msg);
    });
  }
}

// ---------- the benchmark ----------

export interface FanoutResult {
  sockets: number;
  subscribedByTopicAuth: boolean;
  /** The frame as Socket.IO sends it (`42["scoreboard.delta",{topic,seq,data}]`). */
  frameBytes: number;
  /** Wall time of the gateway's relay of one message (the emit loop), per measured delta. */
  emitMs: number[];
  /** CPU time of this process meanwhile (user + system): the emit without the time the clients took the cores. */
  emitCpuMs: number[];
  /** From the relay's start until the event loop reaches its next check phase. */
  loopFreeMs: number[];
  latencies: number[];
  expected: number;
  /** The same deltas emitted in slices of `sliceSize` sockets with a turn of the event loop between slices. */
  sliced: { sliceSize: number; maxSliceMs: number[]; sliceCpuMs: number[]; totalMs: number[]; latencies: number[] } | null;
  notes: string[];
}

export async function runContestFanout(
  opts: { sockets?: number; deltas?: number; workers?: number; sliceSize?: number | null } = {},
): Promise<FanoutResult> {
  const socketsWanted = opts.sockets ?? SOCKETS;
  const deltas = opts.deltas ?? DELTAS;
  const workerCount = opts.workers ?? WORKERS;
  // The gateway slices its relay itself now (OJ_RELAY_SLICE); the hand-sliced comparison runs only on request.
  const sliceSize = opts.sliceSize === undefined ? null : opts.sliceSize;
  const notes: string[] = [];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'oj-bench-fanout-'));
  await chmod(dir, 0o755); // the postgres system user must reach its data dir
  const stops: Array<() => Promise<unknown>> = [];
  const workers: Worker[] = [];
  try {
    const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'bench' });
    stops.push(() => pg.stop());
    await pg.createDatabase('oj');
    const databaseUrl = pg.urlFor('oj');
    const nats = await startNatsServer({ storeDir: path.join(dir, 'nats') });
    stops.push(() => nats.stop());
    await migrate(databaseUrl);
    await seed(databaseUrl, { adminPassword: ADMIN_PASSWORD });
    const bus = await createNatsBus({ url: nats.url, logger: silentLogger() });
    stops.push(() => bus.close());
    const services = await createServices({ databaseUrl, transport: bus, logger: silentLogger(), config: { submitIntervalS: 0 } });
    stops.push(() => services.close());
    await services.startWorkers();

    // The relay of one push message, timed around the gateway's own handler (no change to the gateway).
    let watchTopic = '';
    const emitMs: number[] = [];
    const emitCpuMs: number[] = [];
    const loopFreeMs: number[] = [];
    const timedPush: PushTransport = {
      subscribePush: (handler) =>
        bus.subscribePush((msg: PushMessage) => {
          if (msg.topic !== watchTopic || msg.seq < SEQ_BASE + WARMUP_DELTAS) return handler(msg);
          const t0 = monoMs();
          const c0 = process.cpuUsage();
          handler(msg);
          emitMs.push(monoMs() - t0);
          const c = process.cpuUsage(c0);
          emitCpuMs.push((c.user + c.system) / 1000);
          setImmediate(() => loopFreeMs.push(monoMs() - t0));
        }),
    };
    const config = loadGatewayConfig({ OJ_JWT_SECRET: 'bench-secret-'.padEnd(48, 'x'), OJ_RATE_LOGIN_IP_PER_MIN: '100000', OJ_SOCKET_MAX_PER_IP: '1000000' });
    const gw = await buildGateway({ services, push: timedPush, config });
    stops.push(() => gw.close());
    const baseUrl = await gw.listen(0, '127.0.0.1');

    const { token } = await login(baseUrl, 'root', ADMIN_PASSWORD);
    const detail = await api<{ problem: { id: number } }>(baseUrl, 'GET', '/api/get-problem-detail?problemId=1000');
    const contest = await createBenchContest(baseUrl, token, { title: `fan-out ${Date.now()}`, pids: [detail.data.problem.id] });
    let cid = 1;
    if (contest) {
      cid = contest.cid;
      notes.push(...contest.notes);
    } else {
      notes.push('POST /api/admin/contest missing (404): deltas for a made-up cid 1');
    }
    const topic = topics.scoreboard(cid);
    watchTopic = topic;

    // Clients: forked children of this very file, each holding its share of the sockets.
    const self = fileURLToPath(import.meta.url);
    for (let i = 0; i < workerCount; i++) {
      const child = fork(self, ['--fanout-worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      // In a hall the clients are other machines; here they share the 2 cores with the gateway at the same priority
      // (at nice 19 any other work on the machine starves them and the p99 measures that instead).
      workers.push(new Worker(child));
    }
    const per = Math.ceil(socketsWanted / workerCount);
    const t0 = monoMs();
    const ups = await Promise.all(
      workers.map((w, i) => w.request({ type: 'connect', url: baseUrl, topic, count: Math.min(per, socketsWanted - i * per) }, 'connected')),
    );
    const connected = ups.reduce((n, u) => n + u.connected, 0);
    const failed = ups.reduce((n, u) => n + u.failed, 0);
    const subscribed = ups.reduce((n, u) => n + u.subscribed, 0);
    const refused = ups.find((u) => u.refused)?.refused ?? null;
    const connectS = (monoMs() - t0) / 1000;
    const subscribedByTopicAuth = subscribed === connected;
    if (!subscribedByTopicAuth) {
      // Topic authorisation for scoreboard:<cid> is not there (yet): join the room server-side so the fan-out is
      // still the gateway's own relay to a room of `connected` sockets.
      notes.push(`subscribe to ${topic} refused for ${connected - subscribed} sockets (${refused ?? 'no ack'}): room joined server-side`);
      gw.io.socketsJoin(topic);
    }
    if (failed > 0) notes.push(`${failed} sockets failed to connect`);
    const roomIds = [...(gw.io.sockets.adapter.rooms.get(topic) ?? [])];
    notes.push(`load average before the deltas ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores (others' work on the machine shows in the wall times)`);
    notes.push(`${connected} anonymous sockets connected in ${connectS.toFixed(1)} s from ${workerCount} client processes; ${roomIds.length} in ${topic}`);

    // 1. Deltas published on NATS the way the services publish them (oj.push.<topic>), one a second.
    const nc = await natsConnect({ servers: nats.url });
    const sentAt = new Map<number, number>();
    // The longest stretch the gateway's event loop was blocked while the deltas went out (all slices included).
    const loopDelay = monitorEventLoopDelay({ resolution: 1 });
    let frameBytes = 0;
    for (let i = 0; i < WARMUP_DELTAS + deltas; i++) {
      const seq = SEQ_BASE + i;
      const msg: PushMessage = { topic, seq, event: 'scoreboard.delta', data: sampleDelta(cid, 100 + i) };
      frameBytes = Buffer.byteLength(`42${JSON.stringify([msg.event, { topic, seq, data: msg.data }])}`);
      sentAt.set(seq, monoMs());
      if (i === WARMUP_DELTAS) loopDelay.enable();
      nc.publish(SUBJECTS.push(topic), JSON.stringify(msg));
      await new Promise((r) => setTimeout(r, DELTA_GAP_MS));
    }
    loopDelay.disable();
    notes.push(`longest event-loop block of the gateway process while the ${deltas} deltas went out: ${(loopDelay.max / 1e6).toFixed(1)} ms (p99 of the loop delay ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms)`);
    await nc.flush();
    await nc.close();

    // 2. Not the gateway's code: what a relay that emits in slices (a turn of the event loop between slices)
    //    would give, emitted straight from here to the same sockets.
    const SLICED_BASE = SEQ_BASE + 100_000;
    let sliced: FanoutResult['sliced'] = null;
    if (sliceSize) {
      sliced = { sliceSize, maxSliceMs: [], sliceCpuMs: [], totalMs: [], latencies: [] };
      for (let i = 0; i < deltas; i++) {
        const seq = SLICED_BASE + i;
        const frame = { topic, seq, data: sampleDelta(cid, 200 + i) };
        const start = monoMs();
        sentAt.set(seq, start);
        let maxSlice = 0;
        for (let k = 0; k < roomIds.length; k += sliceSize) {
          const s0 = monoMs();
          const c0 = process.cpuUsage();
          gw.io.to(roomIds.slice(k, k + sliceSize)).emit('scoreboard.delta', frame);
          maxSlice = Math.max(maxSlice, monoMs() - s0);
          const c = process.cpuUsage(c0);
          sliced.sliceCpuMs.push((c.user + c.system) / 1000);
          await new Promise((r) => setImmediate(r));
        }
        sliced.totalMs.push(monoMs() - start);
        sliced.maxSliceMs.push(maxSlice);
        await new Promise((r) => setTimeout(r, DELTA_GAP_MS));
      }
    }
    await new Promise((r) => setTimeout(r, 1000));

    const reports = await Promise.all(workers.map((w) => w.request({ type: 'collect' }, 'report')));
    const latencies: number[] = [];
    for (const rep of reports) {
      for (const [seqText, times] of Object.entries(rep.received)) {
        const seq = Number(seqText);
        if (seq < SEQ_BASE + WARMUP_DELTAS) continue;
        const into = seq >= SLICED_BASE ? sliced!.latencies : latencies;
        const t = sentAt.get(seq)!;
        for (const at of times) into.push(at - t);
      }
    }
    latencies.sort((a, b) => a - b);
    sliced?.latencies.sort((a, b) => a - b);
    return { sockets: roomIds.length, subscribedByTopicAuth, frameBytes, emitMs, emitCpuMs, loopFreeMs, latencies, expected: roomIds.length * deltas, sliced, notes };
  } finally {
    for (const w of workers) {
      if (w.child.connected) w.child.send({ type: 'close' } satisfies ToWorker);
    }
    await Promise.all(workers.map((w) => stopChild(w.child)));
    for (const s of stops.reverse()) await s().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The floor under any single-threaded relay on this machine: one plain `socket.write` of a frame-sized buffer to each
 * of `n` loopback TCP connections (no WebSocket framing, no Socket.IO). Mean wall and CPU ms of one pass.
 */
export async function rawWriteFloor(n: number, bytes: number, passes = 5): Promise<{ wallMs: number; cpuMs: number }> {
  const server = net.createServer();
  const accepted: net.Socket[] = [];
  const clients: net.Socket[] = [];
  server.on('connection', (s) => accepted.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  try {
    for (let i = 0; i < n; i += CONNECT_BATCH) {
      await Promise.all(
        Array.from({ length: Math.min(CONNECT_BATCH, n - i) }, () => {
          const c = net.connect(port, '127.0.0.1');
          c.on('data', () => {});
          clients.push(c);
          return new Promise((r) => c.once('connect', r));
        }),
      );
    }
    while (accepted.length < n) await new Promise((r) => setTimeout(r, 20));
    const buf = Buffer.alloc(bytes, 0x61);
    let wall = 0;
    let cpu = 0;
    for (let p = 0; p <= passes; p++) {
      const t0 = monoMs();
      const c0 = process.cpuUsage();
      for (const s of accepted) s.write(buf);
      const c = process.cpuUsage(c0);
      if (p > 0) {
        wall += monoMs() - t0;
        cpu += (c.user + c.system) / 1000;
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    return { wallMs: wall / passes, cpuMs: cpu / passes };
  } finally {
    for (const c of clients) c.destroy();
    for (const s of accepted) s.destroy();
    await new Promise((r) => server.close(r));
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const max = (xs: number[]) => xs.reduce((a, b) => Math.max(a, b), -Infinity);

export async function benchContestFanout(): Promise<void> {
  const r = await runContestFanout();
  console.log(
    `(g) one scoreboard.delta (${r.frameBytes} B frame: a row of 13 cells) fanned out to ${r.sockets} sockets: gateway emit blocking (relay call, first slice of ≤ OJ_RELAY_SLICE sockets) mean ${fmt(mean(r.emitMs))} ms, max ${fmt(max(r.emitMs))} ms wall (CPU ${fmt(mean(r.emitCpuMs))} ms); event loop free again after mean ${fmt(mean(r.loopFreeMs))} ms (${r.emitMs.length} deltas; target ≤ 50 ms)`,
  );
  console.log(
    `    client receive latency, NATS publish → socket event, all sockets × deltas: p50 ${fmt(percentile(r.latencies, 50))} ms, p99 ${fmt(percentile(r.latencies, 99))} ms, max ${fmt(max(r.latencies))} ms (${r.latencies.length}/${r.expected} frames; target p99 ≤ 150 ms)`,
  );
  if (r.sliced) {
    const s = r.sliced;
    console.log(
      `    (prototype, not the gateway's relay) emitted in slices of ${s.sliceSize} with a turn of the event loop between: longest block mean ${fmt(mean(s.maxSliceMs))} ms, max ${fmt(max(s.maxSliceMs))} ms wall (CPU ${fmt(mean(s.sliceCpuMs))} ms a slice); whole fan-out ${fmt(mean(s.totalMs))} ms; client p50 ${fmt(percentile(s.latencies, 50))} ms, p99 ${fmt(percentile(s.latencies, 99))} ms`,
    );
  }
  const floor = await rawWriteFloor(r.sockets, r.frameBytes);
  console.log(
    `    floor on this machine: one plain socket.write of ${r.frameBytes} B to each of ${r.sockets} loopback TCP connections takes ${fmt(floor.wallMs)} ms wall, ${fmt(floor.cpuMs)} ms CPU`,
  );
  for (const n of r.notes) console.log(`    note: ${n}`);
}

const invoked = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (invoked === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--fanout-worker')) {
    void workerMain();
  } else {
    benchContestFanout().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  }
}
