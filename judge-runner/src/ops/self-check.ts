// The runner's sandbox self-check for `/readyz`: a real program started in a real sandbox (its own slot, so it never
// waits for or disturbs a job), `sh -c 'echo ok'` read back. Done at start and then at most once per `maxAgeMs`, in the
// background when a probe finds the last result stale: a probe never waits for a sandbox.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ReadyCheck } from '@oj/proto';
import { ETC_RUNTIME, type Sandbox } from '../sandbox/index';

const LIMITS = { cpuMs: 1000, wallMs: 5000, memoryKb: 65_536, outputBytes: 1 << 16, processes: 4, stackKb: 8192 };

/** Starts one program in `sandbox` under `workRoot` and checks what it printed; throws why not. */
export async function sandboxRunsAProgram(sandbox: Sandbox, workRoot: string): Promise<void> {
  const dir = path.join(workRoot, `self-check-${randomBytes(4).toString('hex')}`);
  const box = path.join(dir, 'box');
  const io = path.join(dir, 'io');
  // As judge() lays out a submission: the sandbox uid traverses the dirs to its box, which it is given; io is root's.
  await mkdir(workRoot, { recursive: true });
  await chmod(workRoot, 0o711);
  try {
    await mkdir(dir, { mode: 0o711 });
    await mkdir(box, { mode: 0o700 });
    await mkdir(io, { mode: 0o700 });
    const out = path.join(io, 'out');
    const r = await sandbox.run({ argv: ['/bin/sh', '-c', 'echo ok'], workDir: box, writableWorkDir: false, stdoutFile: out, stderrFile: path.join(io, 'err'), limits: LIMITS, etc: ETC_RUNTIME });
    const printed = (await readFile(out, 'utf8').catch(() => '')).trim();
    if (r.exitCode !== 0 || printed !== 'ok') {
      const err = (await readFile(path.join(io, 'err'), 'utf8').catch(() => '')).trim().slice(0, 200);
      throw new Error(`the sandboxed test program ended with exit ${String(r.exitCode)} signal ${String(r.signal)}, printed ${JSON.stringify(printed)}${err ? `: ${err}` : ''}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface SandboxSelfCheck {
  /** The last result as a readiness check (kicking a new check in the background when it is older than `maxAgeMs`). */
  probe(): ReadyCheck;
  /** Runs a check now (at start; tests). */
  refresh(): Promise<ReadyCheck>;
}

export function createSandboxSelfCheck(run: () => Promise<void>, maxAgeMs: number): SandboxSelfCheck {
  let last: { check: ReadyCheck; at: number } = { check: { name: 'sandbox', ok: false, detail: 'not checked yet' }, at: 0 };
  let running: Promise<ReadyCheck> | null = null;
  const refresh = (): Promise<ReadyCheck> => {
    running ??= run()
      .then((): ReadyCheck => ({ name: 'sandbox', ok: true }))
      .catch((e: unknown): ReadyCheck => ({ name: 'sandbox', ok: false, detail: (e instanceof Error ? e.message : String(e)).slice(0, 300) }))
      .then((check) => {
        last = { check, at: Date.now() };
        running = null;
        return check;
      });
    return running;
  };
  return {
    probe() {
      if (Date.now() - last.at > maxAgeMs) void refresh();
      return last.check;
    },
    refresh,
  };
}
