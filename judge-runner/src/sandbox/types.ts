// The sandbox contract: one run of one program under limits, measured from inside the sandbox.
// Drivers (bwrap, nsjail) implement `Sandbox`; verdicts are formed from `RunResult` elsewhere.

export interface Limits {
  /** CPU time (user + sys) of the program and all its descendants. */
  cpuMs: number;
  /** Real time; the whole sandbox is killed when it runs out. */
  wallMs: number;
  /** Peak memory allowed. */
  memoryKb: number;
  /** Largest file the program may write (RLIMIT_FSIZE): its stdout, and each file in /tmp or a writable /w. */
  outputBytes: number;
  /**
   * How much of the program's stderr is kept (default 1 MiB, bwrap.ts DEFAULT_STDERR_BYTES); the rest is read and
   * dropped. stderr never counts against `outputBytes` and never ends a run by itself.
   */
  stderrBytes?: number;
  /** Processes and threads. */
  processes: number;
  stackKb: number;
}

/** The /etc entries the toolchains need (java's alternatives and config, mono's config, the loader cache and ldconfig's config, the
 * time zone); nothing else of /etc is ever bound. The default of `RunSpec.etc`. */
export const ETC_TOOLCHAIN: readonly string[] = ['/etc/alternatives', '/etc/java-17-openjdk', '/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/localtime', '/etc/mono'];
/** What a compiled program reads of /etc at run time (the loader reads its cache, never ld.so.conf). */
export const ETC_RUNTIME: readonly string[] = ['/etc/ld.so.cache', '/etc/localtime'];

export interface ReadonlyBind {
  /** Path on the host. */
  host: string;
  /** Path inside the sandbox. */
  sandbox: string;
}

export interface RunSpec {
  /** argv as seen inside the sandbox (the program runs in `/w`). */
  argv: string[];
  /** Host directory mounted at `/w`. */
  workDir: string;
  /**
   * `/w` writable (compile) or read-only (run; the program may still write in its private `/tmp`). A writable /w is a
   * size-capped tmpfs holding `workDir`'s files read-only; what the run makes there is copied back into `workDir`
   * after it (regular files and directories only, measure-copy.c).
   */
  writableWorkDir: boolean;
  /** Host files, opened by the runner and handed to the program as fds 0, 1 and 2. */
  stdinFile?: string;
  stdoutFile: string;
  stderrFile: string;
  /**
   * Instead of `stdinFile` / `stdoutFile`: an open fd (a pipe end, for interactive problems) given to the run, which
   * owns it from then on: it is closed in the runner as soon as the sandbox is spawned (so the other end sees EOF when
   * the sandbox ends), or when the run fails before that.
   */
  stdinFd?: number;
  stdoutFd?: number;
  limits: Limits;
  env?: Record<string, string>;
  readonlyBinds?: ReadonlyBind[];
  /**
   * /etc entries bound read-only at the same path, those of `ETC_TOOLCHAIN` (the default) that the step needs:
   * each bind mount costs ~0.15 ms of sandbox setup, paid on every test case.
   */
  etc?: readonly string[];
  /**
   * Whether the memory limit may be enforced with RLIMIT_AS when no memory cgroup is available. Runtimes that
   * reserve a large virtual address space up front (Java, Node) set this to false and are then limited by peak
   * RSS after the fact.
   */
  addressSpaceLimit?: boolean;
}

export interface RunResult {
  /** Exit code, or null when killed by a signal. */
  exitCode: number | null;
  signal: number | null;
  cpuMs: number;
  wallMs: number;
  /** Peak resident set size of the largest process, in KB (wait4 rusage). */
  memoryKb: number;
  cpuExceeded: boolean;
  wallExceeded: boolean;
  /** The memory cgroup OOM-killed the program, or its peak exceeded the limit. */
  memoryExceeded: boolean;
  /** The program hit RLIMIT_FSIZE (or its stdout reached the output limit). */
  outputExceeded: boolean;
  /**
   * When the program was reaped, in CLOCK_MONOTONIC microseconds of the host (no time namespace): which side of an
   * interactive pair ended first (kattis-interactive.ts). Absent from helpers built before it was reported.
   */
  endedAtUs?: number;
}

/** One warm sandbox (one submission's test cases): the program, mounts and memory/process caps are fixed. */
export interface WarmSpec {
  argv: string[];
  /** Host directory mounted read-only at `/w`. */
  workDir: string;
  /** Host directory the session creates for the per-case stdio files (mounted at `/io`, writable by root only). */
  ioDir: string;
  /** Memory and processes cap every case (cgroup); the rest is per case. */
  limits: Limits;
  env?: Record<string, string>;
  etc?: readonly string[];
  readonlyBinds?: ReadonlyBind[];
  addressSpaceLimit?: boolean;
}

/** One case in a warm sandbox: stdio host files as in RunSpec, and its own CPU, wall, output and stack limits. */
export interface CaseRunSpec {
  stdinFile?: string;
  stdoutFile: string;
  stderrFile: string;
  limits: Limits;
}

export interface WarmSandbox {
  /** Runs the program once; cases of one session must not overlap. Rejects only on infrastructure faults. */
  run(spec: CaseRunSpec): Promise<RunResult>;
  /** Ends the session (idempotent). */
  close(): Promise<void>;
}

export interface Sandbox {
  readonly driver: 'bwrap' | 'nsjail';
  /** Runs one program; resolves with what happened. Rejects only on infrastructure faults. */
  run(spec: RunSpec): Promise<RunResult>;
  /**
   * Starts one sandbox that runs the same program once per case at about the cost of a fork+exec (warm.ts); absent
   * when the driver cannot (nsjail, or a runner that is not root): use `run` per case then.
   */
  openWarm?(spec: WarmSpec): Promise<WarmSandbox>;
}
