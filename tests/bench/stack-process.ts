// Starts the whole judge as a child process (`tsx infra/src/start.ts`, as `pnpm start` does) on a private port,
// data dir and nats-server, for the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, startNatsServer, type RunningNats } from '@oj/infra/processes';

export interface StackProcess {
  baseUrl: string;
  natsUrl: string;
  adminPassword: string;
  /** Process group of the judge (its node processes and their children). */
  pgid: number;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

export async function startStackProcess(env: Record<string, string> = {}): Promise<StackProcess> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'oj-bench-'));
  await chmod(dir, 0o755);
  const nats: RunningNats = await startNatsServer({ storeDir: path.join(dir, 'nats') });
  const port = await freePort();
  const adminPassword = 'bench-root-pass';
  const child: ChildProcess = spawn('pnpm', ['exec', 'tsx', 'infra/src/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OJ_DATA_DIR: path.join(dir, 'data'),
      NATS_URL: nats.url,
      OJ_ADMIN_PASSWORD: adminPassword,
      OJ_SUBMIT_INTERVAL_S: '0',
      // As `pnpm start` runs it: isolated-vm (JavaScript checkers) needs Node without its startup snapshot.
      NODE_OPTIONS: '--no-node-snapshot',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (b: Buffer) => (log += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (log += b.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the judge exited early:\n${log.slice(-3000)}`);
    try {
      const r = await fetch(`${baseUrl}/healthz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the judge did not come up in 180 s:\n${log.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    natsUrl: nats.url,
    adminPassword,
    pgid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        // The group may be gone by now (a slow shutdown on a loaded machine ends just after the wait): no error then.
        if (child.exitCode === null) killGroup(child.pid, 'SIGKILL');
        // pnpm exits before the judge's PostgreSQL has stopped writing its data dir: wait for the whole group.
        for (let i = 0; i < 100 && groupAlive(child.pid); i++) await new Promise((r) => setTimeout(r, 100));
        if (groupAlive(child.pid)) killGroup(child.pid, 'SIGKILL');
      }
      await nats.stop();
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/** Signals the group `pgid`; one that has exited already is not an error. */
function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
}

/** Whether any process of the group `pgid` is still running. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function login(baseUrl: string, username: string, password: string): Promise<{ token: string; uid: string }> {
  const r = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await r.json()) as { status: number; data: { uid: string }; msg: string };
  const token = r.headers.get('authorization');
  if (body.status !== 200 || !token) throw new Error(`login failed: ${body.msg}`);
  return { token, uid: body.data.uid };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** Peak resident memory (VmHWM, MiB) of the largest node process in process group `pgid`. */
export async function peakNodeMemoryMb(pgid: number): Promise<number> {
  const { readdir, readFile } = await import('node:fs/promises');
  let peak = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid || !stat.includes('(node)')) continue;
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      /* gone */
    }
  }
  return peak;
}
