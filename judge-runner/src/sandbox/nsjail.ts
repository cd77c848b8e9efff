// The nsjail driver (production, when nsjail is installed): the same layout as the bwrap driver, with nsjail
// doing namespaces, uid and cgroups and oj-measure inside doing rlimits, wall clock and rusage.
import { chmod, chown } from 'node:fs/promises';
import { etcBinds, MEASURE_IN_SANDBOX, measureArgs, type SandboxCommand } from './bwrap';
import { spawnMeasured, toRunResult } from './spawn-measured';
import type { RunResult, RunSpec, Sandbox } from './types';

export interface NsjailOptions {
  uid: number;
  measurePath: string;
  /** Let nsjail create memory/pids cgroups (needs root and a writable cgroup v1 tree). */
  cgroups: boolean;
  nsjailPath?: string;
}

export function buildNsjailCommand(spec: RunSpec, opts: NsjailOptions): SandboxCommand {
  const args = ['--mode', 'o', '--really_quiet', '--user', String(opts.uid), '--group', String(opts.uid), '--hostname', 'oj'];
  args.push('--cwd', '/w', '--time_limit', String(Math.ceil(spec.limits.wallMs / 1000) + 2));
  // oj-measure sets the real rlimits for the program; nsjail's defaults (e.g. a 1 MB RLIMIT_FSIZE) must not interfere.
  for (const r of ['as', 'cpu', 'fsize', 'nproc', 'stack']) args.push(`--rlimit_${r}`, 'max');
  args.push('--rlimit_nofile', '64');
  args.push('-R', '/usr', '-s', '/usr/lib:/lib', '-s', '/usr/lib64:/lib64', '-s', '/usr/bin:/bin', '-s', '/usr/sbin:/sbin');
  for (const etc of etcBinds(spec)) args.push('-R', etc);
  args.push('-m', 'none:/proc:proc:ro', '-T', '/dev', '-R', '/dev/null', '-R', '/dev/urandom', '-R', '/dev/zero', '-T', '/tmp');
  args.push(spec.writableWorkDir ? '-B' : '-R', `${spec.workDir}:/w`);
  for (const b of spec.readonlyBinds ?? []) args.push('-R', `${b.host}:${b.sandbox}`);
  args.push('-R', `${opts.measurePath}:${MEASURE_IN_SANDBOX}`);
  if (opts.cgroups) {
    args.push('--cgroup_mem_max', String(spec.limits.memoryKb * 1024), '--cgroup_pids_max', String(spec.limits.processes + 2));
  }
  const env = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...spec.env };
  for (const [k, v] of Object.entries(env)) args.push('--env', `${k}=${v}`);
  args.push('--pass_fd', '3', '--', MEASURE_IN_SANDBOX, ...measureArgs(spec, { memoryByCgroup: opts.cgroups }));
  return { file: opts.nsjailPath ?? 'nsjail', args };
}

export function createNsjailSandbox(opts: NsjailOptions): Sandbox {
  return {
    driver: 'nsjail',
    async run(spec: RunSpec): Promise<RunResult> {
      if (process.getuid?.() === 0) {
        await chown(spec.workDir, opts.uid, opts.uid);
        await chmod(spec.workDir, 0o700);
      }
      const cmd = buildNsjailCommand(spec, opts);
      const run = await spawnMeasured(cmd.file, cmd.args, spec);
      // nsjail does not report an OOM kill; a SIGKILL near the memory limit is taken as one.
      const oom = opts.cgroups && run.report.signal === 9 && !run.report.wallExceeded && run.report.maxRssKb > spec.limits.memoryKb * 0.9;
      return toRunResult(spec, run, oom);
    },
  };
}
