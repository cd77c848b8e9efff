// The slot cgroups through the real bwrap sandbox: reused across runs, limits set per run, OOM kills told apart
// per run, nothing of an earlier run left in them, removed on close.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectCgroupBase } from './cgroup';
import { createSandboxFactory, type SandboxFactory } from './index';
import type { Limits, RunSpec } from './types';

const UID_BASE = 25_000;
let root: string;
let sandboxes: SandboxFactory;
let base: { memory: string; pids: string };

const limits = (memoryKb: number): Limits => ({ cpuMs: 2000, wallMs: 5000, memoryKb, outputBytes: 64 << 20, processes: 8, stackKb: 8192 });

function python(code: string, memoryKb = 65_536): RunSpec {
  const io = path.join(root, 'io');
  return {
    argv: ['/usr/bin/python3', '-c', code],
    workDir: path.join(root, 'box'),
    writableWorkDir: false,
    stdoutFile: path.join(io, 'out'),
    stderrFile: path.join(io, 'err'),
    limits: limits(memoryKb),
    addressSpaceLimit: false,
  };
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8').trim();

/** Slot 0's groups now: `uid-<uid>-<pid>-<random>-0` for pids, `…-0-<generation>` for memory. */
async function slotGroups(): Promise<{ memory: string; pids: string }> {
  const mine = (n: string) => n.startsWith(`uid-${UID_BASE}-${process.pid}-`);
  const memory = (await readdir(base.memory)).filter((n) => mine(n) && /-0-\d+$/.test(n));
  const pids = (await readdir(base.pids)).filter((n) => mine(n) && n.endsWith('-0'));
  expect([memory.length, pids.length]).toEqual([1, 1]);
  return { memory: path.join(base.memory, memory[0]!), pids: path.join(base.pids, pids[0]!) };
}

describe.skipIf(process.getuid?.() !== 0)('slot cgroups (bwrap)', () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'oj-cgroup-test-'));
    await chmod(root, 0o711);
    await mkdir(path.join(root, 'box'));
    await mkdir(path.join(root, 'io'), { mode: 0o700 });
    sandboxes = await createSandboxFactory({ driver: 'bwrap', cacheDir: path.join(root, 'cache'), uidBase: UID_BASE });
    expect(sandboxes.cgroups).toBe(true);
    base = (await detectCgroupBase())!;
  });

  afterAll(async () => {
    await sandboxes.close();
    await rm(root, { recursive: true, force: true });
  });

  it('keeps one memory and one pids group per slot, with each run limits set', async () => {
    const sandbox = sandboxes.forSlot(0);
    await sandbox.run(python('pass'));
    for (const memoryKb of [65_536, 262_144, 32_768]) {
      const r = await sandbox.run(python('print(1)', memoryKb));
      expect(r.exitCode).toBe(0);
      const groups = await slotGroups();
      // The program has the memory group alone: its limit is the program's, nothing added for bwrap or oj-measure.
      const bytes = String(memoryKb * 1024);
      expect(read(groups.memory, 'memory.limit_in_bytes')).toBe(bytes);
      if (existsSync(path.join(groups.memory, 'memory.memsw.limit_in_bytes'))) expect(read(groups.memory, 'memory.memsw.limit_in_bytes')).toBe(bytes);
      // The program's processes only (bwrap and oj-measure are not in the group).
      expect(read(groups.pids, 'pids.max')).toBe('8');
    }
  });

  it('reuses the memory group while runs leave little in it, and replaces it when one leaves its output', async () => {
    const sandbox = sandboxes.forSlot(0);
    await sandbox.run(python('print(1)'));
    const before = await slotGroups();
    await sandbox.run(python('print(1)'));
    expect(await slotGroups()).toEqual(before);
    expect(await sandbox.run(python('import sys\nsys.stdout.buffer.write(b"x" * (16 << 20))'))).toMatchObject({ exitCode: 0, outputExceeded: false });
    await sandbox.run(python('print(1)'));
    const after = await slotGroups();
    expect(after.pids).toBe(before.pids);
    expect(after.memory).not.toBe(before.memory);
    expect(existsSync(before.memory)).toBe(false);
    expect(Number(read(after.memory, 'memory.usage_in_bytes'))).toBeLessThan(4 << 20);
  });

  it('puts the program alone in the memory and pids groups: the supervisor stays out of them', async () => {
    const r = await sandboxes.forSlot(0).run(python('import os\nprint(open("/proc/self/cgroup").read())\nprint(open("/proc/1/cgroup").read())'));
    expect(r.exitCode).toBe(0);
    const groups = await slotGroups();
    // As the sandbox sees them (its cgroup namespace is rooted at the runner's groups): the program (itself) in the
    // slot's groups, oj-measure (pid 1) not.
    const [program, supervisor] = readFileSync(path.join(root, 'io', 'out'), 'utf8').trim().split('\n\n');
    const line = (text: string | undefined, c: string) => new RegExp(`^\\d+:${c}:(.*)$`, 'm').exec(text ?? '')?.[1];
    expect(line(program, 'memory')).toMatch(new RegExp(`/${path.basename(groups.memory)}$`));
    expect(line(program, 'pids')).toMatch(new RegExp(`/${path.basename(groups.pids)}$`));
    expect(line(supervisor, 'memory')).not.toContain(path.basename(groups.memory));
    expect(line(supervisor, 'pids')).not.toContain(path.basename(groups.pids));
  });

  it('reports an OOM kill for the run that had it only', async () => {
    const sandbox = sandboxes.forSlot(0);
    const hog = await sandbox.run(python('a = bytearray(512 << 20)\nprint(len(a))', 65_536));
    expect(hog.memoryExceeded).toBe(true);
    expect(Number(/oom_kill (\d+)/.exec(read((await slotGroups()).memory, 'memory.oom_control'))?.[1])).toBeGreaterThan(0);
    const next = await sandbox.run(python('print(1)'));
    expect(next).toMatchObject({ exitCode: 0, memoryExceeded: false });
  });

  it('kills what an earlier run left in the groups before the next run', async () => {
    const groups = await slotGroups();
    const stray = spawn('/bin/sleep', ['60'], { stdio: 'ignore' });
    const exited = new Promise((r) => stray.once('exit', (_code, signal) => r(signal)));
    writeFileSync(path.join(groups.memory, 'cgroup.procs'), String(stray.pid));
    writeFileSync(path.join(groups.pids, 'cgroup.procs'), String(stray.pid));
    const r = await sandboxes.forSlot(0).run(python('print(1)'));
    expect(r.exitCode).toBe(0);
    expect(await exited).toBe('SIGKILL');
    expect(read(groups.memory, 'cgroup.procs')).toBe('');
  });

  it('removes the groups on close', async () => {
    const groups = await slotGroups();
    await sandboxes.close();
    expect(existsSync(groups.memory) || existsSync(groups.pids)).toBe(false);
  });
});
