// `pnpm bench`: prints the foundation's figures. Not a test: nothing here asserts a time.
//  (a) sandbox overhead per run against a bare fork+exec of the same binary;
//  (b) problem 1000 submit → final verdict, p50/p95, for C++ and Python 3 (end to end through REST, NATS, runner);
//  (c) push latency from a message published on NATS to the socket event, p50/p99, with 1,000 idle sockets connected;
//  (d) burst throughput; (e) rejudge under practice load;
//  (f) scoreboard engine: delta per verdict and full recompute on a 2,000 × 13 contest;
//  (g) one scoreboard delta fanned out to 5,000 sockets; (h) a simulated 5-hour, 2,000-contestant contest day;
//  (j) problem import: 200 FPS problems and 50 ICPC packages;
//  (k) users import: a 10,000-row CSV previewed, then confirmed;
//  (l) cold first load of the web client: the problem page until its editor is editable, the problem list until its first row;
//  (m) the cost of the HTTP metrics on the request path: two judges, OJ_METRICS on and off, requests/s compared;
//  (u) test-data upload: a 500 MB zip streamed to a running judge, MB/s and the judge's peak memory;
//  (s) the split deployment (processes): the 500 burst with 1 and 2 runners, push latency while a gateway is killed.
import { connect } from '@nats-io/transport-node';
import { io, type Socket } from 'socket.io-client';
import { LOCAL_LANGUAGES, SUBJECTS, isInProgress, type ClientToServerEvents, type PushMessage, type ServerToClientEvents, topics } from '@oj/proto';
import { benchContestDay } from './contest-day';
import { benchContestFanout } from './contest-fanout';
import { benchFirstLoad } from './first-load';
import { benchMetricsCost } from './metrics-cost';
import { benchProblemImport } from './problem-import';
import { benchSandboxOverhead } from './sandbox-overhead';
import { benchScoreboardEngine } from './scoreboard-engine';
import { benchTestdataUpload } from './testdata-upload';
import { benchUserImport } from './user-import';
import { benchSplitDeployment } from './split-deployment';
import { login, percentile, startStackProcess } from './stack-process';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);

function connectSocket(baseUrl: string, token?: string): Promise<ClientSocket> {
  const s: ClientSocket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** A distinct source every time, so the compile cache never hides the compile from the figure. */
function uniqueSource(language: string, code: string, i: number): string {
  const comment = /Python|PyPy|Ruby/.test(language) ? '#' : '//';
  return `${code}\n${comment} bench ${Date.now()} ${i}\n`;
}

async function benchVerdictLatency(baseUrl: string, token: string, socket: ClientSocket, language: string, n: number) {
  const code = LOCAL_LANGUAGES.find((l) => l.name === language)!.template;
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const done = new Promise<number>((resolve) => {
      let id = 0;
      const onStatus = (f: { data: { submitId: number; status: number } }) => {
        if (id && f.data.submitId === id && !isInProgress(f.data.status)) {
          socket.off('submission.status', onStatus);
          resolve(f.data.status);
        }
      };
      socket.on('submission.status', onStatus);
      void fetch(`${baseUrl}/api/submit-problem-judge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ pid: '1000', language, code: uniqueSource(language, code, i), cid: 0 }),
      })
        .then((r) => r.json() as Promise<{ status: number; data: { submitId: number }; msg: string }>)
        .then((b) => {
          if (b.status !== 200) throw new Error(`submit failed: ${b.msg}`);
          id = b.data.submitId;
        });
    });
    const status = await done;
    if (status !== 0) throw new Error(`${language} A+B was judged ${status}, not Accepted`);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

/** Relay only: a push message published on NATS → the socket event. */
async function benchPushRelay(baseUrl: string, natsUrl: string, token: string, uid: string, messages: number) {
  const watcher = await connectSocket(baseUrl, token);
  const nc = await connect({ servers: natsUrl });
  const topic = topics.user(uid);
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const base = 1_000_000;
  const allIn = new Promise<void>((resolve) => {
    watcher.on('submission.status', (f) => {
      const t = sentAt.get(f.seq);
      if (t !== undefined) {
        latencies.push(performance.now() - t);
        if (latencies.length === messages) resolve();
      }
    });
  });
  for (let i = 1; i <= messages; i++) {
    const seq = base + i;
    const msg: PushMessage = {
      topic,
      seq,
      event: 'submission.status',
      data: { submitId: 1, status: 7, time: null, memory: null, score: null, oiRankScore: null, judger: 'bench', isManual: false, casesDone: 0, casesTotal: 0 },
    };
    sentAt.set(seq, performance.now());
    nc.publish(SUBJECTS.push(topic), JSON.stringify(msg));
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.race([allIn, new Promise((r) => setTimeout(r, 30_000))]);
  await nc.close();
  watcher.close();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), received: latencies.length, sent: messages };
}

/**
 * The whole push path: a runner's judge event stored on JetStream (seen by a core subscription on the same subject)
 * → the services ingester (PostgreSQL) → oj.push → gateway → the socket event, for every status event of real submissions.
 */
async function watchResultToSocket(natsUrl: string, socket: ClientSocket) {
  const nc = await connect({ servers: natsUrl });
  const published = new Map<string, number>();
  const latencies: number[] = [];
  const sub = nc.subscribe(SUBJECTS.resultAll);
  void (async () => {
    for await (const m of sub) {
      const ev = JSON.parse(new TextDecoder().decode(m.data)) as { kind: string; submitId: number; status?: number };
      if (ev.kind === 'status' || ev.kind === 'final') published.set(`${ev.submitId}:${ev.status}`, performance.now());
    }
  })();
  socket.on('submission.status', (f) => {
    const t = published.get(`${f.data.submitId}:${f.data.status}`);
    if (t !== undefined) latencies.push(performance.now() - t);
  });
  return {
    latencies,
    close: () => nc.close(),
  };
}

/** Submits `n` different C programs for 1000 at once and waits for every verdict: drain time and throughput. */
async function benchBurst(baseUrl: string, token: string, socket: ClientSocket, n: number) {
  const base = LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template;
  const ids = new Set<number>();
  const finals = new Set<number>();
  let resolveAll: () => void = () => {};
  const allDone = new Promise<void>((r) => (resolveAll = r));
  const onStatus = (f: { data: { submitId: number; status: number } }) => {
    if (isInProgress(f.data.status)) return;
    finals.add(f.data.submitId);
    if (ids.size === n && [...ids].every((id) => finals.has(id))) resolveAll();
  };
  socket.on('submission.status', onStatus);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    // A different source each time, so the compile cache does not hide the compile.
    const code = `${base}/* burst ${Date.now()}-${i} */\n`;
    const r = await fetch(`${baseUrl}/api/submit-problem-judge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ pid: '1000', language: 'C', code, cid: 0 }),
    });
    const b = (await r.json()) as { status: number; data: { submitId: number }; msg: string };
    if (b.status !== 200) throw new Error(`submit failed: ${b.msg}`);
    ids.add(b.data.submitId);
  }
  if ([...ids].every((id) => finals.has(id))) resolveAll();
  await allDone;
  const drainMs = performance.now() - t0;
  socket.off('submission.status', onStatus);
  return { drainMs, perSecond: (n / drainMs) * 1000 };
}

/** Rejudges every submission of problem 1000 and, meanwhile, measures practice verdict latency. */
async function benchRejudgeUnderLoad(baseUrl: string, token: string, socket: ClientSocket) {
  const detail = (await fetch(`${baseUrl}/api/get-problem-detail?problemId=1000`).then((r) => r.json())) as { data: { problem: { id: number } } };
  const before = await benchVerdictLatency(baseUrl, token, socket, 'C', 10);
  let rejudgedFinals = 0;
  const onStatus = (f: { data: { status: number; version?: number } }) => {
    if (!isInProgress(f.data.status) && (f.data.version ?? 1) > 1) rejudgedFinals++;
  };
  socket.on('submission.status', onStatus);
  const t0 = performance.now();
  const r = (await fetch(`${baseUrl}/api/admin/judge/rejudge-problem?pid=${detail.data.problem.id}`, { headers: { authorization: token } }).then((x) => x.json())) as {
    status: number;
    data: { count: number };
    msg: string;
  };
  if (r.status !== 200) throw new Error(`rejudge failed: ${r.msg}`);
  const during = await benchVerdictLatency(baseUrl, token, socket, 'C', 10);
  const rejudgedWhileMeasuring = rejudgedFinals;
  const deadline = Date.now() + 600_000;
  while (rejudgedFinals < r.data.count && Date.now() < deadline) await new Promise((x) => setTimeout(x, 200));
  socket.off('submission.status', onStatus);
  return { count: r.data.count, drainMs: performance.now() - t0, before, during, rejudgedWhileMeasuring };
}

async function partA(): Promise<void> {
  const sb = await benchSandboxOverhead();
  const b = sb.bwrap;
  console.log(`(a) sandbox overhead per run (bwrap): bare fork+exec ${fmt(sb.bareMs)} ms, sandboxed ${fmt(b.sandboxMs)} ms → overhead ${fmt(b.overheadMs)} ms per run (ratio ${fmt(b.ratio)}×; target ≤ 10 ms)`);
  if (b.warmCaseMs !== undefined) {
    console.log(`(a') warm sandbox per test case (bwrap): ${fmt(b.warmCaseMs)} ms → overhead ${fmt(b.warmOverheadMs!)} ms over a bare fork+exec (target ≤ 2 ms); one warm sandbox starts and stops in ${fmt(b.warmSessionMs!)} ms`);
  }
  const n = sb.nsjail;
  const perCase = `per-case overhead: bwrap ${fmt(b.perCaseOverheadMs)} ms${b.warmCaseMs !== undefined ? ' (warm sandbox)' : ''}`;
  if (!n) {
    console.log(`(a'') ${perCase}; nsjail not measured: no nsjail binary (set OJ_NSJAIL_PATH or put nsjail on PATH)`);
    return;
  }
  console.log(`(a'') sandbox overhead per run (nsjail ${sb.nsjailPath}): sandboxed ${fmt(n.sandboxMs)} ms → overhead ${fmt(n.overheadMs)} ms per run (ratio ${fmt(n.ratio)}×)`);
  console.log(`(a'') ${perCase} | nsjail ${fmt(n.perCaseOverheadMs)} ms (one jail per case)`);
}

async function partBC(): Promise<void> {
  // 1,000 idle sockets from 127.0.0.1: above the per-address socket cap's default (50).
  const stack = await startStackProcess({ OJ_RUNNER_SLOTS: '1', OJ_RATE_SUBMIT_PER_MIN: '100000', OJ_SOCKET_MAX_PER_IP: '100000' });
  const idle: ClientSocket[] = [];
  try {
    const { token, uid } = await login(stack.baseUrl, 'root', stack.adminPassword);
    for (let i = 0; i < 1000; i += 50) idle.push(...(await Promise.all(Array.from({ length: 50 }, () => connectSocket(stack.baseUrl)))));
    const socket = await connectSocket(stack.baseUrl, token);
    const watch = await watchResultToSocket(stack.natsUrl, socket);
    for (const language of ['C++', 'Python3']) {
      await benchVerdictLatency(stack.baseUrl, token, socket, language, 2); // warm-up
      const r = await benchVerdictLatency(stack.baseUrl, token, socket, language, 20);
      const target = language === 'C++' ? '; target p50 ≤ 1500 ms' : '';
      console.log(`(b) 1000 submit → final verdict, ${language.padEnd(7)}: p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms (20 distinct sources, so every one compiles; 1 runner slot${target})`);
    }
    await benchVerdictLatency(stack.baseUrl, token, socket, 'Python3', 60);
    const l = [...watch.latencies].sort((a, b) => a - b);
    console.log(`(c) push latency, judge event on NATS → ingester → socket event, ${idle.length} idle sockets: p50 ${fmt(percentile(l, 50))} ms, p99 ${fmt(percentile(l, 99))} ms (${l.length} events; target p99 ≤ 50 ms)`);
    await watch.close();
    socket.close();
    const push = await benchPushRelay(stack.baseUrl, stack.natsUrl, token, uid, 300);
    console.log(`    relay only, push message on NATS → socket event, ${idle.length} idle sockets: p50 ${fmt(push.p50)} ms, p99 ${fmt(push.p99)} ms (${push.received}/${push.sent} received)`);
  } finally {
    for (const s of idle) s.close();
    await stack.stop();
  }
}

/** Throughput with 1 and 2 runner slots, a burst of 500, and a whole-problem rejudge with practice traffic. */
async function partDE(): Promise<void> {
  for (const slots of [1, 2]) {
    const st = await startStackProcess({ OJ_RUNNER_SLOTS: String(slots), OJ_RATE_SUBMIT_PER_MIN: '100000' });
    try {
      const { token } = await login(st.baseUrl, 'root', st.adminPassword);
      const socket = await connectSocket(st.baseUrl, token);
      await benchVerdictLatency(st.baseUrl, token, socket, 'C', 2); // warm-up
      const burst = await benchBurst(st.baseUrl, token, socket, 500);
      console.log(`(d) burst of 500 A+B in C, ${slots} runner slot${slots > 1 ? 's' : ''}: drained in ${fmt(burst.drainMs / 1000)} s → ${fmt(burst.perSecond)} submissions/s`);
      if (slots === 2) {
        await benchBurst(st.baseUrl, token, socket, 500); // 1,000+ submissions of 1000 in all
        const rj = await benchRejudgeUnderLoad(st.baseUrl, token, socket);
        console.log(
          `(e) rejudge of ${rj.count} submissions (rejudge lane) drained in ${fmt(rj.drainMs / 1000)} s; practice A+B verdict latency p50 ${fmt(rj.before.p50)} ms idle vs ${fmt(rj.during.p50)} ms during the rejudge (p95 ${fmt(rj.before.p95)} vs ${fmt(rj.during.p95)}; ${rj.rejudgedWhileMeasuring} rejudged meanwhile)`,
        );
      }
      socket.close();
    } finally {
      await st.stop();
    }
  }
}

async function main() {
  // `pnpm bench` runs every part; `pnpm bench de` only (d) and (e), and so on.
  const parts = process.argv[2] ?? 'abcdefghjklmus';
  console.log('Realtime OJ benchmarks (figures, not assertions)\n');
  if (parts.includes('a')) await partA();
  if (parts.includes('b') || parts.includes('c')) await partBC();
  if (parts.includes('d') || parts.includes('e')) await partDE();
  if (parts.includes('f')) await benchScoreboardEngine();
  if (parts.includes('g')) await benchContestFanout();
  if (parts.includes('h')) await benchContestDay();
  if (parts.includes('j')) await benchProblemImport();
  if (parts.includes('k')) await benchUserImport();
  if (parts.includes('l')) await benchFirstLoad();
  if (parts.includes('m')) await benchMetricsCost();
  if (parts.includes('u')) await benchTestdataUpload();
  if (parts.includes('s')) await benchSplitDeployment();
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
