// A judge runner of the one-machine stack in its own OS process (`judge-runner/src/main.ts` on the stack's NATS), as
// the split deployment runs it. In the stack's process a runner's every sandbox start forked the whole gateway and
// services heap, holding their event loop for milliseconds per spawn, so judge events and pushes waited behind the
// runner's spawns (docs/benchmarks.md, "Fifth pass: the runner out of the stack's process"). Its readiness is the
// child's own /readyz (bus, JetStream, sandbox self-check) on a loopback port and its metrics join the stack's
// /metrics; its log lines go to the stack's stdout. It stops with the stack (SIGTERM: a job in hand is given back),
// and stops by itself when the stack's process is gone (the child watches its parent).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { OPS_PATHS, type ReadinessProbe, type ReadyCheck, type ReadyReport } from '@oj/proto';
import { freePort } from './ports';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

export interface RunnerChild {
  pid: number | undefined;
  readiness: ReadinessProbe;
  /** Its Prometheus exposition (empty while it does not answer). */
  metrics(): Promise<string>;
  stop(): Promise<void>;
}

const failed = (detail: string): ReadyCheck[] => [{ name: 'runner', ok: false, detail }];

/** Starts one runner process on `natsUrl` with `env` (the stack's), and waits until it answers its health check. */
/** `output`: where its log lines go (default: this process's stdout and stderr). */
export async function startRunnerChild(opts: { natsUrl: string; env: NodeJS.ProcessEnv; natsReplicas?: number; output?: (text: string) => void }): Promise<RunnerChild> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--no-node-snapshot', '--import', 'tsx', 'judge-runner/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...opts.env,
      NATS_URL: opts.natsUrl,
      ...(opts.natsReplicas !== undefined && { OJ_NATS_REPLICAS: String(opts.natsReplicas) }),
      OJ_RUNNER_HTTP_PORT: String(port),
      OJ_RUNNER_HTTP_HOST: '127.0.0.1',
      OJ_RUNNER_PARENT_PID: String(process.pid),
    },
    stdio: ['ignore', opts.output ? 'pipe' : 'inherit', opts.output ? 'pipe' : 'inherit'],
  });
  if (opts.output) {
    const out = opts.output;
    child.stdout?.on('data', (b: Buffer) => out(b.toString()));
    child.stderr?.on('data', (b: Buffer) => out(b.toString()));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!running()) throw new Error(`the judge runner exited while starting (code ${child.exitCode ?? child.signalCode})`);
    const up = await fetch(`${base}${OPS_PATHS.health}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the judge runner did not start within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    pid: child.pid,
    async readiness() {
      if (!running()) return failed(`the runner process exited (code ${child.exitCode ?? child.signalCode})`);
      try {
        const res = await fetch(`${base}${OPS_PATHS.ready}`, { signal: AbortSignal.timeout(5_000) });
        return ((await res.json()) as ReadyReport).checks;
      } catch (e) {
        return failed(`no readiness answer: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
    async metrics() {
      if (!running()) return '';
      const res = await fetch(`${base}${OPS_PATHS.metrics}`, { signal: AbortSignal.timeout(5_000) });
      return res.ok ? res.text() : '';
    },
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
