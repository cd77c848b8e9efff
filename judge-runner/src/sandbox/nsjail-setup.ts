// What the nsjail driver needs once per runner: the binary (found or refused at start), its static configuration and
// the /etc entries this machine has.
import { existsSync } from 'node:fs';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import type { CgroupBase, SlotCgroup } from './cgroup';
import { createNsjailSandbox } from './nsjail';
import { writeNsjailConfig } from './nsjail-config';
import { ETC_TOOLCHAIN, type ReadonlyBind, type Sandbox } from './types';

/** Where nsjail is looked for when no PATH is given. */
const DEFAULT_SEARCH_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const executable = (file: string) => access(file, constants.X_OK).then(() => true, () => false);

export async function findOnPath(bin: string, pathVar: string): Promise<string | null> {
  for (const dir of pathVar.split(':').filter(Boolean)) {
    const file = path.join(dir, bin);
    if (await executable(file)) return file;
  }
  return null;
}

export class NsjailNotFoundError extends Error {
  constructor(where: string) {
    super(`sandbox: OJ_SANDBOX=nsjail but there is no nsjail binary ${where}: install nsjail (from its project) and put it on PATH, or set OJ_NSJAIL_PATH`);
    this.name = 'NsjailNotFoundError';
  }
}

/** The nsjail binary: `explicit` (OJ_NSJAIL_PATH) when given, else the first on `searchPath`; throws when there is none. */
export async function resolveNsjail(explicit: string | undefined, searchPath = DEFAULT_SEARCH_PATH): Promise<string> {
  if (explicit) {
    if (await executable(explicit)) return explicit;
    throw new NsjailNotFoundError(`at OJ_NSJAIL_PATH=${explicit}`);
  }
  const found = await findOnPath('nsjail', searchPath);
  if (!found) throw new NsjailNotFoundError(`on PATH (${searchPath})`);
  return found;
}

export interface NsjailSetupOptions {
  nsjailPath: string;
  cacheDir: string;
  measurePath: string;
  cgroupBase: CgroupBase | null;
  procMasks: readonly ReadonlyBind[];
  /** The slot's groups, as the factory keeps them. */
  slotCgroup: (base: CgroupBase, slot: number) => Promise<SlotCgroup>;
}

/** Returns the sandbox of a slot, given the uid its programs run as. */
export async function setupNsjail(opts: NsjailSetupOptions): Promise<(slot: number, uid: number) => Sandbox> {
  const configPath = await writeNsjailConfig(opts.cacheDir);
  const etcPresent = new Set(ETC_TOOLCHAIN.filter((e) => existsSync(e)));
  const base = opts.cgroupBase;
  return (slot, uid) => {
    const cgroup = base ? () => opts.slotCgroup(base, slot) : null;
    return createNsjailSandbox({ nsjailPath: opts.nsjailPath, configPath, measurePath: opts.measurePath, uid, etcPresent, procMasks: opts.procMasks, cgroup });
  };
}
