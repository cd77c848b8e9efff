// Sandbox factory: picks the driver (nsjail when installed, else bwrap; OJ_SANDBOX overrides), builds the
// C helpers, detects cgroup support once, locks the uids it runs as (uid-lock.ts) and owns each slot's cgroups.
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { createBwrapSandbox } from './bwrap';
import { createSlotCgroup, detectCgroupBase, removeUidGroups, type CgroupBase, type SlotCgroup } from './cgroup';
import { buildHelper } from './helper-build';
import { createNsjailSandbox } from './nsjail';
import { prepareProcMasks } from './proc-mask';
import type { Sandbox } from './types';
import { lockFreeRange, openUidLocks, type UidLocks } from './uid-lock';
import { openWarmBwrap } from './warm';

/** First uid tried when no base is given. */
export const DEFAULT_UID_BASE = 20_000;

export type SandboxDriver = 'bwrap' | 'nsjail';

export async function findOnPath(bin: string, pathVar: string): Promise<string | null> {
  for (const dir of pathVar.split(':').filter(Boolean)) {
    const file = path.join(dir, bin);
    if (await access(file, constants.X_OK).then(() => true, () => false)) return file;
  }
  return null;
}

export function pickSandboxDriver(override: SandboxDriver | undefined, nsjailInstalled: boolean): SandboxDriver {
  return override ?? (nsjailInstalled ? 'nsjail' : 'bwrap');
}

export interface SandboxFactoryOptions {
  driver: SandboxDriver;
  /** Where the C helpers are built (world-readable). */
  cacheDir: string;
  /**
   * Slot s runs as uid `uidBase + s`. Given: those uids are this factory's or it refuses to start (another runner on
   * the host holds one). Absent: the first range from DEFAULT_UID_BASE whose uids are all free is taken.
   */
  uidBase?: number;
  /** Slots locked at start (a runner's slots and helper slots); any other slot is locked on its first `forSlot`. */
  slots?: readonly number[];
  /** Where the uid locks live (default /run/oj-sandbox; the runners of a host must share it). */
  lockDir?: string;
  /** Use cgroup v1 memory/pids limits when possible (default true). */
  cgroups?: boolean;
  nsjailPath?: string;
}

export interface SandboxFactory {
  driver: SandboxDriver;
  /** Whether runs are capped by cgroups (else rlimits only). */
  cgroups: boolean;
  /** The first uid of this factory's range. */
  uidBase: number;
  /** The sandbox of one slot (its own uid and cgroups). Runs of one slot must not overlap. Throws UidInUseError when
   * the slot's uid is another runner's. */
  forSlot(slot: number): Sandbox;
  uidOf(slot: number): number;
  /** Removes the slots' cgroups (call once no run is left; a crashed runner's are removed at the next start). */
  close(): Promise<void>;
}

export async function createSandboxFactory(opts: SandboxFactoryOptions): Promise<SandboxFactory> {
  const [measurePath, enterPath, procMasks] = await Promise.all([buildHelper(opts.cacheDir, 'measure'), buildHelper(opts.cacheDir, 'enter'), prepareProcMasks(opts.cacheDir)]);
  const asRoot = process.getuid?.() === 0;
  const cgroupBase: CgroupBase | null = opts.cgroups === false ? null : await detectCgroupBase();
  // Only a root runner runs programs as other uids (unprivileged, bwrap keeps the runner's own uid): lock those.
  const locks: UidLocks | null = asRoot ? openUidLocks(opts.lockDir) : null;
  const uidBase = opts.uidBase ?? (locks ? lockFreeRange(locks, DEFAULT_UID_BASE, opts.slots ?? [0]) : DEFAULT_UID_BASE);
  const uidOf = (slot: number) => uidBase + slot;
  // A crashed runner's groups of a uid we now hold: removed before the uid's first run (and at start for `slots`).
  const leftovers = new Map<number, Promise<unknown>>();
  const lockSlot = (slot: number) => {
    locks?.take(uidOf(slot));
    if (!cgroupBase || leftovers.has(slot)) return;
    const removed = removeUidGroups(cgroupBase, uidOf(slot));
    removed.catch(() => undefined); // surfaces at the slot's first run (cgroupOf), or at start for `slots`
    leftovers.set(slot, removed);
  };
  try {
    for (const slot of opts.slots ?? []) lockSlot(slot);
    await Promise.all(leftovers.values());
  } catch (e) {
    locks?.releaseAll();
    throw e;
  }
  // Created on a slot's first run and reused by all its runs; a failed creation is retried by the next run.
  const slotCgroups = new Map<number, Promise<SlotCgroup>>();
  const cgroupOf = (base: CgroupBase, slot: number) => {
    let cg = slotCgroups.get(slot);
    if (!cg) {
      cg = Promise.resolve(leftovers.get(slot)).then(() => createSlotCgroup(base, slot, uidOf(slot)));
      slotCgroups.set(slot, cg);
      cg.catch(() => slotCgroups.get(slot) === cg && slotCgroups.delete(slot));
    }
    return cg;
  };
  return {
    driver: opts.driver,
    cgroups: cgroupBase !== null,
    uidBase,
    uidOf,
    forSlot(slot) {
      lockSlot(slot);
      const uid = uidOf(slot);
      if (opts.driver === 'nsjail') return createNsjailSandbox({ uid, measurePath, cgroups: cgroupBase !== null, nsjailPath: opts.nsjailPath });
      const cgroup = cgroupBase ? () => cgroupOf(cgroupBase, slot) : null;
      const bwrapOpts = { uid, measurePath, enterPath, asRoot, cgroup, procMasks };
      // A warm sandbox needs oj-enter (root): its /io is writable by root only, the program's files are the slot uid's.
      return asRoot ? { ...createBwrapSandbox(bwrapOpts), openWarm: (spec) => openWarmBwrap(spec, bwrapOpts) } : createBwrapSandbox(bwrapOpts);
    },
    async close() {
      const groups = [...slotCgroups.values()];
      slotCgroups.clear();
      try {
        for (const cg of await Promise.allSettled(groups)) if (cg.status === 'fulfilled') await cg.value.remove();
      } finally {
        locks?.releaseAll();
      }
    },
  };
}

export type { CaseRunSpec, Limits, ReadonlyBind, RunResult, RunSpec, Sandbox, WarmSandbox, WarmSpec } from './types';
export { ETC_RUNTIME, ETC_TOOLCHAIN } from './types';
export { buildBwrapCommand } from './bwrap';
export { buildNsjailCommand } from './nsjail';
export { UidInUseError } from './uid-lock';
export { checkSystemPackages, MissingSystemPackagesError, INSTALL_COMMAND } from './system-check';
