// cgroup v1 memory + pids control of the sandbox runs, when the runner is root and the hierarchies are writable.
// Memory: hard limit (the kernel OOM-kills the program, counted as MLE). Pids: fork-bomb cap. Each slot owns one
// memory and one pids group, created once and reused by its runs (a slot runs one program at a time).
// CPU time is not taken from cpuacct: it comes from wait4 rusage inside the sandbox.
//
// The files here are kernel pseudo-files: synchronous access costs microseconds, where each thread-pool round trip
// of fs/promises costs ~0.1 ms on the per-run hot path.
import { randomBytes } from 'node:crypto';
import { access, mkdir, readdir, readFile, rmdir } from 'node:fs/promises';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = '/sys/fs/cgroup';
/** Group names carry the runner's pid, so groups of a runner that died can be told apart and removed. */
export const GROUP_NAME = /^(?:run|slot)-(\d+)-/;
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
  /** memory.limit_in_bytes (and memory.memsw.limit_in_bytes when the kernel accounts swap: no swap use). */
  memoryBytes: number;
  /** pids.max. */
  maxPids: number;
}

/** One run's use of its slot's groups. */
export interface CgroupRun {
  /** `cgroup.procs` files a process writes its pid to, to enter the groups. */
  procsFiles: readonly string[];
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
 */
async function removeStale(base: string): Promise<void> {
  for (const name of await readdir(base)) {
    const m = GROUP_NAME.exec(name);
    if (m && !alive(Number(m[1]))) await rmdir(path.join(base, name)).catch(() => undefined);
  }
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

/**
 * Creates the memory and pids groups of one slot (unique names: several runners may share the base).
 *
 * What a run leaves charged to the memory group (the page cache of its output, files first read by it such as a
 * runtime's libraries) would count against the next run's limit, and dirty output would have to be written back
 * before it could be reclaimed. So when more than `LEFTOVER_BYTES` is left, the memory group is replaced by a fresh
 * one and the old one removed (its pages stay cached, charged to the removed group), which costs about what a
 * group per run did; runs that leave little behind (the usual test case) reuse the group as it is.
 */
export async function createSlotCgroup(base: CgroupBase, slot: number): Promise<SlotCgroup> {
  const name = `slot-${process.pid}-${randomBytes(4).toString('hex')}-${slot}`;
  const pids = path.join(base.pids, name);
  let generation = 0;
  const newMemoryGroup = () => {
    const dir = path.join(base.memory, `${name}-${++generation}`);
    mkdirSync(dir);
    try {
      write(dir, 'memory.swappiness', '0');
    } catch {
      // not on every kernel; memsw (when accounted) keeps the program off swap anyway
    }
    return dir;
  };
  await mkdir(pids);
  let mem: string;
  try {
    mem = newMemoryGroup();
  } catch (e) {
    await rmdir(pids);
    throw e;
  }
  const memsw = existsSync(path.join(mem, 'memory.memsw.limit_in_bytes'));
  // Limits last written (the groups are the slot's alone); null: unknown, written before the next run.
  let memoryBytes: number | null = null;
  let maxPids: number | null = null;
  let inUse = false;

  const replaceMemoryGroup = async () => {
    const old = mem;
    mem = newMemoryGroup();
    memoryBytes = null;
    await removeGroups([old]);
  };
  const setMemory = (bytes: number) => {
    memoryBytes = null;
    // memory.limit_in_bytes may never exceed memsw: lift memsw, set the limit, then bring memsw down to it.
    if (memsw) write(mem, 'memory.memsw.limit_in_bytes', '-1');
    write(mem, 'memory.limit_in_bytes', String(bytes));
    if (memsw) write(mem, 'memory.memsw.limit_in_bytes', String(bytes));
    memoryBytes = bytes;
  };

  return {
    async prepare(limits) {
      if (inUse) throw new Error(`cgroup ${name}: prepared for a run while another run still uses it`);
      inUse = true;
      try {
        await emptyGroups([mem, pids]);
        if (Number(readFileSync(path.join(mem, 'memory.usage_in_bytes'), 'utf8')) > LEFTOVER_BYTES) await replaceMemoryGroup();
        if (memoryBytes !== limits.memoryBytes) setMemory(limits.memoryBytes);
        if (maxPids !== limits.maxPids) {
          maxPids = null;
          write(pids, 'pids.max', String(limits.maxPids));
          maxPids = limits.maxPids;
        }
        write(mem, 'memory.max_usage_in_bytes', '0');
        write(mem, 'memory.failcnt', '0');
        if (memsw) write(mem, 'memory.memsw.max_usage_in_bytes', '0');
        const group = mem;
        const before = oomKills(group);
        return {
          procsFiles: [path.join(group, 'cgroup.procs'), path.join(pids, 'cgroup.procs')],
          oomKilled: () => oomKills(group) > before,
          oomMark: () => {
            const at = oomKills(group);
            return () => oomKills(group) > at;
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
      await removeGroups([mem, pids]);
    },
  };
}
