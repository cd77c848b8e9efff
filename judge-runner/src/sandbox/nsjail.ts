// The nsjail driver (`OJ_SANDBOX=nsjail`): the bwrap driver's layout, limits and measurements with nsjail making the
// jail. nsjail (run by the runner, as root) maps the slot's unprivileged uid and gid explicitly into a new user
// namespace (the program is host uid U, never host root), unshares everything else (no network), builds a read-only
// root with /usr, the /etc entries the step needs, a fresh read-only /dev, /proc with the host's counters masked, sized
// /tmp and /dev/shm and the work dir at /w (a capped tmpfs for a writable step), and execs oj-measure, which runs the
// program under its limits and seccomp policy and reports what it used, exactly as under bwrap. One jail per run:
// warm sandboxes are bwrap's only.
import { chmodSync, chownSync, closeSync, constants, copyFileSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { CGROUP_FDS, MEASURE_IN_SANDBOX, TMP_BYTES, WORK_FD, etcBinds, measureArgs, workDirBytes, workDirLayout, type SandboxCommand } from './bwrap';
import type { CgroupRun, SlotCgroup } from './cgroup';
import { nsjailConfigText, writableWorkDirMounts } from './nsjail-config';
import { spawnMeasured, toRunResult } from './spawn-measured';
import type { ReadonlyBind, RunResult, RunSpec, Sandbox } from './types';
import { createOwned } from './warm';

/** /tmp of a compile step (writable /w): toolchains keep caches there (Go's GOCACHE and GOPATH are under /tmp). */
export const COMPILE_TMP_BYTES = 512 * 1024 * 1024;
/** nsjail's own deadline on top of the wall limit (oj-measure ends the run first; this only catches a stuck jail). */
const JAIL_GRACE_S = 2;

export interface NsjailOptions {
  nsjailPath: string;
  /** The static configuration (nsjail-config.ts), read first. */
  configPath: string;
  measurePath: string;
  /** Host uid and gid of the program: the slot's (runner as root), or the runner's own (not root). */
  uid: number;
  /** The /etc entries this machine has: nsjail's bind mounts are mandatory, so absent ones are left out. */
  etcPresent: ReadonlySet<string>;
  /** Files bound over /proc entries (proc-mask.ts). */
  procMasks: readonly ReadonlyBind[];
  /**
   * The slot's groups (cgroup.ts, created on first use), or null when runs are limited by rlimits only. The program
   * alone enters them (oj-measure's child, through `--cgroup-fds`): oj-measure, its supervisor, and nsjail stay in the
   * runner's groups, out of reach of the program's OOM killer and its fork bombs. nsjail makes no group of its own.
   */
  cgroup: (() => Promise<SlotCgroup>) | null;
}

/** What the command line of one run depends on beside the spec. */
export interface NsjailRunOptions extends Omit<NsjailOptions, 'cgroup'> {
  /** The program joins the slot's memory and pids groups (their cgroup.procs passed as CGROUP_FDS). */
  cgroups?: boolean;
  /** A writable /w's own configuration (`writableConfigText`), replacing `configPath`. */
  runConfigPath?: string;
}

/** nsjail splits its mount arguments on ':'. */
function mountPath(p: string): string {
  if (p.includes(':')) throw new Error(`nsjail: a path with ':' cannot be mounted: ${p}`);
  return p;
}

/** The configuration of a step with a writable /w: the static one plus /w's tmpfs, directories and files. */
export function writableConfigText(spec: RunSpec): string {
  return nsjailConfigText(writableWorkDirMounts(workDirLayout(spec.workDir), workDirBytes(spec.limits)));
}

export function buildNsjailCommand(spec: RunSpec, opts: NsjailRunOptions): SandboxCommand {
  if (spec.writableWorkDir && !opts.runConfigPath) throw new Error('nsjail: a writable /w needs its own configuration');
  const id = `${opts.uid}:${opts.uid}:1`;
  const config = spec.writableWorkDir ? opts.runConfigPath! : opts.configPath;
  const args = ['--config', config, '--mode', 'o', '--really_quiet', '--user', id, '--group', id, '--hostname', 'oj', '--cwd', '/w'];
  args.push('--time_limit', String(Math.ceil(spec.limits.wallMs / 1000) + JAIL_GRACE_S));
  // Inherit the runner's rlimits and niceness, as bwrap does: oj-measure sets the program's own limits.
  args.push('--disable_rlimits', '--nice_level', '0');
  args.push('-R', '/usr', '-s', '/usr/lib:/lib', '-s', '/usr/lib64:/lib64', '-s', '/usr/bin:/bin', '-s', '/usr/sbin:/sbin');
  for (const etc of etcBinds(spec)) if (opts.etcPresent.has(etc)) args.push('-R', etc);
  // Over the configuration's /proc.
  for (const m of opts.procMasks) args.push('-R', `${mountPath(m.host)}:${mountPath(m.sandbox)}`);
  args.push('-m', `none:/tmp:tmpfs:size=${spec.writableWorkDir ? COMPILE_TMP_BYTES : TMP_BYTES},mode=1777`);
  args.push('-m', `none:/dev/shm:tmpfs:size=${TMP_BYTES},mode=1777`);
  if (!spec.writableWorkDir) args.push('-R', `${mountPath(spec.workDir)}:/w`);
  for (const b of spec.readonlyBinds ?? []) args.push('-R', `${mountPath(b.host)}:${mountPath(b.sandbox)}`);
  args.push('-R', `${mountPath(opts.measurePath)}:${MEASURE_IN_SANDBOX}`);
  const env = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...spec.env };
  for (const [k, v] of Object.entries(env)) args.push('--env', `${k}=${v}`);
  const fds = { cgroupFd: opts.cgroups === true, workFd: spec.writableWorkDir };
  args.push('--pass_fd', '3');
  if (fds.workFd) args.push('--pass_fd', String(WORK_FD));
  if (fds.cgroupFd) for (const fd of CGROUP_FDS) args.push('--pass_fd', String(fd));
  args.push('--', MEASURE_IN_SANDBOX, ...measureArgs(spec, { memoryByCgroup: fds.cgroupFd, ...fds }));
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
        // Owned by the slot's uid and private to it (oj-measure copies a writable /w back into it as that uid).
        chownSync(given.workDir, opts.uid, opts.uid);
        chmodSync(given.workDir, 0o700);
      }
      const cg = opts.cgroup ? await opts.cgroup() : null;
      let spec = given;
      let inputCopy: string | null = null;
      let cgRun: CgroupRun | null = null;
      let workFd: number | undefined;
      // Beside the work dir, in the runner's directory of the job (never the program's to write).
      const runConfigPath = given.writableWorkDir ? `${given.workDir}.nsjail.cfg` : undefined;
      try {
        if (asRoot) ({ spec, copy: inputCopy } = ownStdio(given, opts.uid));
        if (cg) cgRun = await cg.prepare({ memoryBytes: spec.limits.memoryKb * 1024, maxPids: spec.limits.processes });
        if (runConfigPath) {
          writeFileSync(runConfigPath, writableConfigText(spec), { mode: 0o600 });
          workFd = openSync(spec.workDir, constants.O_RDONLY | constants.O_DIRECTORY);
        }
        const cmd = buildNsjailCommand(spec, { ...opts, runConfigPath, cgroups: cgRun !== null });
        const [memoryFd, pidsFd] = cgRun?.programProcsFds ?? [];
        const run = await spawnMeasured(cmd.file, cmd.args, spec, { [WORK_FD]: workFd, [CGROUP_FDS[0]]: memoryFd, [CGROUP_FDS[1]]: pidsFd });
        return toRunResult(spec, run, cgRun?.oomKilled() ?? false);
      } finally {
        if (inputCopy) rmSync(inputCopy, { force: true });
        if (workFd !== undefined) closeSync(workFd);
        if (runConfigPath) rmSync(runConfigPath, { force: true });
        cgRun?.release();
      }
    },
  };
}
