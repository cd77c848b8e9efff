// The groups nsjail makes itself (cgroup v1). Given `--cgroup_pids_parent`, nsjail caps a jail's processes in a group
// `NSJAIL.<jail pid>` it creates under that parent and removes when the jail ends; the parent is the slot's pids group
// (cgroup.ts: created by the runner, limits set per run, removed on close). A jail killed from outside leaves its
// group behind, which would keep the slot's group from being removed: those are swept here, after each run and, for
// the groups of a runner that is gone, at start.
import { readdirSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { alive, GROUP_NAME } from './cgroup';

const JAIL_GROUP = /^NSJAIL\.\d+$/;

/** Removes the empty jail groups under `parent` (those still holding processes are left for a later sweep). */
export function sweepJailGroups(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    if (!JAIL_GROUP.test(name)) continue;
    try {
      rmdirSync(path.join(parent, name));
    } catch {
      // still in use
    }
  }
}

/** Sweeps the jail groups out of the slot groups of runners that are gone, so that their groups can be removed. */
export function sweepStaleJailGroups(base: string): void {
  for (const name of readdirSync(base)) {
    const m = GROUP_NAME.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    sweepJailGroups(path.join(base, name));
    try {
      rmdirSync(path.join(base, name));
    } catch {
      // still in use
    }
  }
}
