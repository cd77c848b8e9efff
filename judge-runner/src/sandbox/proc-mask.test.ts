import { describe, expect, it } from 'vitest';
import { maskContents } from './proc-mask';

const STAT = 'cpu  4705 150 1120 16250 520 0 110 0 0 0\ncpu0 2300 70 560 8100 260 0 60 0 0 0\ncpu1 2405 80 560 8150 260 0 50 0 0 0\nintr 9999 1 2\nctxt 123456\nbtime 1700000000\nprocesses 4242\nprocs_running 3\n';
const MEMINFO = 'MemTotal:       24684544 kB\nMemFree:        20000000 kB\nMemAvailable:   22000000 kB\nCached:          2000000 kB\nHugepagesize:       2048 kB\n';

describe('/proc masks', () => {
  const m = maskContents(STAT, MEMINFO);
  it("keeps the host's CPU lines (glibc counts them) with every counter, the boot time and the process count at 0", () => {
    expect(m.stat.split('\n').filter((l) => /^cpu\d/.test(l)).map((l) => l.split(' ')[0])).toEqual(['cpu0', 'cpu1']);
    expect(m.stat).not.toMatch(/4705|123456|1700000000|4242|9999/);
    expect(m.stat).toMatch(/^btime 0$/m);
  });
  it('keeps the total memory and the huge page size; free and available are the total, the rest 0', () => {
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB$`, 'm').exec(m.meminfo)?.[1]);
    expect([kb('MemTotal'), kb('MemFree'), kb('MemAvailable'), kb('Cached'), kb('Hugepagesize')]).toEqual([24684544, 24684544, 24684544, 0, 2048]);
  });
  it('shows no load, no uptime and no boot id of the host', () => {
    expect(m.loadavg).toBe('0.00 0.00 0.00 1/1 1\n');
    expect(m.uptime).toBe('0.00 0.00\n');
    expect(m.boot_id).toMatch(/^0{8}-/);
  });
});
