// The bubblewrap driver (the tested default): setpriv to the slot's unprivileged uid, then bwrap with every
// namespace unshared (no network), a read-only /usr, the work dir at /w, and oj-measure inside doing the rlimits,
// wall clock and rusage. Memory and pids are capped by a cgroup v1 per run when the runner is root (cgroup.ts),
// else by RLIMIT_AS / RLIMIT_NPROC only.
import { chmod, chown } from 'node:fs/promises';
import { createRunCgroup, type CgroupBase, type RunCgroup } from './cgroup';
import { spawnMeasured, toRunResult } from './spawn-measured';
import type { RunResult, RunSpec, Sandbox } from './types';

/** Where the measuring helper is mounted inside the sandbox. */
export const MEASURE_IN_SANDBOX = '/oj-measure';
/** System files the toolchains need (java's alternatives and config, the loader cache); nothing else of /etc. */
export const ETC_BINDS = ['/etc/alternatives', '/etc/java-17-openjdk', '/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/localtime'];
/** Size of the sandbox's private /tmp (tmpfs, also charged to the memory cgroup). */
const TMP_BYTES = 64 * 1024 * 1024;
/** bwrap and oj-measure themselves count against the process and memory caps. */
const HELPER_PROCESSES = 4;
const HELPER_MEMORY_BYTES = 8 * 1024 * 1024;

export interface BwrapOptions {
  /** Unprivileged uid (and gid) of this slot. */
  uid: number;
  measurePath: string;
  /** Drop to `uid` with setpriv first (only possible, and only needed, when the runner is root). */
  asRoot: boolean;
  cgroupBase: CgroupBase | null;
}

export interface SandboxCommand {
  file: string;
  args: string[];
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

export function buildBwrapCommand(spec: RunSpec, opts: BwrapOptions & { cgroupProcs?: string[] }): SandboxCommand {
  const bwrap = ['--unshare-all', '--die-with-parent', '--new-session', '--as-pid-1', '--ro-bind', '/usr', '/usr'];
  for (const dir of ['lib', 'lib64', 'bin', 'sbin']) bwrap.push('--symlink', `usr/${dir}`, `/${dir}`);
  for (const etc of ETC_BINDS) bwrap.push('--ro-bind-try', etc, etc);
  bwrap.push('--proc', '/proc', '--dev', '/dev', '--perms', '1777', '--size', String(TMP_BYTES), '--tmpfs', '/tmp');
  bwrap.push(spec.writableWorkDir ? '--bind' : '--ro-bind', spec.workDir, '/w');
  for (const b of spec.readonlyBinds ?? []) bwrap.push('--ro-bind', b.host, b.sandbox);
  // The root itself is a bwrap tmpfs: make it read-only too, so only /w (when compiling) and /tmp are writable.
  bwrap.push('--ro-bind', opts.measurePath, MEASURE_IN_SANDBOX, '--remount-ro', '/', '--chdir', '/w', '--clearenv');
  const env = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...spec.env };
  for (const [k, v] of Object.entries(env)) bwrap.push('--setenv', k, v);
  bwrap.push(MEASURE_IN_SANDBOX, ...measureArgs(spec, { memoryByCgroup: opts.cgroupBase !== null }));

  let argv = ['/usr/bin/bwrap', ...bwrap];
  if (opts.asRoot) argv = ['/usr/bin/setpriv', `--reuid=${opts.uid}`, `--regid=${opts.uid}`, '--clear-groups', ...argv];
  if (opts.cgroupProcs?.length) {
    // Enter the run's cgroups first; everything exec'd after inherits them.
    const enter = opts.cgroupProcs.map((_, i) => `echo $$ > "$${i + 1}"`).join(' && ');
    argv = ['/bin/sh', '-c', `${enter} && shift ${opts.cgroupProcs.length} && exec "$@"`, 'oj-enter', ...opts.cgroupProcs, ...argv];
  }
  return { file: argv[0]!, args: argv.slice(1) };
}

export function createBwrapSandbox(opts: BwrapOptions): Sandbox {
  return {
    driver: 'bwrap',
    async run(spec: RunSpec): Promise<RunResult> {
      if (opts.asRoot) {
        // Owned by the slot's uid and private to it; whether it is writable is decided by the mount.
        await chown(spec.workDir, opts.uid, opts.uid);
        await chmod(spec.workDir, 0o700);
      }
      let cg: RunCgroup | null = null;
      if (opts.cgroupBase) {
        const bytes = spec.limits.memoryKb * 1024 + HELPER_MEMORY_BYTES;
        cg = await createRunCgroup(opts.cgroupBase, bytes, spec.limits.processes + HELPER_PROCESSES);
      }
      try {
        const cmd = buildBwrapCommand(spec, { ...opts, cgroupProcs: cg?.procsFiles });
        const run = await spawnMeasured(cmd.file, cmd.args, spec);
        return toRunResult(spec, run, cg ? await cg.oomKilled() : false);
      } finally {
        await cg?.remove();
      }
    },
  };
}
