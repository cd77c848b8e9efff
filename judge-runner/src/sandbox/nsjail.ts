// The nsjail driver (`OJ_SANDBOX=nsjail`): the bwrap driver's layout, limits and measurements with nsjail making the
// jail. nsjail (run by the runner, as root) maps the slot's unprivileged uid and gid explicitly into a new user
// namespace (the program is host uid U, never host root), unshares everything else (no network), builds a read-only
// root with /usr, the /etc entries the step needs, a fresh read-only /dev and /proc (nsjail-config.ts), a sized /tmp
// and the work dir at /w, and execs oj-measure, which runs the program under rlimits and its wall clock and reports
// rusage exactly as under bwrap. One jail per run: warm sandboxes are bwrap's only.
import { chmodSync, chownSync, closeSync, constants, copyFileSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { HELPER_PROCESSES, MEASURE_IN_SANDBOX, etcBinds, measureArgs, type SandboxCommand } from './bwrap';
import type { CgroupRun, SlotCgroup } from './cgroup';
import { sweepJailGroups } from './nsjail-cgroup';
import { spawnMeasured, toRunResult } from './spawn-measured';
import type { RunResult, RunSpec, Sandbox } from './types';
import { createOwned } from './warm';

/** The program's private /tmp (tmpfs, charged to its memory group), as bwrap's. */
export const TMP_BYTES = 64 * 1024 * 1024;
/** /tmp of a compile step (writable /w): toolchains keep caches there (Go's GOCACHE and GOPATH are under /tmp). */
export const COMPILE_TMP_BYTES = 512 * 1024 * 1024;
/** nsjail's own deadline on top of the wall limit (oj-measure ends the run first; this only catches a stuck jail). */
const JAIL_GRACE_S = 2;
/** The fd of the program's memory group's cgroup.procs, through which oj-measure's child moves itself there. */
export const CGROUP_FD = 5;

export interface NsjailOptions {
  nsjailPath: string;
  /** The static configuration (nsjail-config.ts), read first. */
  configPath: string;
  measurePath: string;
  /** Host uid and gid of the program: the slot's (runner as root), or the runner's own (not root). */
  uid: number;
  /** The /etc entries this machine has: nsjail's bind mounts are mandatory, so absent ones are left out. */
  etcPresent: ReadonlySet<string>;
  /**
   * The slot's groups (cgroup.ts, created on first use), or null when runs are limited by rlimits only. The program
   * alone enters the memory group (oj-measure, its supervisor, stays outside: the program's OOM killer can only choose
   * the program); nsjail makes the jail's pids group under the slot's pids group.
   */
  cgroup: (() => Promise<SlotCgroup>) | null;
}

/** The cgroups of one run, as the command line names them. */
export interface NsjailRunCgroups {
  /** The slot's pids group: nsjail creates the jail's `NSJAIL.<pid>` group in it. */
  pidsParent: string;
  maxPids: number;
}

/** nsjail splits its mount arguments on ':'. */
function mountPath(p: string): string {
  if (p.includes(':')) throw new Error(`nsjail: a path with ':' cannot be mounted: ${p}`);
  return p;
}

export function buildNsjailCommand(spec: RunSpec, opts: Omit<NsjailOptions, 'cgroup'> & { cgroup?: NsjailRunCgroups }): SandboxCommand {
  const id = `${opts.uid}:${opts.uid}:1`;
  const args = ['--config', opts.configPath, '--mode', 'o', '--really_quiet', '--user', id, '--group', id, '--hostname', 'oj', '--cwd', '/w'];
  args.push('--time_limit', String(Math.ceil(spec.limits.wallMs / 1000) + JAIL_GRACE_S));
  // Inherit the runner's rlimits and niceness, as bwrap does: oj-measure sets the program's own limits.
  args.push('--disable_rlimits', '--nice_level', '0');
  args.push('-R', '/usr', '-s', '/usr/lib:/lib', '-s', '/usr/lib64:/lib64', '-s', '/usr/bin:/bin', '-s', '/usr/sbin:/sbin');
  for (const etc of etcBinds(spec)) if (opts.etcPresent.has(etc)) args.push('-R', etc);
  args.push('-m', `none:/tmp:tmpfs:size=${spec.writableWorkDir ? COMPILE_TMP_BYTES : TMP_BYTES},mode=1777`);
  // In the read-only /dev: a tmpfs no larger than the memory limit (its pages are charged to the program's group).
  args.push('-m', `none:/dev/shm:tmpfs:size=${spec.limits.memoryKb * 1024},mode=1777`);
  args.push(spec.writableWorkDir ? '-B' : '-R', `${mountPath(spec.workDir)}:/w`);
  for (const b of spec.readonlyBinds ?? []) args.push('-R', `${mountPath(b.host)}:${mountPath(b.sandbox)}`);
  args.push('-R', `${mountPath(opts.measurePath)}:${MEASURE_IN_SANDBOX}`);
  if (opts.cgroup) {
    // nsjail's group is `<mount>/<parent>/NSJAIL.<pid>`: the slot's group is given as the mount itself.
    args.push('--cgroup_pids_mount', mountPath(opts.cgroup.pidsParent), '--cgroup_pids_parent', '.', '--cgroup_pids_max', String(opts.cgroup.maxPids));
  }
  const env = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...spec.env };
  for (const [k, v] of Object.entries(env)) args.push('--env', `${k}=${v}`);
  args.push('--pass_fd', '3');
  const measure = measureArgs(spec, { memoryByCgroup: opts.cgroup !== undefined });
  if (opts.cgroup) args.push('--pass_fd', String(CGROUP_FD), '--', MEASURE_IN_SANDBOX, '--cgroup-fd', String(CGROUP_FD), ...measure);
  else args.push('--', MEASURE_IN_SANDBOX, ...measure);
  return { file: opts.nsjailPath, args };
}

/**
 * As in the warm sandbox (warm.ts), a program may reopen its stdio by path (`/dev/stdin`, `/dev/stdout`): the input it
 * gets is a copy it may read (beside its output, in the job's directory) and its output files are its own. Returns
 * the spec to run and the copy to remove after it.
 */
function ownStdio(spec: RunSpec, uid: number): { spec: RunSpec; copy: string | null } {
  const outputs = spec.stdoutFd === undefined ? [spec.stdoutFile, spec.stderrFile] : [spec.stderrFile];
  for (const f of new Set(outputs)) {
    rmSync(f, { force: true });
    createOwned(f, uid);
  }
  if (spec.stdinFd !== undefined || !spec.stdinFile) return { spec, copy: null };
  const copy = `${spec.stdoutFile}.in`;
  rmSync(copy, { force: true });
  copyFileSync(spec.stdinFile, copy, constants.COPYFILE_FICLONE);
  chmodSync(copy, 0o644);
  return { spec: { ...spec, stdinFile: copy }, copy };
}

export function createNsjailSandbox(opts: NsjailOptions): Sandbox {
  const asRoot = process.getuid?.() === 0;
  return {
    driver: 'nsjail',
    async run(given: RunSpec): Promise<RunResult> {
      if (asRoot) {
        chownSync(given.workDir, opts.uid, opts.uid);
        chmodSync(given.workDir, 0o700);
      }
      const cg = opts.cgroup ? await opts.cgroup() : null;
      let spec = given;
      let inputCopy: string | null = null;
      let cgRun: CgroupRun | null = null;
      let memoryFd: number | undefined;
      try {
        if (asRoot) ({ spec, copy: inputCopy } = ownStdio(given, opts.uid));
        const maxPids = spec.limits.processes + HELPER_PROCESSES;
        if (cg) {
          // The program alone in the memory group: its limit is the problem's, with no supervisor's share.
          cgRun = await cg.prepare({ memoryBytes: spec.limits.memoryKb * 1024, maxPids });
          memoryFd = openSync(cgRun.procsFiles[0]!, 'w');
        }
        const pidsParent = cgRun ? path.dirname(cgRun.procsFiles[1]!) : undefined;
        const cmd = buildNsjailCommand(spec, { ...opts, cgroup: pidsParent ? { pidsParent, maxPids } : undefined });
        const run = await spawnMeasured(cmd.file, cmd.args, spec, { [CGROUP_FD]: memoryFd });
        return toRunResult(spec, run, cgRun?.oomKilled() ?? false);
      } finally {
        if (inputCopy) rmSync(inputCopy, { force: true });
        if (memoryFd !== undefined) closeSync(memoryFd);
        // nsjail removes its group when the jail ends; one killed from outside leaves it behind.
        if (cgRun) sweepJailGroups(path.dirname(cgRun.procsFiles[1]!));
        cgRun?.release();
      }
    },
  };
}
