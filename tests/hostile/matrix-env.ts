// The judge the verdict-matrix files share: the test driver's sandbox (bwrap, or nsjail under `pnpm test:nsjail`),
// the languages installed here with their compile assets, a helper sandbox of its own for checkers and interactors
// (an interactive pair needs two), and a job builder with the matrix's limits. Each file passes its own uid base, so
// parallel files never share a sandbox uid.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { JudgeCaseInput, JudgeJob } from '@oj/proto';
import { COMPILE_ASSETS_SLOT, createCompileAssets, createSandboxFactory, detectLanguages, judge, loadRunnerConfig, type CompileAssets, type FinalEvent, type JudgeDeps, type LanguageDef, type SandboxFactory } from '@oj/judge-runner';
import { collectingSink, makeJob } from '@oj/judge-runner/testing';
import { TEST_NSJAIL_PATH, TEST_SANDBOX_DRIVER } from '../support/sandbox-driver';

export interface MatrixEnv {
  /** Whether this machine has the language's toolchain (a test of a missing one returns early). */
  has(language: string): boolean;
  job(language: string, code: string, over?: Partial<JudgeJob['problem']>): JudgeJob;
  run(job: JudgeJob): Promise<FinalEvent>;
  deps(): JudgeDeps;
}

/** How long a suite may wait for the compile assets: built once per machine (~5 min of CPU), by the first suite. */
export const ASSETS_TIMEOUT_MS = 1_800_000;

/**
 * The compile assets (precompiled headers, javac's archive) the suites judge with, as a runner does: the host's
 * shared directory (OJ_RUNNER_COMPILE_ASSETS_DIR's default), built by whichever suite comes first while the others
 * wait for it, then only checked. Resolves once they are ready.
 */
export async function readyCompileAssets(sandboxes: SandboxFactory, languages: readonly LanguageDef[]): Promise<CompileAssets> {
  const dir = loadRunnerConfig({}).compileAssetsDir!;
  const assets = await createCompileAssets({ dir, languages, sandbox: () => sandboxes.forSlot(COMPILE_ASSETS_SLOT) });
  await assets.settled();
  return assets;
}

/** One case of a matrix job. */
export const kase = (index: number, input: string, output: string, score = 100, groupNum: number | null = null): JudgeCaseInput => ({ caseId: index, index, input, output, score, groupNum });

/** Sets up (beforeAll) and tears down (afterAll) a judge for the calling test file. */
export function matrixEnv(name: string, uidBase: number): MatrixEnv {
  let root = '';
  let sandboxes: SandboxFactory | null = null;
  let deps: JudgeDeps | null = null;
  let installed = new Set<string>();
  let submitId = uidBase;
  let assets: CompileAssets | null = null;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), `oj-${name}-`));
    await chmod(root, 0o711);
    sandboxes = await createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir: path.join(root, 'cache'), uidBase });
    const languages = await detectLanguages();
    installed = new Set(languages.map((l) => l.name));
    assets = await readyCompileAssets(sandboxes, languages);
    deps = { sandbox: sandboxes.forSlot(0), helperSandbox: sandboxes.forSlot(50), languages, workRoot: path.join(root, 'work'), judger: name, compileAssets: assets };
  }, ASSETS_TIMEOUT_MS);
  afterAll(async () => {
    assets?.close();
    await sandboxes?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });
  const current = () => {
    if (!deps) throw new Error('matrix environment not set up');
    return deps;
  };
  return {
    has: (language) => installed.has(language),
    job: (language, code, over = {}) => makeJob(language, code, { timeLimitMs: 1000, memoryLimitMb: 256, ...over }, ++submitId),
    run: (job) => judge(job, collectingSink(), current()),
    deps: current,
  };
}
