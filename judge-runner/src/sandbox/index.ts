// Sandbox factory: picks the driver (nsjail when installed, else bwrap; OJ_SANDBOX overrides), builds the
// C helpers, detects cgroup support once, and owns each slot's cgroups.
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { createBwrapSandbox } from './bwrap';
import { createSlotCgroup, detectCgroupBase, type CgroupBase, type SlotCgroup } from './cgroup';
import { buildHelper } from './helper-build';
import { createNsjailSandbox } from './nsjail';
import type { Sandbox } from './types';
import { openWarmBwrap } from './warm';

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
  /** Slot s runs as uid `uidBase + s`. */
  uidBase: number;
  /** Use cgroup v1 memory/pids limits when possible (default true). */
  cgroups?: boolean;
  nsjailPath?: string;
}

export interface SandboxFactory {
  driver: SandboxDriver;
  /** Whether runs are capped by cgroups (else rlimits only). */
  cgroups: boolean;
  /** The sandbox of one slot (its own uid and cgroups). Runs of one slot must not overlap. */
  forSlot(slot: number): Sandbox;
  uidOf(slot: number): number;
  /** Removes the slots' cgroups (call once no run is left; a crashed runner's are removed at the next start). */
  close(): Promise<void>;
}

export async function createSandboxFactory(opts: SandboxFactoryOptions): Promise<SandboxFactory> {
  const [measurePath, enterPath] = await Promise.all([buildHelper(opts.cacheDir, 'measure'), buildHelper(opts.cacheDir, 'enter')]);
  const asRoot = process.getuid?.() === 0;
  const cgroupBase: CgroupBase | null = opts.cgroups === false ? null : await detectCgroupBase();
  const uidOf = (slot: number) => opts.uidBase + slot;
  // Created on a slot's first run and reused by all its runs; a failed creation is retried by the next run.
  const slotCgroups = new Map<number, Promise<SlotCgroup>>();
  const cgroupOf = (base: CgroupBase, slot: number) => {
    let cg = slotCgroups.get(slot);
    if (!cg) {
      cg = createSlotCgroup(base, slot);
      slotCgroups.set(slot, cg);
      cg.catch(() => slotCgroups.get(slot) === cg && slotCgroups.delete(slot));
    }
    return cg;
  };
  return {
    driver: opts.driver,
    cgroups: cgroupBase !== null,
    uidOf,
    forSlot(slot) {
      const uid = uidOf(slot);
      if (opts.driver === 'nsjail') return createNsjailSandbox({ uid, measurePath, cgroups: cgroupBase !== null, nsjailPath: opts.nsjailPath });
      const cgroup = cgroupBase ? () => cgroupOf(cgroupBase, slot) : null;
      const bwrapOpts = { uid, measurePath, enterPath, asRoot, cgroup };
      // A warm sandbox needs oj-enter (root): its /io is writable by root only, the program's files are the slot uid's.
      return asRoot ? { ...createBwrapSandbox(bwrapOpts), openWarm: (spec) => openWarmBwrap(spec, bwrapOpts) } : createBwrapSandbox(bwrapOpts);
    },
    async close() {
      const groups = [...slotCgroups.values()];
      slotCgroups.clear();
      for (const cg of await Promise.allSettled(groups)) if (cg.status === 'fulfilled') await cg.value.remove();
    },
  };
}

export type { CaseRunSpec, Limits, ReadonlyBind, RunResult, RunSpec, Sandbox, WarmSandbox, WarmSpec } from './types';
export { ETC_RUNTIME, ETC_TOOLCHAIN } from './types';
export { buildBwrapCommand } from './bwrap';
export { buildNsjailCommand } from './nsjail';
export { checkSystemPackages, MissingSystemPackagesError, INSTALL_COMMAND } from './system-check';
