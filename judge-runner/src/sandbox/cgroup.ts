// cgroup v1 memory + pids control for one sandbox run, when the runner is root and the hierarchies are
// writable. Memory: hard limit (the kernel OOM-kills the program, counted as MLE). Pids: fork-bomb cap.
// CPU time is not taken from cpuacct: it comes from wait4 rusage inside the sandbox.
import { access, mkdir, readdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = '/sys/fs/cgroup';
let counter = 0;

export interface CgroupBase {
  memory: string;
  pids: string;
}

export interface RunCgroup {
  /** `cgroup.procs` files a process writes its pid to, to enter the cgroup. */
  procsFiles: string[];
  /** Whether the kernel OOM-killed something in the memory cgroup. */
  oomKilled(): Promise<boolean>;
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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Run groups left by a runner that was killed (its pid is in the name) are removed once empty. */
async function removeStale(base: string): Promise<void> {
  for (const name of await readdir(base)) {
    const m = /^run-(\d+)-\d+$/.exec(name);
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

export async function createRunCgroup(base: CgroupBase, memoryBytes: number, maxPids: number): Promise<RunCgroup> {
  const name = `run-${process.pid}-${++counter}`;
  const mem = path.join(base.memory, name);
  const pids = path.join(base.pids, name);
  await mkdir(mem);
  await mkdir(pids);
  const remove = async () => {
    // The processes are gone when bwrap has exited, but the kernel may need a moment to release the group.
    for (const dir of [mem, pids]) {
      for (let i = 0; i < 50; i++) {
        try {
          await rmdir(dir);
          break;
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ENOENT') break;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    }
  };
  try {
    await writeFile(path.join(mem, 'memory.limit_in_bytes'), String(memoryBytes));
    await writeFile(path.join(mem, 'memory.swappiness'), '0').catch(() => undefined);
    await writeFile(path.join(pids, 'pids.max'), String(maxPids));
  } catch (e) {
    await remove();
    throw e;
  }
  return {
    procsFiles: [path.join(mem, 'cgroup.procs'), path.join(pids, 'cgroup.procs')],
    async oomKilled() {
      const text = await readFile(path.join(mem, 'memory.oom_control'), 'utf8');
      const m = /oom_kill (\d+)/.exec(text);
      return m !== null && Number(m[1]) > 0;
    },
    remove,
  };
}
