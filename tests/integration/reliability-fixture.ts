// What the reliability tests share: the services (real PostgreSQL, real NATS) with their workers, judge runners in
// this process or as their own process, a root viewer, and the wait for a submission's final verdict.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isInProgress, LOCAL_LANGUAGES, type RunnerTransport } from '@oj/proto';
import { createNatsRunnerTransport, createRunnerLogger, loadRunnerConfig, startRunner, type Runner } from '@oj/judge-runner';
import { createNatsBus, createServices, migrate, seed, silentLogger, type OjServicesImpl, type Viewer } from '@oj/services';
import { waitFor } from '../support/live';

export const REPO = path.resolve(import.meta.dirname, '../..');
export const C_AB = LOCAL_LANGUAGES.find((l) => l.name === 'C')!.template;
const ROOT_PASSWORD = 'reliability-pass';

export interface JudgeServices {
  bus: Awaited<ReturnType<typeof createNatsBus>>;
  services: OjServicesImpl;
  viewer: Viewer;
  close(): Promise<void>;
}

/** Migrates and seeds `databaseUrl`, then runs the services with their workers on NATS at `natsUrl`. */
/** With `workers: false` only the REST side runs here (no relay timer, no ingester): the workers are elsewhere. */
export async function startJudgeServices(databaseUrl: string, natsUrl: string, opts: { migrateFirst?: boolean; workers?: boolean } = {}): Promise<JudgeServices> {
  if (opts.migrateFirst !== false) {
    await migrate(databaseUrl);
    await seed(databaseUrl, { adminPassword: ROOT_PASSWORD });
  }
  const bus = await createNatsBus({ url: natsUrl, logger: silentLogger() });
  const services = await createServices({ databaseUrl, transport: bus, config: { submitIntervalS: 0 }, logger: silentLogger() });
  if (opts.workers !== false) await services.startWorkers();
  const { sessionId, user } = await services.account.login('root', ROOT_PASSWORD, '127.0.0.1');
  const viewer = (await services.account.verifySession(user.uid, sessionId)) as Viewer;
  return {
    bus,
    services,
    viewer,
    async close() {
      await services.close();
      await bus.close();
    },
  };
}

/** A fresh work root the sandbox uids can traverse. */
export async function workRoot(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o711);
  return dir;
}

export interface InProcessRunner {
  runner: Runner;
  transport: RunnerTransport;
  stop(): Promise<void>;
}

/** A judge runner in this process (its own NATS connection), configured like a runner process from `env`. */
export async function startInProcessRunner(natsUrl: string, id: string, env: Record<string, string>): Promise<InProcessRunner> {
  const config = loadRunnerConfig({ NATS_URL: natsUrl, OJ_RUNNER_ID: id, OJ_SANDBOX: 'bwrap', ...env });
  const logger = createRunnerLogger({ level: 'silent', runnerId: id });
  const transport = await createNatsRunnerTransport({ url: natsUrl, ackWaitMs: config.ackWaitMs, runnerId: id, logger });
  const runner = await startRunner({ transport, config, logger });
  return {
    runner,
    transport,
    async stop() {
      await runner.stop();
      await transport.close();
    },
  };
}

export interface RunnerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A judge runner as its own process (`judge-runner/src/main.ts`), in its own process group (for SIGSTOP of it all). */
export function spawnRunner(env: Record<string, string>): RunnerProcess {
  const child = spawn(process.execPath, ['--no-node-snapshot', '--import', 'tsx', path.join(REPO, 'judge-runner/src/main.ts')], {
    cwd: REPO,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, OJ_SANDBOX: 'bwrap', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  return { child, output: () => out, exited };
}

/** A services worker process (`infra/src/worker-main.ts`) on `databaseUrl`; its database sessions are named `name`. */
export function spawnWorker(name: string, databaseUrl: string, env: Record<string, string>): RunnerProcess {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'infra/src/worker-main.ts')], {
    cwd: REPO,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url.toString(), OJ_ADMIN_PASSWORD: ROOT_PASSWORD, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  return { child, output: () => out, exited };
}

/** Sends `signal` to the runner's whole process group (node and its sandboxes); a group already gone is fine. */
export function signalGroup(p: ChildProcess, signal: NodeJS.Signals): void {
  if (!p.pid) return;
  try {
    process.kill(-p.pid, signal);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
}

/** Waits (bounded) for the submission's final verdict and answers the row as the services show it. */
export async function finalOf(s: JudgeServices, submitId: number, timeoutMs = 90_000) {
  return waitFor(
    `the final verdict of ${submitId}`,
    async () => {
      const d = await s.services.submissions.detail(submitId, s.viewer);
      return isInProgress(d.submission.status) ? undefined : d.submission;
    },
    timeoutMs,
  );
}

/** Submits `code` for problem 1000 (A+B) as root. */
export async function submitAb(s: JudgeServices, code = C_AB, language = 'C'): Promise<number> {
  const sub = await s.services.submissions.submit({ pid: '1000', language, code, cid: 0 }, s.viewer, '127.0.0.1');
  return sub.submitId;
}
