// Benchmark helper: the cost of one sandboxed run (oj-enter + bwrap + oj-measure + the slot's cgroups), set up the
// way judge() runs a C test case, against a bare fork+exec of the same tiny C binary. Mean milliseconds per run;
// prints nothing.
import { execFile, spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createSandboxFactory, ETC_RUNTIME, type SandboxFactory } from '@oj/judge-runner';

const RUNS = 200;
const WARMUP = 3;

function runBare(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, [], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
  });
}

export interface SandboxOverhead {
  bareMs: number;
  /** One sandbox per run (the compile step, and the fallback for test cases). */
  sandboxMs: number;
  overheadMs: number;
  ratio: number;
  /** One case in a warm sandbox (how judge() runs test cases), session start amortised over the cases. */
  warmCaseMs: number;
  warmOverheadMs: number;
  /** Starting and closing one warm sandbox. */
  warmSessionMs: number;
}

export async function benchSandboxOverhead(): Promise<SandboxOverhead> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'oj-bench-sandbox-'));
  let sandboxes: SandboxFactory | null = null;
  try {
    await chmod(root, 0o711);
    const box = path.join(root, 'box');
    const io = path.join(root, 'io');
    await mkdir(box);
    await mkdir(io, { mode: 0o700 });
    await writeFile(path.join(root, 'tiny.c'), 'int main(void) { return 0; }\n');
    const binary = path.join(root, 'tiny');
    await promisify(execFile)('gcc', ['-O2', '-o', binary, path.join(root, 'tiny.c')]);
    await copyFile(binary, path.join(box, 'main'));

    sandboxes = await createSandboxFactory({ driver: 'bwrap', cacheDir: path.join(root, 'cache'), uidBase: 24_000 });
    const sandbox = sandboxes.forSlot(0);
    const limits = { cpuMs: 1000, wallMs: 5000, memoryKb: 65_536, outputBytes: 1 << 20, processes: 4, stackKb: 8192 };
    const sandboxed = async () => {
      const r = await sandbox.run({ argv: ['/w/main'], workDir: box, writableWorkDir: false, stdoutFile: path.join(io, 'out'), stderrFile: path.join(io, 'err'), limits, etc: ETC_RUNTIME });
      if (r.exitCode !== 0) throw new Error(`sandboxed run failed: ${JSON.stringify(r)}`);
    };

    const time = async (fn: () => Promise<void>) => {
      for (let i = 0; i < WARMUP; i++) await fn();
      const t0 = performance.now();
      for (let i = 0; i < RUNS; i++) await fn();
      return (performance.now() - t0) / RUNS;
    };
    const bareMs = await time(() => runBare(binary));
    const sandboxMs = await time(sandboxed);

    // Warm: one session, RUNS cases through it (as judge() does: input file in, stdout and stderr files out).
    await writeFile(path.join(io, 'in'), '1 2\n');
    const openWarm = sandbox.openWarm;
    if (!openWarm) throw new Error('warm sandbox needs the bench to run as root');
    let sessions = 0;
    const t0 = performance.now();
    const warm = await openWarm({ argv: ['/w/main'], workDir: box, ioDir: path.join(root, `warm-${sessions++}`), limits, etc: ETC_RUNTIME });
    const warmSessionStartMs = performance.now() - t0;
    const warmCase = async () => {
      const r = await warm.run({ stdinFile: path.join(io, 'in'), stdoutFile: path.join(io, 'out'), stderrFile: path.join(io, 'err'), limits });
      if (r.exitCode !== 0) throw new Error(`warm run failed: ${JSON.stringify(r)}`);
    };
    const warmCaseMs = await time(warmCase);
    const t1 = performance.now();
    await warm.close();
    const warmSessionMs = warmSessionStartMs + (performance.now() - t1);
    return { bareMs, sandboxMs, overheadMs: sandboxMs - bareMs, ratio: sandboxMs / bareMs, warmCaseMs, warmOverheadMs: warmCaseMs - bareMs, warmSessionMs };
  } finally {
    await sandboxes?.close();
    await rm(root, { recursive: true, force: true });
  }
}
