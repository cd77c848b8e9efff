// The warm sandbox (bwrap driver, runner as root): one oj-enter + bwrap + oj-measure per submission, with oj-measure
// serving "run the program once" requests (measure.c, --serve). A case then costs a fork+exec inside the sandbox, a
// line each way over a pipe, and a few synchronous file calls here, instead of a whole namespace and mount setup.
//
// Isolation between cases: the program runs as the slot's uid in the same namespaces for every case, so
// - its stdio are /io/in, /io/out, /io/err, in a directory owned by root (mode 0755): the program can write its own
//   output but cannot create, rename, link or replace anything there; for each case the runner writes the input
//   over (root-owned 0644), creates the two outputs afresh (the slot uid's 0600) and moves them out after the case;
// - after each case oj-measure kills and reaps everything the program started; /tmp and /dev/shm are tmpfs it mounted
//   in a mount namespace of its own (it keeps CAP_SYS_ADMIN in its user namespace for this and drops it in the
//   child), replaced whole by new ones after a case that touched them: nothing is walked or cleared; each case has
//   an IPC namespace of its own (POSIX message queues are refused outright with RLIMIT_MSGQUEUE 0); /dev is read-only;
// - no fd but 0-2 reaches the program (stderr through oj-measure's relay: the first bytes kept); /w is read-only;
// - the memory and pids cgroups cap each case (one case runs at a time), the program alone in them; an OOM kill is
//   attributed to the case during which the oom_kill counter grew. Peak RSS and CPU
//   time are the case's own (wait4 rusage of its processes, RUSAGE_CHILDREN difference).
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, closeSync, copyFileSync, fchownSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { buildBwrapCommand, DEFAULT_STDERR_BYTES, HELPER_PROCESSES, type BwrapOptions } from './bwrap';
import type { CgroupRun } from './cgroup';
import { decodeMeasureReport, toRunResult } from './spawn-measured';
import type { CaseRunSpec, RunResult, WarmSandbox, WarmSpec } from './types';

/** Grace on top of a case's wall limit before the runner ends the whole session from outside. */
const OUTER_GRACE_MS = 5000;
/** How long `close()` waits for the server to exit on its own before killing it. */
const CLOSE_WAIT_MS = 2000;

/** Moves a finished case's output to where the caller wants it (same file system: a rename). */
function moveOut(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    copyFileSync(from, to);
    rmSync(from, { force: true });
  }
}

/** An empty file owned by the slot's uid, created here (never following a link). */
export function createOwned(file: string, uid: number): void {
  const fd = openSync(file, 'wx', 0o600);
  try {
    fchownSync(fd, uid, uid);
  } finally {
    closeSync(fd);
  }
}

export async function openWarmBwrap(spec: WarmSpec, opts: BwrapOptions): Promise<WarmSandbox> {
  if (!opts.asRoot) throw new Error('warm sandbox: needs the runner to be root');
  chownSync(spec.workDir, opts.uid, opts.uid);
  chmodSync(spec.workDir, 0o700);
  mkdirSync(spec.ioDir, { mode: 0o755 });
  chmodSync(spec.ioDir, 0o755);
  const io = { in: `${spec.ioDir}/in`, out: `${spec.ioDir}/out`, err: `${spec.ioDir}/err` };
  const logFile = `${spec.ioDir}.log`;

  const cg = opts.cgroup ? await opts.cgroup() : null;
  let cgRun: CgroupRun | null = null;
  const runSpec = { ...spec, writableWorkDir: false, stdoutFile: logFile, stderrFile: logFile };
  if (cg) cgRun = await cg.prepare({ memoryBytes: spec.limits.memoryKb * 1024, maxPids: spec.limits.processes });
  const cmd = buildBwrapCommand(runSpec, { ...opts, warm: { ioDir: spec.ioDir }, cgroupFd: cgRun !== null });

  const fds = [openSync('/dev/null', 'r'), openSync(logFile, 'w', 0o600)];
  let child;
  try {
    // fd 3: reports, fd 4: requests, fds 5 and 6 (CGROUP_FDS): the program's cgroup.procs.
    const cgroupFds = cgRun ? cgRun.programProcsFds : ['ignore' as const, 'ignore' as const];
    child = spawn(cmd.file, cmd.args, { stdio: [fds[0]!, fds[1]!, fds[1]!, 'pipe', 'pipe', ...cgroupFds], detached: true, env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' } });
  } finally {
    for (const fd of fds) closeSync(fd);
  }
  const results = child.stdio[3] as Readable;
  const requests = child.stdio[4] as Writable;

  let buffered = '';
  let waiting: { resolve: (line: string) => void; reject: (e: Error) => void } | null = null;
  let dead: Error | null = null;
  const log = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-2000).trim();
    } catch {
      return '';
    }
  };
  results.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      const w = waiting;
      waiting = null;
      if (w) w.resolve(line);
    }
  });
  requests.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => {
    child.once('error', (e) => {
      dead ??= e;
      resolve();
    });
    child.once('close', (code, signal) => {
      dead ??= new Error(`warm sandbox ended (${code ?? signal}): ${log()}`);
      const w = waiting;
      waiting = null;
      w?.reject(dead);
      resolve();
    });
  });
  const killAll = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };

  let closed = false;
  let busy = false;
  return {
    async run(c: CaseRunSpec): Promise<RunResult> {
      if (closed) throw new Error('warm sandbox: closed');
      if (dead) throw dead;
      if (busy) throw new Error('warm sandbox: cases must not overlap');
      busy = true;
      try {
        // Nothing of the program is alive between cases (oj-measure reaped it all before reporting): recreate the
        // program's two files (`wx` never follows a link); the input, root's 0644 in root's directory, which the
        // program can neither write, replace nor link, is written over in place (a new file per case would cost an
        // inode each, slow to allocate on a busy ext4 without a journal).
        for (const f of [io.out, io.err]) rmSync(f, { force: true });
        if (c.stdinFile) copyFileSync(c.stdinFile, io.in);
        else writeFileSync(io.in, '');
        chmodSync(io.in, 0o644);
        createOwned(io.out, opts.uid);
        createOwned(io.err, opts.uid);
        const l = c.limits;
        const asKb = cgRun === null && spec.addressSpaceLimit !== false ? l.memoryKb : 0;
        const oomSince = cgRun?.oomMark();
        const line = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => {
            dead = new Error(`warm sandbox: no report ${l.wallMs + OUTER_GRACE_MS} ms into a case: ${log()}`);
            killAll();
          }, l.wallMs + OUTER_GRACE_MS);
          waiting = {
            resolve: (s) => {
              clearTimeout(timer);
              resolve(s);
            },
            reject: (e) => {
              clearTimeout(timer);
              reject(e);
            },
          };
          requests.write(`${l.cpuMs} ${l.wallMs} ${l.outputBytes} ${l.processes + HELPER_PROCESSES} ${l.stackKb} ${asKb} ${l.stderrBytes ?? DEFAULT_STDERR_BYTES}\n`);
        });
        const report = decodeMeasureReport(line);
        const stdoutBytes = statSync(io.out).size;
        moveOut(io.out, c.stdoutFile);
        moveOut(io.err, c.stderrFile);
        return toRunResult(c, { report, stdoutBytes }, oomSince?.() ?? false);
      } finally {
        busy = false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      requests.end();
      const timer = setTimeout(killAll, CLOSE_WAIT_MS);
      await exited;
      clearTimeout(timer);
      cgRun?.release();
      rmSync(spec.ioDir, { recursive: true, force: true });
      rmSync(logFile, { force: true });
    },
  };
}
