// (d) A burst of distinct A+B programs submitted at once, and where its drain time goes: the submits, the wait in the
// queue, each job's compile and cases on a runner slot (from the judge events on NATS), the slot time outside both
// (taking the job, acks, events), the final event → socket lag (ingester, PostgreSQL, push), and the CPU each part
// of the stack used (from /proc). Figures only: nothing asserts a time.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import type { Socket } from 'socket.io-client';
import { isInProgress, LOCAL_LANGUAGES, type ClientToServerEvents, type ServerToClientEvents } from '@oj/proto';
import { spans, watchJudgeEvents } from './judge-clock';
import { percentile } from './stack-process';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CLK_TCK = 100;

/** CPU ms of every descendant of this process, by what it is: reaped children count for the process that reaped them. */
export function treeCpuMs(): Record<'sandboxes' | 'node' | 'postgres' | 'nats' | 'other', number> {
  const procs = new Map<number, { parent: number; comm: string; own: number; reaped: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(d), { parent: Number(f[1]), comm, own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) });
    } catch {
      /* exited meanwhile */
    }
  }
  const out = { sandboxes: 0, node: 0, postgres: 0, nats: 0, other: 0 };
  for (const [pid, p] of procs) {
    if (pid === process.pid) continue;
    let mine = false;
    for (let q = p.parent; q > 1; q = procs.get(q)?.parent ?? 0) if (q === process.pid) mine = true;
    if (!mine) continue;
    const ms = (t: number) => (t * 1000) / CLK_TCK;
    if (p.comm === 'node') {
      out.node += ms(p.own);
      // What a node process reaped: the judge's sandboxes (launcher, bwrap, oj-measure, compilers, programs).
      out.sandboxes += ms(p.reaped);
    } else if (p.comm.startsWith('postgres')) out.postgres += ms(p.own + p.reaped);
    else if (p.comm.startsWith('nats-server')) out.nats += ms(p.own + p.reaped);
    else if (/^(oj-|bwrap|nsjail|gcc|g\+\+|cc1|as$|ld|collect2)/.test(p.comm)) out.sandboxes += ms(p.own + p.reaped);
    else out.other += ms(p.own + p.reaped);
  }
  return out;
}

export interface BurstFigures {
  drainMs: number;
  perSecond: number;
  /** Time until the last submit was answered. */
  submitMs: number;
  /** Submit answered → its job started (the COMPILING event), p50 / p95. */
  queueMs: { p50: number; p95: number };
  /** COMPILING → JUDGING (the compile step with its sandbox), per job. */
  compileMs: { p50: number; sum: number };
  /** JUDGING → final event (the cases, checking, the events). */
  casesMs: { p50: number; sum: number };
  /** slots × drain − Σ(compile + cases): a slot taking its job, writing the source, acking, waiting for work. */
  slotOtherMs: number;
  /** The final event on NATS → the verdict on the socket (ingester, PostgreSQL, push). */
  pushLagMs: { p50: number; p95: number; max: number };
  /** Last final event on NATS → drained. */
  tailMs: number;
  /** CPU used meanwhile, ms, by part; `bench` is this process (the client). */
  cpu: ReturnType<typeof treeCpuMs> & { bench: number };
  loadavg: number[];
}

/** Submits `n` different A+B programs in `language` for problem 1000 at once and waits for every verdict. */
export async function benchBurst(opts: { baseUrl: string; natsUrl: string; token: string; socket: ClientSocket; n: number; slots: number; language?: string }): Promise<BurstFigures> {
  const { baseUrl, token, socket, n } = opts;
  const language = opts.language ?? 'C';
  const base = LOCAL_LANGUAGES.find((l) => l.name === language)!.template;
  const comment = /Python|PyPy|Ruby/.test(language) ? '#' : '//';
  const submittedAt = new Map<number, number>();
  const finalOnSocket = new Map<number, number>();
  let resolveAll: () => void = () => {};
  const allDone = new Promise<void>((r) => (resolveAll = r));
  const check = () => submittedAt.size === n && [...submittedAt.keys()].every((id) => finalOnSocket.has(id)) && resolveAll();
  const onStatus = (f: { data: { submitId: number; status: number } }) => {
    if (isInProgress(f.data.status) || finalOnSocket.has(f.data.submitId)) return;
    finalOnSocket.set(f.data.submitId, performance.now());
    check();
  };
  socket.on('submission.status', onStatus);
  const clock = await watchJudgeEvents(opts.natsUrl);
  const cpu0 = treeCpuMs();
  const bench0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    // A different source each time, so the compile cache does not hide the compile.
    const code = `${base}${comment} burst ${Date.now()}-${i}\n`;
    const r = await fetch(`${baseUrl}/api/submit-problem-judge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ pid: '1000', language, code, cid: 0 }),
    });
    const b = (await r.json()) as { status: number; data: { submitId: number }; msg: string };
    if (b.status !== 200) throw new Error(`submit failed: ${b.msg}`);
    submittedAt.set(b.data.submitId, performance.now());
  }
  const submitMs = performance.now() - t0;
  check();
  await allDone;
  const drainMs = performance.now() - t0;
  const benchCpu = process.cpuUsage(bench0);
  const cpu1 = treeCpuMs();
  socket.off('submission.status', onStatus);
  await clock.close();

  const ids = [...submittedAt.keys()];
  const { compiling, judging, final: finalOnNats } = clock;
  const span = (from: Map<number, number>, to: Map<number, number>) => spans(ids, from, to);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const queue = span(submittedAt, compiling);
  const compile = span(compiling, judging);
  const cases = span(judging, finalOnNats);
  const lag = span(finalOnNats, finalOnSocket);
  const lastFinal = Math.max(...ids.map((id) => finalOnNats.get(id) ?? 0));
  const cpu = Object.fromEntries(Object.entries(cpu1).map(([k, v]) => [k, v - cpu0[k as keyof typeof cpu0]])) as ReturnType<typeof treeCpuMs>;
  return {
    drainMs,
    perSecond: (n / drainMs) * 1000,
    submitMs,
    queueMs: { p50: percentile(queue, 50), p95: percentile(queue, 95) },
    compileMs: { p50: percentile(compile, 50), sum: sum(compile) },
    casesMs: { p50: percentile(cases, 50), sum: sum(cases) },
    slotOtherMs: opts.slots * drainMs - sum(compile) - sum(cases),
    pushLagMs: { p50: percentile(lag, 50), p95: percentile(lag, 95), max: lag.at(-1) ?? NaN },
    tailMs: t0 + drainMs - lastFinal,
    cpu: { ...cpu, bench: (benchCpu.user + benchCpu.system) / 1000 },
    loadavg: os.loadavg(),
  };
}

const s = (ms: number) => (ms / 1000).toFixed(1);
const ms = (x: number) => x.toFixed(x < 10 ? 1 : 0);

/** The figure's lines. */
export function formatBurst(b: BurstFigures, n: number, language: string, slots: number, label = ''): string {
  const c = b.cpu;
  return [
    `(d)${label} burst of ${n} A+B in ${language}, ${slots} runner slot${slots > 1 ? 's' : ''}: drained in ${s(b.drainMs)} s → ${b.perSecond.toFixed(2)} submissions/s (load average ${b.loadavg.map((l) => l.toFixed(1)).join(' ')})`,
    `    submits answered in ${s(b.submitMs)} s; queue wait p50 ${s(b.queueMs.p50)} s; per job on a slot: compile p50 ${ms(b.compileMs.p50)} ms (Σ ${s(b.compileMs.sum)} s), cases p50 ${ms(b.casesMs.p50)} ms (Σ ${s(b.casesMs.sum)} s), other slot time Σ ${s(b.slotOtherMs)} s of ${slots} × ${s(b.drainMs)} s`,
    `    final event → socket p50 ${ms(b.pushLagMs.p50)} ms, p95 ${ms(b.pushLagMs.p95)} ms, max ${ms(b.pushLagMs.max)} ms; drained ${ms(b.tailMs)} ms after the last final event`,
    `    CPU-s meanwhile: sandboxes (compilers, programs, bwrap) ${s(c.sandboxes)}, node (gateway, services, runner) ${s(c.node)}, PostgreSQL ${s(c.postgres)}, nats-server ${s(c.nats)}, other ${s(c.other)}, the benchmark client ${s(c.bench)}; 2 cores × drain = ${s(2 * b.drainMs)}`,
  ].join('\n');
}
