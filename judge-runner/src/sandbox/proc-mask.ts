// What the sandbox's /proc shows of the host: its own pid namespace's processes, and for the files the kernel does
// not namespace, a mask bound read-only over each (shared by both drivers). Masked: the host's uptime, load, boot
// time and counters (/proc/stat, /proc/loadavg, /proc/uptime, /proc/vmstat), its free memory (/proc/meminfo) and its
// boot id; kept, as runtimes read them to size themselves: the CPU count (one `cpuN` line per CPU of the host in the
// masked /proc/stat, which glibc's sysconf counts without /sys) and the machine's total memory (MemTotal, with
// MemFree = MemAvailable = MemTotal, and the huge page size). /proc/cpuinfo and /proc/self/* stay as they are. Each
// bind costs ~0.3 ms of CPU at every sandbox start (bwrap), so the rarer counters (diskstats, interrupts, softirqs,
// zoneinfo, buddyinfo, pressure/, partitions, swaps) are left: no runtime reads them and they tell no more.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReadonlyBind } from './types';

/** The masks' contents for this host (pure, for tests). */
export function maskContents(hostStat: string, hostMeminfo: string): Record<'stat' | 'loadavg' | 'uptime' | 'meminfo' | 'boot_id', string> {
  const cpus = hostStat.split('\n').filter((l) => /^cpu\d+\s/.test(l)).map((l) => l.split(/\s+/)[0]!);
  const zeros = ' 0 0 0 0 0 0 0 0 0 0';
  const stat = [`cpu ${zeros}`, ...cpus.map((c) => `${c}${zeros}`), 'intr 0', 'ctxt 0', 'btime 0', 'processes 0', 'procs_running 1', 'procs_blocked 0', `softirq 0${zeros}`].join('\n');
  const kb = (key: string, fallback: number) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(hostMeminfo)?.[1] ?? fallback);
  const total = kb('MemTotal', 1 << 20);
  const meminfo = [
    ['MemTotal', total], ['MemFree', total], ['MemAvailable', total], ['Buffers', 0], ['Cached', 0], ['SwapCached', 0], ['Active', 0], ['Inactive', 0],
    ['SwapTotal', 0], ['SwapFree', 0], ['Dirty', 0], ['Writeback', 0], ['AnonPages', 0], ['Mapped', 0], ['Shmem', 0], ['Slab', 0],
    ['CommitLimit', total], ['Committed_AS', 0], ['VmallocTotal', kb('VmallocTotal', 0)], ['VmallocUsed', 0],
  ].map(([k, v]) => `${`${k}:`.padEnd(16)}${String(v).padStart(8)} kB`);
  meminfo.push('HugePages_Total:       0', 'HugePages_Free:        0', `Hugepagesize:    ${String(kb('Hugepagesize', 2048)).padStart(8)} kB`);
  return { stat: `${stat}\n`, loadavg: '0.00 0.00 0.00 1/1 1\n', uptime: '0.00 0.00\n', meminfo: `${meminfo.join('\n')}\n`, boot_id: '00000000-0000-4000-8000-000000000000\n' };
}

/**
 * Writes the masks once into `<cacheDir>/proc-mask` (world-readable: the sandbox uid binds them) and returns the
 * binds, for the /proc entries this kernel has.
 */
export async function prepareProcMasks(cacheDir: string): Promise<ReadonlyBind[]> {
  const dir = path.join(cacheDir, 'proc-mask');
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const contents = maskContents(await readFile('/proc/stat', 'utf8'), await readFile('/proc/meminfo', 'utf8'));
  const files: Record<string, string> = { ...contents, empty: '' };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    // Several runners may share the cache: write under a private name, then rename.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, text, { mode: 0o644 });
    await rename(tmp, file);
  }
  const binds: ReadonlyBind[] = [
    { host: path.join(dir, 'stat'), sandbox: '/proc/stat' },
    { host: path.join(dir, 'loadavg'), sandbox: '/proc/loadavg' },
    { host: path.join(dir, 'uptime'), sandbox: '/proc/uptime' },
    { host: path.join(dir, 'meminfo'), sandbox: '/proc/meminfo' },
    { host: path.join(dir, 'empty'), sandbox: '/proc/vmstat' },
    { host: path.join(dir, 'boot_id'), sandbox: '/proc/sys/kernel/random/boot_id' },
  ];
  return binds.filter((b) => existsSync(b.sandbox));
}
