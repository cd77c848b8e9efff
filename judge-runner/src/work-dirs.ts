// The per-job work directories of a runner's slots. Each is named after the slot's sandbox uid and the runner's pid
// (`w<uid>-p<pid>-…`), so a runner that starts can tell the leftovers of a killed runner on its own uids (its pid is
// gone) from the live work of another runner sharing OJ_RUNNER_WORK_DIR, and removes only those.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { alive } from './sandbox/cgroup';

/** The prefix of the work dirs of the slot running as `uid` in this process. */
export function workDirPrefix(uid: number, pid = process.pid): string {
  return `w${uid}-p${pid}-`;
}

const NAME = /^w(\d+)-p(\d+)-/;

/** Removes what dead runners left in `workRoot` for `uids` (dirs and their nsjail configs); returns the names removed. */
export async function sweepLeftoverWorkDirs(workRoot: string, uids: Iterable<number>): Promise<string[]> {
  const ours = new Set(uids);
  let names: string[];
  try {
    names = await readdir(workRoot);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m || !ours.has(Number(m[1]))) continue;
    const pid = Number(m[2]);
    if (pid === process.pid || alive(pid)) continue;
    await rm(path.join(workRoot, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
