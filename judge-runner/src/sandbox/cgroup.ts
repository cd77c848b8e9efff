// cgroup v1 memory + pids control of the sandbox runs, when the runner is root and the hierarchies are writable.
// Memory: hard limit (the kernel OOM-kills the program, counted as MLE). Pids: fork-bomb cap. Each slot owns one
// memory and one pids group, created once and reused by its runs (a slot runs one program at a time). They hold the
// program alone: the supervisor (bwrap, oj-measure) stays in the runner's own groups, and oj-measure's child writes
// itself into both through cgroup.procs fds opened here. The memory group's OOM killer therefore only ever chooses
// among the program's processes (the supervisor always lives to report Memory Limit Exceeded), and a fork bomb never
// takes the pids the supervisor needs. Groups are named `uid-<uid>-<runner pid>-<random>`, so a
// runner that holds a uid's lock (uid-lock.ts) can remove what a crashed runner with the same uid left.
// CPU time is not taken from cpuacct: it comes from rusage and /proc inside the sandbox.
//
// The files here are kernel pseudo-files: synchronous access costs microseconds, where each thread-pool round trip
// of fs/promises costs ~0.1 ms on the per-run hot path.
import { randomBytes } from 'node:crypto';
import { access, mkdir, readdir, readFile, rmdir } from 'node:fs/promises';
import { closeSync, constants, existsSync, mkdirSync, openSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = '/sys/fs/cgroup';
/** Group names carry the runner's pid, so groups of a runner that died can be told apart and removed. */
const GROUP_NAME = /^(?:(?:run|slot)-|uid-\d+-)(\d+)-/;
/** Memory a run may leave charged to the slot's memory group before the group is replaced (see createSlotCgroup);
 * runs that only read and write a little leave ~1 MiB of kernel memory. */
const LEFTOVER_BYTES = 2 * 1024 * 1024;
/** How long a group may take to empty after its processes were SIGKILLed. */
const EMPTY_TIMEOUT_MS = 2000;

export interface CgroupBase {
  memory: string;
  pids: string;
}

export interface CgroupLimits {
  /** The program's memory.limit_in_bytes (and memory.memsw.limit_in_bytes when the kernel accounts swap: no swap use). */
  memoryBytes: number;
  /** pids.max. */
  maxPids: number;
}

/** One run's use of its slot's groups. */
export interface CgroupRun {
  /** Open `cgroup.procs` of the memory and the pids group, the program's alone (oj-measure's child moves itself in). */
  programProcsFds: readonly number[];
  /** Whether the kernel OOM-killed something in the memory group since the run was prepared. */
  oomKilled(): boolean;
  /** From now on: returns whether the kernel OOM-killed something in the memory group since this call (one case of a
   * warm sandbox). */
  oomMark(): () => boolean;
  /** The run is over (its processes are gone): the slot's groups may be prepared for the next one. */
  release(): void;
}

export interface SlotCgroup {
  /**
   * Kills whatever a previous run left in the groups, replaces the memory group when that run left much charged to
   * it, sets the limits and resets the usage counters.
   */
  prepare(limits: CgroupLimits): Promise<CgroupRun>;
  /** Kills what is left and removes the groups. */
  remove(): Promise<void>;
}

/** Our own place in a v1 hierarchy, from /proc/self/cgroup (nesting under it keeps the host's accounting). */
async function ownPath(controller: string): Promise<string> {
  const text = await readFile('/proc/self/cgroup', 'utf8');
  for (const line of text.split('\n')) {
    const [, controllers, p] = line.split(':');
    if (controllers?.split(',').includes(controller) && p !== undefined) return p;
  }
  return '/';
}

/** Whether process `pid` exists (EPERM: it does, as another user's). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const write = (dir: string, file: string, value: string) => writeFileSync(path.join(dir, file), value);

function pidsIn(dir: string): number[] {
  try {
    return readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** SIGKILLs every process in the groups until they are empty (sandbox processes only ever enter our groups). */
async function emptyGroups(dirs: readonly string[]): Promise<void> {
  const deadline = Date.now() + EMPTY_TIMEOUT_MS;
  for (;;) {
    const left = dirs.flatMap(pidsIn);
    if (left.length === 0) return;
    if (Date.now() > deadline) throw new Error(`cgroup: processes ${left.join(', ')} left in ${dirs.join(', ')} survive SIGKILL`);
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await sleep(5);
  }
}

async function removeGroups(dirs: readonly string[]): Promise<void> {
  await emptyGroups(dirs);
  // The processes are gone, but the kernel may need a moment to release the group.
  for (const dir of dirs) {
    for (let i = 0; i < 50; i++) {
      try {
        await rmdir(dir);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') break;
        await sleep(20);
      }
    }
  }
}

/**
 * Groups left by a runner that was killed (its pid is in the name) are removed once empty. Nothing in them is
 * killed: the pid may belong to a live runner in another pid namespace (oj-measure ends its runs at the wall clock).
 * A uid's groups (`uid-…`) are left to the runner that takes the uid's lock (removeUidGroups): seen from another pid
 * namespace (a runner in a container) a live runner's pid looks dead, and its idle groups are empty.
 */
async function removeStale(base: string): Promise<void> {
  for (const name of await readdir(base)) {
    const m = GROUP_NAME.exec(name);
    if (m && !name.startsWith('uid-') && !alive(Number(m[1]))) await rmdir(path.join(base, name)).catch(() => undefined);
  }
}

/**
 * Removes every group of `uid` (killing what is still in them): called once this runner holds the uid's lock, so
 * they can only be a crashed runner's.
 */
export async function removeUidGroups(base: CgroupBase, uid: number): Promise<string[]> {
  const removed: string[] = [];
  for (const root of [base.memory, base.pids]) {
    for (const name of await readdir(root)) {
      if (!name.startsWith(`uid-${uid}-`)) continue;
      await removeGroups([path.join(root, name)]);
      removed.push(path.join(root, name));
    }
  }
  return removed;
}

/** Creates `<own cgroup>/oj-sandbox` in the memory and pids hierarchies; null when that is not possible. */
export async function detectCgroupBase(): Promise<CgroupBase | null> {
  if (process.getuid?.() !== 0) return null;
  try {
    const memory = path.join(ROOT, 'memory', await ownPath('memory'), 'oj-sandbox');
    const pids = path.join(ROOT, 'pids', await ownPath('pids'), 'oj-sandbox');
    await mkdir(memory, { recursive: true });
    await mkdir(pids, { recursive: true });
    await access(path.join(memory, 'memory.limit_in_bytes'));
    await access(path.join(pids, 'pids.max'));
    await removeStale(memory);
    await removeStale(pids);
    return { memory, pids };
  } catch {
    return null;
  }
}

/** The `oom_kill` counter of memory.oom_control (Linux ≥ 4.13); without it an OOM kill shows as peak RSS only. */
function oomKills(mem: string): number {
  const m = /^oom_kill (\d+)$/m.exec(readFileSync(path.join(mem, 'memory.oom_control'), 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** The slot's memory group (the program's alone), its cgroup.procs open for oj-measure's child. */
interface MemoryGroup {
  dir: string;
  procsFd: number;
  /** Limit last written (null: unknown, written before the next run). */
  bytes: number | null;
}

function newMemoryGroup(dir: string): MemoryGroup {
  mkdirSync(dir);
  try {
    write(dir, 'memory.swappiness', '0');
  } catch {
    // not on every kernel; memsw (when accounted) keeps the program off swap anyway
  }
  try {
    return { dir, procsFd: openSync(path.join(dir, 'cgroup.procs'), constants.O_WRONLY), bytes: null };
  } catch (e) {
    rmdirSync(dir);
    throw e;
  }
}

/**
 * Creates the memory and pids groups of one slot (unique names: several runners may share the base).
 *
 * What a run leaves charged to the memory group (the page cache of its output, files first read by it such as a
 * runtime's libraries) would count against the next run's limit, and dirty output would have to be written back
 * before it could be reclaimed. So when more than `LEFTOVER_BYTES` is left, the memory group is replaced by a fresh
 * one and the old one removed (its pages stay cached, charged to the removed group), which costs about what a
 * group per run did; runs that leave little behind (the usual test case) reuse the group as it is.
 */
export async function createSlotCgroup(base: CgroupBase, slot: number, uid: number): Promise<SlotCgroup> {
  const name = `uid-${uid}-${process.pid}-${randomBytes(4).toString('hex')}-${slot}`;
  const pids = path.join(base.pids, name);
  let generation = 0;
  await mkdir(pids);
  let mem: MemoryGroup;
  let pidsFd: number;
  try {
    pidsFd = openSync(path.join(pids, 'cgroup.procs'), constants.O_WRONLY);
    try {
      mem = newMemoryGroup(path.join(base.memory, `${name}-${++generation}`));
    } catch (e) {
      closeSync(pidsFd);
      throw e;
    }
  } catch (e) {
    await rmdir(pids);
    throw e;
  }
  const memsw = existsSync(path.join(mem.dir, 'memory.memsw.limit_in_bytes'));
  let maxPids: number | null = null;
  let inUse = false;

  const replaceMemoryGroup = async () => {
    const old = mem;
    mem = newMemoryGroup(path.join(base.memory, `${name}-${++generation}`));
    closeSync(old.procsFd);
    await removeGroups([old.dir]);
  };
  const setLimits = (limits: CgroupLimits) => {
    if (mem.bytes !== limits.memoryBytes) {
      mem.bytes = null;
      // memory.limit_in_bytes may never exceed memsw: lift memsw, set the limit, then bring memsw down to it.
      if (memsw) write(mem.dir, 'memory.memsw.limit_in_bytes', '-1');
      write(mem.dir, 'memory.limit_in_bytes', String(limits.memoryBytes));
      if (memsw) write(mem.dir, 'memory.memsw.limit_in_bytes', String(limits.memoryBytes));
      mem.bytes = limits.memoryBytes;
    }
    if (maxPids !== limits.maxPids) {
      maxPids = null;
      write(pids, 'pids.max', String(limits.maxPids));
      maxPids = limits.maxPids;
    }
  };

  return {
    async prepare(limits) {
      if (inUse) throw new Error(`cgroup ${name}: prepared for a run while another run still uses it`);
      inUse = true;
      try {
        await emptyGroups([mem.dir, pids]);
        if (Number(readFileSync(path.join(mem.dir, 'memory.usage_in_bytes'), 'utf8')) > LEFTOVER_BYTES) await replaceMemoryGroup();
        setLimits(limits);
        write(mem.dir, 'memory.max_usage_in_bytes', '0');
        write(mem.dir, 'memory.failcnt', '0');
        if (memsw) write(mem.dir, 'memory.memsw.max_usage_in_bytes', '0');
        const group = mem;
        const kills = () => oomKills(group.dir);
        const before = kills();
        return {
          programProcsFds: [group.procsFd, pidsFd],
          oomKilled: () => kills() > before,
          oomMark: () => {
            const at = kills();
            return () => kills() > at;
          },
          release: () => {
            inUse = false;
          },
        };
      } catch (e) {
        inUse = false;
        throw e;
      }
    },
    async remove() {
      closeSync(mem.procsFd);
      closeSync(pidsFd);
      await removeGroups([mem.dir, pids]);
    },
  };
}
