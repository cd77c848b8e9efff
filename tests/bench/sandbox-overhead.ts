// Benchmark helper: the cost of one sandboxed run, set up the way judge() runs a C test case, against a bare
// fork+exec of the same tiny C binary, for each driver: bwrap (oj-enter + bwrap + oj-measure + the slot's cgroups,
// one sandbox per run and one case in a warm sandbox) and, when an nsjail binary is present (OJ_NSJAIL_PATH or
// PATH), nsjail (one jail per run, which is how it runs every case). Mean milliseconds per run, each driver's runs
// taken in turn with bare ones so that both see the same load; prints nothing.
import { execFile, spawn } from 'node:child_process';
import { access, chmod, constants, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createSandboxFactory, ETC_RUNTIME, type Sandbox, type SandboxFactory } from '@oj/judge-runner';

const RUNS = 200;
const WARMUP = 3;

function runBare(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, [], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
  });
}

/** One driver's figures. */
export interface DriverOverhead {
  /** One sandbox per run (the compile step; every test case with nsjail, or without root). */
  sandboxMs: number;
  overheadMs: number;
  ratio: number;
  /** One case in a warm sandbox (how judge() runs bwrap test cases), session start amortised (bwrap as root only). */
  warmCaseMs?: number;
  warmOverheadMs?: number;
  /** Starting and closing one warm sandbox. */
  warmSessionMs?: number;
  /** What judge() pays per test case with this driver: a warm case when there is one, else a run. */
  perCaseOverheadMs: number;
}

export interface SandboxOverhead {
  bareMs: number;
  bwrap: DriverOverhead;
  /** null when no nsjail binary was found (`nsjailPath` says where it was looked for). */
  nsjail: DriverOverhead | null;
  nsjailPath: string | null;
}

/** Mean ms of each function, run in turn RUNS times (after WARMUP rounds), so that all see the same machine load. */
async function timeInTurn(fns: readonly (() => Promise<void>)[]): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) for (const fn of fns) await fn();
  const total = fns.map(() => 0);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn();
      total[k]! += performance.now() - t0;
    }
  }
  return total.map((t) => t / RUNS);
}

async function findNsjail(): Promise<string | null> {
  const candidates = process.env.OJ_NSJAIL_PATH ? [process.env.OJ_NSJAIL_PATH] : (process.env.PATH ?? '').split(':').filter(Boolean).map((d) => path.join(d, 'nsjail'));
  for (const c of candidates) if (await access(c, constants.X_OK).then(() => true, () => false)) return c;
  return null;
}

interface Setup {
  root: string;
  box: string;
  warmBox: string;
  io: string;
  binary: string;
}

const limits = { cpuMs: 1000, wallMs: 5000, memoryKb: 65_536, outputBytes: 1 << 20, processes: 4, stackKb: 8192 };

/** Runs of one sandbox per run, in `s.box` (the warm sandbox has a box of its own: a run makes its box its uid's). */
function sandboxedRun(sandbox: Sandbox, s: Setup) {
  return async () => {
    const r = await sandbox.run({ argv: ['/w/main'], workDir: s.box, writableWorkDir: false, stdoutFile: path.join(s.io, 'out'), stderrFile: path.join(s.io, 'err'), limits, etc: ETC_RUNTIME });
    if (r.exitCode !== 0) throw new Error(`sandboxed run failed: ${JSON.stringify(r)}`);
  };
}

async function benchBwrap(s: Setup): Promise<DriverOverhead & { bareMs: number }> {
  let sandboxes: SandboxFactory | null = null;
  try {
    sandboxes = await createSandboxFactory({ driver: 'bwrap', cacheDir: path.join(s.root, 'cache'), uidBase: 24_000 });
    // Slot 1 runs one sandbox per run while slot 0's warm sandbox holds its own cgroups.
    const sandbox = sandboxes.forSlot(1);
    const openWarm = sandboxes.forSlot(0).openWarm;
    if (!openWarm) {
      const [bareMs, sandboxMs] = await timeInTurn([() => runBare(s.binary), sandboxedRun(sandbox, s)]);
      return { bareMs: bareMs!, sandboxMs: sandboxMs!, overheadMs: sandboxMs! - bareMs!, ratio: sandboxMs! / bareMs!, perCaseOverheadMs: sandboxMs! - bareMs! };
    }
    // Warm: one session, RUNS cases through it (as judge() does: input file in, stdout and stderr files out).
    await writeFile(path.join(s.io, 'in'), '1 2\n');
    const t0 = performance.now();
    const warm = await openWarm({ argv: ['/w/main'], workDir: s.warmBox, ioDir: path.join(s.root, 'warm-0'), limits, etc: ETC_RUNTIME });
    const warmSessionStartMs = performance.now() - t0;
    const warmCase = async () => {
      const r = await warm.run({ stdinFile: path.join(s.io, 'in'), stdoutFile: path.join(s.io, 'out'), stderrFile: path.join(s.io, 'err'), limits });
      if (r.exitCode !== 0) throw new Error(`warm run failed: ${JSON.stringify(r)}`);
    };
    const [bareMs, sandboxMs, warmCaseMs] = (await timeInTurn([() => runBare(s.binary), sandboxedRun(sandbox, s), warmCase])) as [number, number, number];
    const t1 = performance.now();
    await warm.close();
    const warmSessionMs = warmSessionStartMs + (performance.now() - t1);
    const cold = { bareMs, sandboxMs, overheadMs: sandboxMs - bareMs, ratio: sandboxMs / bareMs };
    return { ...cold, warmCaseMs, warmOverheadMs: warmCaseMs - bareMs, warmSessionMs, perCaseOverheadMs: warmCaseMs - bareMs };
  } finally {
    await sandboxes?.close();
  }
}

async function benchNsjail(s: Setup, nsjailPath: string): Promise<DriverOverhead> {
  let sandboxes: SandboxFactory | null = null;
  try {
    sandboxes = await createSandboxFactory({ driver: 'nsjail', nsjailPath, cacheDir: path.join(s.root, 'cache'), uidBase: 24_100 });
    const [bareMs, sandboxMs] = (await timeInTurn([() => runBare(s.binary), sandboxedRun(sandboxes.forSlot(0), s)])) as [number, number];
    return { sandboxMs, overheadMs: sandboxMs - bareMs, ratio: sandboxMs / bareMs, perCaseOverheadMs: sandboxMs - bareMs };
  } finally {
    await sandboxes?.close();
  }
}

export async function benchSandboxOverhead(): Promise<SandboxOverhead> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'oj-bench-sandbox-'));
  try {
    await chmod(root, 0o711);
    const box = path.join(root, 'box');
    const warmBox = path.join(root, 'warm-box');
    const io = path.join(root, 'io');
    await mkdir(box);
    await mkdir(warmBox);
    await mkdir(io, { mode: 0o700 });
    await writeFile(path.join(root, 'tiny.c'), 'int main(void) { return 0; }\n');
    const binary = path.join(root, 'tiny');
    await promisify(execFile)('gcc', ['-O2', '-o', binary, path.join(root, 'tiny.c')]);
    await copyFile(binary, path.join(box, 'main'));
    await copyFile(binary, path.join(warmBox, 'main'));
    const setup: Setup = { root, box, warmBox, io, binary };
    const nsjailPath = await findNsjail();
    const { bareMs, ...bwrap } = await benchBwrap(setup);
    const nsjail = nsjailPath ? await benchNsjail(setup, nsjailPath) : null;
    return { bareMs, bwrap, nsjail, nsjailPath };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
