// Sandbox factory: the driver (bwrap by default, nsjail when asked for), the C helpers built, cgroup support detected
// once, and each slot's cgroups owned here.
import type { SandboxDriverName } from '@oj/proto';
import { createBwrapSandbox } from './bwrap';
import { createSlotCgroup, detectCgroupBase, type CgroupBase, type SlotCgroup } from './cgroup';
import { buildHelper } from './helper-build';
import { resolveNsjail, setupNsjail } from './nsjail-setup';
import type { Sandbox } from './types';
import { openWarmBwrap } from './warm';

export type SandboxDriver = SandboxDriverName;

/** bwrap unless nsjail is asked for: an installed nsjail alone changes nothing (bwrap is the driver CI tests). */
export function pickSandboxDriver(requested: SandboxDriver | undefined): SandboxDriver {
  return requested ?? 'bwrap';
}

export interface SandboxFactoryOptions {
  driver: SandboxDriver;
  /** Where the C helpers are built (world-readable). */
  cacheDir: string;
  /** Slot s runs as uid `uidBase + s`. */
  uidBase: number;
  /** Use cgroup v1 memory/pids limits when possible (default true). */
  cgroups?: boolean;
  /** The nsjail binary (nsjail driver); else looked for on `searchPath`. */
  nsjailPath?: string;
  searchPath?: string;
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
  // Asked for and absent: refused before anything is built.
  const nsjailPath = opts.driver === 'nsjail' ? await resolveNsjail(opts.nsjailPath, opts.searchPath) : null;
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
  const nsjailSlot = nsjailPath ? await setupNsjail({ nsjailPath, cacheDir: opts.cacheDir, measurePath, cgroupBase, slotCgroup: cgroupOf }) : null;
  return {
    driver: opts.driver,
    cgroups: cgroupBase !== null,
    uidOf,
    forSlot(slot) {
      const uid = uidOf(slot);
      // Not root: nsjail can only map the runner's own uid.
      if (nsjailSlot) return nsjailSlot(slot, asRoot ? uid : (process.getuid?.() ?? uid));
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
export { NsjailNotFoundError } from './nsjail-setup';
export { checkSystemPackages, MissingSystemPackagesError, INSTALL_COMMAND } from './system-check';
