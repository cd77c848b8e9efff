// The scale-out deployment on one machine: N gateways, M services workers and K judge runners, each its own OS
// process (the same entry points as production: infra/src/gateway-main.ts, worker-main.ts, judge-runner/src/main.ts)
// against one PostgreSQL and one NATS (cluster). Every process can be killed (-9), stopped (SIGTERM), paused
// (SIGSTOP/SIGCONT) and started again. The chaos tests, the benchmarks and `pnpm split` start it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from './ports';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = ['--import', 'tsx'];

export type ProcessKind = 'gateway' | 'worker' | 'runner';

export interface SplitProcess {
  kind: ProcessKind;
  name: string;
  /** Gateways: their base URL. */
  url?: string;
  pid(): number | undefined;
  running(): boolean;
  /** Starts it (again) and waits until it is ready: a gateway answers /healthz, a worker or runner says it started. */
  start(): Promise<void>;
  /** SIGTERM, and waits for the exit (SIGKILL after `timeoutMs`); answers the exit code (null: killed). */
  stop(timeoutMs?: number): Promise<number | null>;
  kill(): Promise<void>;
  signal(sig: NodeJS.Signals): void;
  /** Everything it printed since it was last started. */
  output(): string;
}

export interface SplitDeploymentOptions {
  /** Logs (one file per process, appended across restarts) and the runners' work dirs. */
  dir: string;
  databaseUrl: string;
  natsUrl: string;
  gateways?: number;
  workers?: number;
  runners?: number;
  /** Environment of every process (on top of PATH/HOME): rate limits, ack waits, OJ_NATS_REPLICAS… */
  env?: Record<string, string>;
  /** Extra environment of the runners only (e.g. OJ_RUNNER_SLOTS). */
  runnerEnv?: Record<string, string>;
  /** Base of the runners' sandbox uids: runner i gets base + 100 i. */
  uidBase?: number;
  jwtSecret?: string;
  adminPassword?: string;
}

export interface SplitDeployment {
  gateways: SplitProcess[];
  workers: SplitProcess[];
  runners: SplitProcess[];
  all(): SplitProcess[];
  stop(): Promise<void>;
}

const READY: Record<Exclude<ProcessKind, 'gateway'>, RegExp> = {
  worker: /services workers are running/,
  runner: /judge runner started/,
};

function child(kind: ProcessKind, name: string, argv: string[], env: NodeJS.ProcessEnv, logFile: string, url?: string): SplitProcess {
  let proc: ChildProcess | null = null;
  let out = '';
  let log: WriteStream | null = null;
  const isRunning = () => proc !== null && proc.exitCode === null && proc.signalCode === null;
  const exit = (p: ChildProcess) => new Promise<number | null>((r) => (p.exitCode !== null || p.signalCode !== null ? r(p.exitCode) : p.once('exit', (code) => r(code))));
  const self: SplitProcess = {
    kind,
    name,
    url,
    pid: () => proc?.pid,
    running: isRunning,
    output: () => out,
    async start() {
      if (isRunning()) return;
      out = '';
      log ??= createWriteStream(logFile, { flags: 'a' });
      const p = spawn(process.execPath, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      proc = p;
      const onData = (b: Buffer) => {
        out += b.toString();
        if (out.length > 2_000_000) out = out.slice(-1_000_000);
        log?.write(b);
      };
      p.stdout?.on('data', onData);
      p.stderr?.on('data', onData);
      const deadline = Date.now() + 180_000;
      for (;;) {
        if (!isRunning()) throw new Error(`${name} exited while starting:\n${out.slice(-3000)}`);
        if (kind === 'gateway') {
          const ok = await fetch(`${url}/healthz`).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) return;
        } else if (READY[kind].test(out)) return;
        if (Date.now() > deadline) throw new Error(`${name} not ready after 180 s:\n${out.slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop(timeoutMs = 30_000) {
      const p = proc;
      if (!p || !isRunning()) return p?.exitCode ?? null;
      const done = exit(p);
      p.kill('SIGTERM');
      const t = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
      const code = await done;
      clearTimeout(t);
      return code;
    },
    async kill() {
      const p = proc;
      if (!p || !isRunning()) return;
      const done = exit(p);
      p.kill('SIGKILL');
      await done;
    },
    signal(sig) {
      if (isRunning()) proc!.kill(sig);
    },
  };
  return self;
}

export async function startSplitDeployment(opts: SplitDeploymentOptions): Promise<SplitDeployment> {
  const dir = path.resolve(opts.dir);
  await mkdir(path.join(dir, 'logs'), { recursive: true });
  // The runners' work dirs are under `dir`: the sandbox uids must be able to traverse it.
  await mkdir(path.join(dir, 'runners'), { recursive: true });
  for (const d of [dir, path.join(dir, 'runners')]) await chmod(d, 0o711);
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: opts.databaseUrl,
    NATS_URL: opts.natsUrl,
    OJ_JWT_SECRET: opts.jwtSecret ?? 'split-deployment-secret-0123456789abcdef',
    OJ_ADMIN_PASSWORD: opts.adminPassword ?? 'split-root-pass',
    ...opts.env,
  };
  const logFile = (name: string) => path.join(dir, 'logs', `${name}.log`);
  const workers = Array.from({ length: opts.workers ?? 1 }, (_, i) => child('worker', `worker-${i + 1}`, [...TSX, 'infra/src/worker-main.ts'], base, logFile(`worker-${i + 1}`)));
  const gateways: SplitProcess[] = [];
  for (let i = 0; i < (opts.gateways ?? 1); i++) {
    const port = await freePort();
    const env = { ...base, PORT: String(port), HOST: '127.0.0.1' };
    gateways.push(child('gateway', `gateway-${i + 1}`, ['--max-semi-space-size=2', ...TSX, 'infra/src/gateway-main.ts'], env, logFile(`gateway-${i + 1}`), `http://127.0.0.1:${port}`));
  }
  const runners = Array.from({ length: opts.runners ?? 1 }, (_, i) => {
    const id = `runner-${i + 1}`;
    const env = {
      ...base,
      OJ_RUNNER_ID: id,
      OJ_RUNNER_WORK_DIR: path.join(dir, 'runners', id),
      ...(opts.uidBase !== undefined ? { OJ_SANDBOX_UID_BASE: String(opts.uidBase + 100 * i) } : {}),
      ...opts.runnerEnv,
    };
    return child('runner', id, ['--no-node-snapshot', ...TSX, 'judge-runner/src/main.ts'], env, logFile(id));
  });
  const all = () => [...gateways, ...workers, ...runners];
  const deployment: SplitDeployment = {
    gateways,
    workers,
    runners,
    all,
    async stop() {
      await Promise.all(all().map((p) => p.stop(15_000)));
    },
  };
  try {
    // The first worker migrates and seeds the database before anything else uses it.
    await workers[0]?.start();
    await Promise.all([...workers.slice(1), ...gateways, ...runners].map((p) => p.start()));
  } catch (e) {
    await Promise.all(all().map((p) => p.kill()));
    throw e;
  }
  return deployment;
}
