// Test support for the runner's tests that judge through the real bwrap sandbox: a root dir (0711: the sandbox uid
// resolves its bind mounts itself), a sandbox factory on uids of its own and the judge's deps, made before the file's
// tests and removed after them. Each file takes its own `uidBase` so that files running at once never share a uid.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { JudgeDeps } from './judge';
import { detectLanguages } from './languages';
import { createSandboxFactory, type SandboxFactory } from './sandbox/index';

export interface JudgeTestBed {
  readonly root: string;
  readonly deps: JudgeDeps;
  readonly sandboxes: SandboxFactory;
}

export interface JudgeTestBedOptions {
  /** Start of the temporary root's name. */
  name: string;
  uidBase: number;
  judger: string;
  /** A helper sandbox (slot 1000) for checkers and interactors. */
  helperSandbox?: boolean;
  /** More deps, given the root (a test-data cache under it, …). */
  more?: (root: string) => Partial<JudgeDeps>;
}

export function judgeTestBed(o: JudgeTestBedOptions): JudgeTestBed {
  let made: JudgeTestBed | null = null;
  const bed = () => {
    if (!made) throw new Error('judge test bed: used before beforeAll');
    return made;
  };
  beforeAll(async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), `oj-${o.name}-`));
    await chmod(root, 0o711);
    const sandboxes = await createSandboxFactory({ driver: 'bwrap', cacheDir: path.join(root, 'cache'), uidBase: o.uidBase });
    const helper = o.helperSandbox ? { helperSandbox: sandboxes.forSlot(1000) } : {};
    made = { root, sandboxes, deps: { sandbox: sandboxes.forSlot(0), ...helper, languages: await detectLanguages(), workRoot: path.join(root, 'work'), judger: o.judger, ...o.more?.(root) } };
  });
  afterAll(async () => {
    if (!made) return;
    await made.sandboxes.close();
    await rm(made.root, { recursive: true, force: true });
  });
  return {
    get root() {
      return bed().root;
    },
    get deps() {
      return bed().deps;
    },
    get sandboxes() {
      return bed().sandboxes;
    },
  };
}
