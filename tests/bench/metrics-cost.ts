// (m) The cost of the per-request HTTP metrics (`oj_http_requests_total`, `oj_http_request_duration_seconds`): two
// judges side by side (`pnpm start`'s process, one with OJ_METRICS=off), both logging at warn so the request line does
// not drown the difference; requests at a fixed concurrency over keep-alive, the two judges in alternating rounds so
// both see the same machine load. Two routes: /healthz (no database: the largest share metrics can take) and the
// problem list (a typical read). The figure is the CPU time the judge's processes spent per request (utime + stime of
// its process group, from /proc), less what the same judge spends idle in that time (its workers, runner and timers,
// measured just before each burst), which other load on a shared machine moves less than wall-clock time; the
// throughput is printed beside it (median of the rounds' ratios, with their range). On a shared machine the judge
// started first came out up to ≈ 20 % dearer even when both have metrics on (OJ_BENCH_METRICS_AA=1), so the figure
// that holds is the metrics' own work per request, timed alone first. Bounded: ROUNDS × the route's requests per
// judge and route.
import { readdir, readFile } from 'node:fs/promises';
import { recordHttpRequest } from '@oj/gateway';
import { percentile, startStackProcess, type StackProcess } from './stack-process';

/**
 * What the metrics themselves add to one request, timed alone in this process (no network, no other load in the
 * figure): the call the gateway's request hook makes, over 160 route templates × 5 statuses; best of 7 × 200,000.
 */
function metricsWorkPerRequestUs(): number {
  const routes = Array.from({ length: 160 }, (_, i) => `/api/bench-route-${i}`);
  const statuses = [200, 200, 200, 404, 403];
  const n = 200_000;
  let best = Infinity;
  for (let rep = 0; rep < 7; rep++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) recordHttpRequest('GET', routes[i % routes.length]!, statuses[i % statuses.length]!, 0.003);
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / n / 1000);
  }
  return best;
}

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100;

/** CPU ms (user + system) spent so far by the live processes of group `pgid`. */
async function groupCpuMs(pgid: number): Promise<number> {
  let ticks = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Fields after the command (which may hold spaces): state ppid pgrp … utime(14) stime(15).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
  }
  return (ticks * 1000) / TICKS_PER_S;
}

const ROUNDS = 8;
const CONCURRENCY = 8;
/** How long each judge's idle CPU is measured before each burst. */
const IDLE_MS = 2000;

interface Round {
  ms: number;
  cpuMs: number;
  latencies: number[];
}

async function burst(stack: StackProcess, route: string, requests: number): Promise<Round> {
  const url = stack.baseUrl + route;
  const latencies: number[] = [];
  let next = 0;
  const idle0 = await groupCpuMs(stack.pgid);
  const i0 = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const cpu0 = await groupCpuMs(stack.pgid);
  const idlePerMs = (cpu0 - idle0) / (performance.now() - i0);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) {
        next++;
        const s = performance.now();
        const r = await fetch(url);
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const ms = performance.now() - t0;
  return { ms, cpuMs: (await groupCpuMs(stack.pgid)) - cpu0 - idlePerMs * ms, latencies };
}

function summary(rounds: Round[]) {
  const all = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const ms = rounds.reduce((a, r) => a + r.ms, 0);
  const cpuMs = rounds.reduce((a, r) => a + r.cpuMs, 0);
  return { rps: (all.length / ms) * 1000, p50: percentile(all, 50), p99: percentile(all, 99), cpuUsPerRequest: (cpuMs * 1000) / all.length };
}

export async function benchMetricsCost(): Promise<void> {
  const workUs = metricsWorkPerRequestUs();
  console.log(`(m) HTTP metrics' own work per request (the request hook's recordHttpRequest, timed alone): ${workUs.toFixed(2)} µs`);
  const env = { OJ_LOG_LEVEL: 'warn', OJ_LOG_FORMAT: 'json' };
  // OJ_BENCH_METRICS_AA=1: a control, both judges with metrics on (what the method reads as a difference without one);
  // OJ_BENCH_METRICS_OFF_FIRST=1 starts the judge without metrics first.
  const control = process.env.OJ_BENCH_METRICS_AA === '1';
  const offFirst = process.env.OJ_BENCH_METRICS_OFF_FIRST === '1';
  const start = (metrics: 'on' | 'off') => startStackProcess({ ...env, OJ_METRICS: control ? 'on' : metrics });
  const first = await start(offFirst ? 'off' : 'on');
  const second = await start(offFirst ? 'on' : 'off');
  const [on, off]: StackProcess[] = offFirst ? [second, first] : [first, second];
  if (control) console.log('(m) control run: both judges have metrics on');
  try {
    for (const [label, route, requests] of [
      ['/healthz', '/healthz', 2000],
      ['problem list', '/api/get-problem-list?currentPage=1&limit=20', 400],
    ] as const) {
      await burst(on, route, requests); // warm-up
      await burst(off, route, requests);
      const rounds: { on: Round[]; off: Round[] } = { on: [], off: [] };
      for (let i = 0; i < ROUNDS; i++) {
        // Alternate which goes first, so neither always runs on a warmer machine.
        const order = i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
        for (const k of order) rounds[k].push(await burst(k === 'on' ? on : off, route, requests));
      }
      const a = summary(rounds.on);
      const b = summary(rounds.off);
      const ratios = rounds.on.map((r, i) => rounds.off[i]!.ms / r.ms).sort((x, y) => x - y);
      const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 0);
      console.log(
        `(m) HTTP metrics on the request path, ${label} (${ROUNDS} rounds × ${requests} requests, ${CONCURRENCY} at a time): ` +
          `judge CPU per request: metrics on ${fmt(a.cpuUsPerRequest)} µs, off ${fmt(b.cpuUsPerRequest)} µs → ratio on/off ${(a.cpuUsPerRequest / b.cpuUsPerRequest).toFixed(3)} ` +
          `(the metrics' own ${workUs.toFixed(2)} µs on the off figure: ${((b.cpuUsPerRequest + workUs) / b.cpuUsPerRequest).toFixed(3)}); ` +
          `wall clock: on ${fmt(a.rps)} req/s (p50 ${fmt(a.p50)} ms, p99 ${fmt(a.p99)} ms), off ${fmt(b.rps)} req/s (p50 ${fmt(b.p50)} ms, p99 ${fmt(b.p99)} ms), ` +
          `throughput ratio on/off median ${percentile(ratios, 50).toFixed(3)} (rounds ${ratios[0]!.toFixed(3)}–${ratios.at(-1)!.toFixed(3)})`,
      );
    }
  } finally {
    await on.stop();
    await off.stop();
  }
}
