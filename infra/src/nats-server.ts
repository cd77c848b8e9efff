// Spawns a local `nats-server` with JetStream: the embedded default when NATS_URL is unset and the binary is on
// PATH, and the private server of each NATS test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { freePort, waitForPort } from './ports';

export interface RunningNats {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function natsServerOnPath(): boolean {
  return spawnSync('nats-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

export async function startNatsServer(opts: { storeDir: string; port?: number; onLog?: (line: string) => void }): Promise<RunningNats> {
  const port = opts.port ?? (await freePort());
  const storeDir = path.resolve(opts.storeDir);
  await mkdir(storeDir, { recursive: true });
  const child = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = (b: Buffer) => opts.onLog?.(b.toString());
  child.stdout?.on('data', log);
  child.stderr?.on('data', log);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nats-server exited with code ${code} before it was ready`))),
  );
  await Promise.race([waitForPort(port), exited]);
  exited.catch(() => {});
  return {
    url: `nats://127.0.0.1:${port}`,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
