// The bubblewrap driver (the tested default): oj-enter puts itself in the slot's cgroups and drops to the slot's
// unprivileged uid, then execs bwrap with every namespace unshared (no network), a read-only /usr, the work dir at
// /w, and oj-measure inside doing the rlimits, wall clock, rusage and the program's seccomp policy. Memory and pids
// are capped by the slot's cgroup v1 groups when the runner is root (cgroup.ts: the program alone in them; oj-measure's
// child moves itself in), else by RLIMIT_AS / RLIMIT_NPROC only. What the program sees: /dev a fresh read-only tmpfs with the
// usual nodes, /dev/shm and /tmp fresh size-capped tmpfs, /proc its own pid namespace with the host's counters masked
// (proc-mask.ts), /w read-only, or for a writable step a size-capped tmpfs holding the work dir's files read-only,
// what the step makes there copied back by oj-measure (measure-copy.c).
import { chmodSync, chownSync, closeSync, constants, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { CgroupRun, SlotCgroup } from './cgroup';
import { spawnMeasured, toRunResult } from './spawn-measured';
import { ETC_TOOLCHAIN, type Limits, type ReadonlyBind, type RunResult, type RunSpec, type Sandbox } from './types';

/** Where the measuring helper is mounted inside the sandbox. */
export const MEASURE_IN_SANDBOX = '/oj-measure';
/** Size of the sandbox's private /tmp and of its /dev/shm (tmpfs, also charged to the memory cgroup). */
export const TMP_BYTES = 64 * 1024 * 1024;
/** bwrap and oj-measure themselves count against RLIMIT_NPROC (per uid); the cgroups hold the program alone. */
export const HELPER_PROCESSES = 4;
/** stderr kept of a run when the limits do not say (the rest is read and dropped; it never counts as output). */
export const DEFAULT_STDERR_BYTES = 1024 * 1024;
/** fds oj-measure is given beside 0-3 (3: its report): the host work dir of a writable step, the program's cgroup.procs
 * (memory, pids). */
export const WORK_FD = 4;
export const CGROUP_FDS = [5, 6] as const;

/** Size of a writable /w (a tmpfs): room for a few files at the output limit (RLIMIT_FSIZE caps each one). */
export function workDirBytes(l: Limits): number {
  return 2 * l.outputBytes + 64 * 1024 * 1024;
}

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
  /** Files bound over /proc entries (proc-mask.ts). */
  procMasks?: readonly ReadonlyBind[];
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

/** How a writable /w is laid out: the work dir's files bound read-only, its directories made (both drivers). */
export interface WorkDirLayout {
  files: ReadonlyBind[];
  dirs: string[];
}

/** Lists the host work dir (runner-made: a few entries) for a writable /w; directories at most 4 deep. */
export function workDirLayout(workDir: string, sandboxDir = '/w', depth = 0): WorkDirLayout {
  const layout: WorkDirLayout = { files: [], dirs: [] };
  let entries;
  try {
    entries = readdirSync(workDir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return layout;
    throw e;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const host = path.join(workDir, e.name);
    const sandbox = `${sandboxDir}/${e.name}`;
    if (e.isFile()) layout.files.push({ host, sandbox });
    else if (e.isDirectory() && depth < 4) {
      layout.dirs.push(sandbox);
      const sub = workDirLayout(host, sandbox, depth + 1);
      layout.dirs.push(...sub.dirs);
      layout.files.push(...sub.files);
    }
  }
  return layout;
}

export interface MeasureFds {
  /** The program has memory and pids cgroups of its own (cgroup.procs passed as CGROUP_FDS). */
  cgroupFd?: boolean;
  /** A writable /w to copy back into the host work dir (a directory fd passed as WORK_FD). */
  workFd?: boolean;
}

/** Arguments of oj-measure for a spec (shared with the nsjail driver). */
export function measureArgs(spec: RunSpec, opts: { memoryByCgroup: boolean } & MeasureFds): string[] {
  const l = spec.limits;
  const args = ['--cpu-ms', String(l.cpuMs), '--wall-ms', String(l.wallMs), '--fsize', String(l.outputBytes)];
  args.push('--nproc', String(l.processes + HELPER_PROCESSES), '--stack-kb', String(l.stackKb), '--stderr-bytes', String(l.stderrBytes ?? DEFAULT_STDERR_BYTES));
  if (!opts.memoryByCgroup && spec.addressSpaceLimit !== false) args.push('--as-kb', String(l.memoryKb));
  if (opts.cgroupFd) args.push('--cgroup-fds', CGROUP_FDS.join(','));
  if (opts.workFd) args.push('--work-fd', String(WORK_FD), '--work-dir', '/w');
  args.push('--result-fd', '3', '--kill-all', '1', '--');
  return [...args, ...spec.argv];
}

/** Arguments of oj-measure as a warm sandbox's server (warm.ts): per-case limits come with each request. */
export function serveArgs(argv: readonly string[], fds: MeasureFds = {}): string[] {
  const cgroup = fds.cgroupFd ? ['--cgroup-fds', CGROUP_FDS.join(',')] : [];
  return ['--serve', '1', '--request-fd', '4', '--result-fd', '3', ...cgroup, '--kill-all', '1', '--', ...argv];
}

/** bwrap's mounts: /usr, /etc entries, /proc (masked), /dev (read-only), /dev/shm, /tmp and /w. */
function bwrapMounts(spec: RunSpec, opts: BwrapOptions, warm: boolean): string[] {
  const m = ['--ro-bind', '/usr', '/usr'];
  for (const dir of ['lib', 'lib64', 'bin', 'sbin']) m.push('--symlink', `usr/${dir}`, `/${dir}`);
  for (const etc of etcBinds(spec)) m.push('--ro-bind-try', etc, etc);
  m.push('--proc', '/proc');
  for (const b of opts.procMasks ?? []) m.push('--ro-bind', b.host, b.sandbox);
  // A fresh /dev of the usual nodes, made read-only: nothing can be left or stored there; /dev/shm is its own tmpfs.
  m.push('--dev', '/dev', '--perms', '1777', '--size', String(TMP_BYTES), '--tmpfs', '/dev/shm', '--remount-ro', '/dev');
  m.push('--perms', '1777', '--size', String(TMP_BYTES), '--tmpfs', '/tmp');
  if (spec.writableWorkDir && !warm) {
    // A capped tmpfs: the work dir's own files read-only on it; what the step makes is copied back after it.
    const layout = workDirLayout(spec.workDir);
    m.push('--perms', '0755', '--size', String(workDirBytes(spec.limits)), '--tmpfs', '/w');
    for (const d of layout.dirs) m.push('--dir', d);
    for (const f of layout.files) m.push('--ro-bind', f.host, f.sandbox);
  } else {
    m.push('--ro-bind', spec.workDir, '/w');
  }
  for (const b of spec.readonlyBinds ?? []) m.push('--ro-bind', b.host, b.sandbox);
  return m;
}

/** `warm`: the command of a warm sandbox: `ioDir` bound at /io and oj-measure serving requests (warm.ts). */
export function buildBwrapCommand(spec: RunSpec, opts: BwrapOptions & { cgroupProcs?: readonly string[]; warm?: { ioDir: string } } & MeasureFds): SandboxCommand {
  // --disable-userns: the program cannot make a nested user namespace (its seccomp policy refuses it too). A warm
  // sandbox's oj-measure keeps CAP_SYS_ADMIN in its own user namespace, to renew /tmp and /dev/shm between cases
  // and give each case an IPC namespace (measure-scratch.c, measure-child.c); it drops it in the child before exec.
  const bwrap = ['--unshare-all', '--unshare-user', '--disable-userns', '--die-with-parent', '--new-session', '--as-pid-1', '--hostname', 'oj'];
  if (opts.warm) bwrap.push('--cap-add', 'CAP_SYS_ADMIN');
  bwrap.push(...bwrapMounts(spec, opts, opts.warm !== undefined));
  if (opts.warm) bwrap.push('--bind', opts.warm.ioDir, '/io');
  // The root itself is a bwrap tmpfs: make it read-only too, so only /tmp, /dev/shm (and a writable /w) are writable.
  bwrap.push('--ro-bind', opts.measurePath, MEASURE_IN_SANDBOX, '--remount-ro', '/', '--chdir', '/w', '--clearenv');
  const env = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...spec.env };
  for (const [k, v] of Object.entries(env)) bwrap.push('--setenv', k, v);
  const fds = { cgroupFd: opts.cgroupFd, workFd: opts.workFd && spec.writableWorkDir };
  bwrap.push(MEASURE_IN_SANDBOX, ...(opts.warm ? serveArgs(spec.argv, fds) : measureArgs(spec, { memoryByCgroup: opts.cgroup !== null, ...fds })));

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
        // Owned by the slot's uid and private to it (oj-measure copies a writable /w back into it as that uid).
        // (Synchronous: two syscalls, cheaper than two thread-pool round trips on the per-run path.)
        chownSync(spec.workDir, opts.uid, opts.uid);
        chmodSync(spec.workDir, 0o700);
      }
      const cg = opts.cgroup ? await opts.cgroup() : null;
      let cgRun: CgroupRun | null = null;
      if (cg) cgRun = await cg.prepare({ memoryBytes: spec.limits.memoryKb * 1024, maxPids: spec.limits.processes });
      const workFd = spec.writableWorkDir ? openSync(spec.workDir, constants.O_RDONLY | constants.O_DIRECTORY) : undefined;
      try {
        const fds = { cgroupFd: cgRun !== null, workFd: workFd !== undefined };
        const cmd = buildBwrapCommand(spec, { ...opts, ...fds });
        const [memoryFd, pidsFd] = cgRun?.programProcsFds ?? [];
        const run = await spawnMeasured(cmd.file, cmd.args, spec, { [WORK_FD]: workFd, [CGROUP_FDS[0]]: memoryFd, [CGROUP_FDS[1]]: pidsFd });
        return toRunResult(spec, run, cgRun?.oomKilled() ?? false);
      } finally {
        if (workFd !== undefined) closeSync(workFd);
        cgRun?.release();
      }
    },
  };
}
