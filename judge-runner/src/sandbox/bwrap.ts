// The bubblewrap driver (the tested default): oj-enter puts itself in the slot's cgroups and drops to the slot's
// unprivileged uid, then execs bwrap with every namespace unshared (no network), a read-only /usr, the work dir at
// /w, and oj-measure inside doing the rlimits, wall clock and rusage. Memory and pids are capped by the slot's
// cgroup v1 groups when the runner is root (cgroup.ts), else by RLIMIT_AS / RLIMIT_NPROC only.
import { chmodSync, chownSync } from 'node:fs';
import type { CgroupRun, SlotCgroup } from './cgroup';
import { spawnMeasured, toRunResult } from './spawn-measured';
import { ETC_TOOLCHAIN, type RunResult, type RunSpec, type Sandbox } from './types';

/** Where the measuring helper is mounted inside the sandbox. */
export const MEASURE_IN_SANDBOX = '/oj-measure';
/** Size of the sandbox's private /tmp (tmpfs, also charged to the memory cgroup). */
const TMP_BYTES = 64 * 1024 * 1024;
/** bwrap and oj-measure themselves count against the process and memory caps. */
export const HELPER_PROCESSES = 4;
export const HELPER_MEMORY_BYTES = 8 * 1024 * 1024;

export interface BwrapOptions {
  /** Unprivileged uid (and gid) of this slot. */
  uid: number;
  measurePath: string;
  /** The launcher (enter.c): enters the cgroups and drops to `uid` before bwrap. */
  enterPath: string;
  /** Launch through oj-enter (only possible, and only needed, when the runner is root). */
  asRoot: boolean;
  /** The slot's cgroups (created on first use), or null when runs are limited by rlimits only. */
  cgroup: (() => Promise<SlotCgroup>) | null;
}

export interface SandboxCommand {
  file: string;
  args: string[];
}

/** The spec's /etc entries, never anything outside `ETC_TOOLCHAIN` (shared with the nsjail driver). */
export function etcBinds(spec: RunSpec): readonly string[] {
  const etc = spec.etc ?? ETC_TOOLCHAIN;
  const stray = etc.filter((e) => !ETC_TOOLCHAIN.includes(e));
  if (stray.length) throw new Error(`sandbox: /etc entries not allowed: ${stray.join(', ')}`);
  return etc;
}

/** Arguments of oj-measure for a spec (shared with the nsjail driver). */
export function measureArgs(spec: RunSpec, opts: { memoryByCgroup: boolean }): string[] {
  const l = spec.limits;
  const args = ['--cpu-ms', String(l.cpuMs), '--wall-ms', String(l.wallMs), '--fsize', String(l.outputBytes)];
  args.push('--nproc', String(l.processes + HELPER_PROCESSES), '--stack-kb', String(l.stackKb));
  if (!opts.memoryByCgroup && spec.addressSpaceLimit !== false) args.push('--as-kb', String(l.memoryKb));
  args.push('--result-fd', '3', '--kill-all', '1', '--');
  return [...args, ...spec.argv];
}

/** Arguments of oj-measure as a warm sandbox's server (warm.ts): per-case limits come with each request. */
export function serveArgs(argv: readonly string[]): string[] {
  return ['--serve', '1', '--request-fd', '4', '--result-fd', '3', '--kill-all', '1', '--', ...argv];
}

/** `warm`: the command of a warm sandbox: `ioDir` bound at /io and oj-measure serving requests (warm.ts). */
export function buildBwrapCommand(spec: RunSpec, opts: BwrapOptions & { cgroupProcs?: readonly string[]; warm?: { ioDir: string } }): SandboxCommand {
  // --disable-userns: the program cannot make a nested user namespace (and with it mount or unshare anything).
  const bwrap = ['--unshare-all', '--unshare-user', '--disable-userns', '--die-with-parent', '--new-session', '--as-pid-1', '--hostname', 'oj', '--ro-bind', '/usr', '/usr'];
  for (const dir of ['lib', 'lib64', 'bin', 'sbin']) bwrap.push('--symlink', `usr/${dir}`, `/${dir}`);
  for (const etc of etcBinds(spec)) bwrap.push('--ro-bind-try', etc, etc);
  bwrap.push('--proc', '/proc', '--dev', '/dev', '--perms', '1777', '--size', String(TMP_BYTES), '--tmpfs', '/tmp');
  bwrap.push(spec.writableWorkDir ? '--bind' : '--ro-bind', spec.workDir, '/w');
  for (const b of spec.readonlyBinds ?? []) bwrap.push('--ro-bind', b.host, b.sandbox);
  if (opts.warm) bwrap.push('--bind', opts.warm.ioDir, '/io');
  // The root itself is a bwrap tmpfs: make it read-only too, so only /w (when compiling) and /tmp are writable.
  bwrap.push('--ro-bind', opts.measurePath, MEASURE_IN_SANDBOX, '--remount-ro', '/', '--chdir', '/w', '--clearenv');
  const env = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...spec.env };
  for (const [k, v] of Object.entries(env)) bwrap.push('--setenv', k, v);
  bwrap.push(MEASURE_IN_SANDBOX, ...(opts.warm ? serveArgs(spec.argv) : measureArgs(spec, { memoryByCgroup: opts.cgroup !== null })));

  if (!opts.asRoot) {
    if (opts.cgroupProcs?.length) throw new Error('bwrap: cgroups are only entered when the runner is root');
    return { file: '/usr/bin/bwrap', args: bwrap };
  }
  // oj-enter enters the cgroups first (everything exec'd after inherits them), then drops to the slot's uid.
  const enter = ['--uid', String(opts.uid), ...(opts.cgroupProcs ?? []).flatMap((p) => ['--cgroup-procs', p])];
  return { file: opts.enterPath, args: [...enter, '--', '/usr/bin/bwrap', ...bwrap] };
}

export function createBwrapSandbox(opts: BwrapOptions): Sandbox {
  return {
    driver: 'bwrap',
    async run(spec: RunSpec): Promise<RunResult> {
      if (opts.asRoot) {
        // Owned by the slot's uid and private to it; whether it is writable is decided by the mount. (Synchronous:
        // two syscalls, cheaper than two thread-pool round trips on the per-run path.)
        chownSync(spec.workDir, opts.uid, opts.uid);
        chmodSync(spec.workDir, 0o700);
      }
      const cg = opts.cgroup ? await opts.cgroup() : null;
      let cgRun: CgroupRun | null = null;
      if (cg) cgRun = await cg.prepare({ memoryBytes: spec.limits.memoryKb * 1024 + HELPER_MEMORY_BYTES, maxPids: spec.limits.processes + HELPER_PROCESSES });
      try {
        const cmd = buildBwrapCommand(spec, { ...opts, cgroupProcs: cgRun?.procsFiles });
        const run = await spawnMeasured(cmd.file, cmd.args, spec);
        return toRunResult(spec, run, cgRun?.oomKilled() ?? false);
      } finally {
        cgRun?.release();
      }
    },
  };
}
