// Sandbox factory: picks the driver (nsjail when installed, else bwrap; OJ_SANDBOX overrides), builds the
// measuring helper, and detects cgroup support once.
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { createBwrapSandbox } from './bwrap';
import { detectCgroupBase, type CgroupBase } from './cgroup';
import { buildMeasureHelper } from './measure-build';
import { createNsjailSandbox } from './nsjail';
import type { Sandbox } from './types';

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
  /** Where the measuring helper is built (world-readable). */
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
  /** The sandbox of one slot (its own uid). */
  forSlot(slot: number): Sandbox;
  uidOf(slot: number): number;
}

export async function createSandboxFactory(opts: SandboxFactoryOptions): Promise<SandboxFactory> {
  const measurePath = await buildMeasureHelper(opts.cacheDir);
  const asRoot = process.getuid?.() === 0;
  const cgroupBase: CgroupBase | null = opts.cgroups === false ? null : await detectCgroupBase();
  const uidOf = (slot: number) => opts.uidBase + slot;
  return {
    driver: opts.driver,
    cgroups: cgroupBase !== null,
    uidOf,
    forSlot(slot) {
      const uid = uidOf(slot);
      if (opts.driver === 'nsjail') return createNsjailSandbox({ uid, measurePath, cgroups: cgroupBase !== null, nsjailPath: opts.nsjailPath });
      return createBwrapSandbox({ uid, measurePath, asRoot, cgroupBase });
    },
  };
}

export type { Limits, ReadonlyBind, RunResult, RunSpec, Sandbox } from './types';
export { buildBwrapCommand } from './bwrap';
export { buildNsjailCommand } from './nsjail';
export { checkSystemPackages, MissingSystemPackagesError, INSTALL_COMMAND } from './system-check';
