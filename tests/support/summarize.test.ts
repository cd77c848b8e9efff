// The closing line of `pnpm test` and its exit code (tests/summarize.mjs), from reports shaped as vitest and Playwright
// write them: a file that failed outside its tests (a beforeAll that threw: its tests show as skipped) is a failure,
// which vitest's own exit code does not say here (the embedded PostgreSQL's exit hook ends the run with 0).
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../summarize.mjs', import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'oj-summarize-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const vitest = (files: object[], counts: { passed: number; failed: number; pending: number }, success: boolean) => ({
  numPassedTests: counts.passed,
  numFailedTests: counts.failed,
  numPendingTests: counts.pending,
  numTodoTests: 0,
  success,
  testResults: files,
});
const playwright = { stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 }, errors: [] };

async function summarize(report: object): Promise<{ line: string; code: number | null }> {
  const v = path.join(dir, `v-${Math.random().toString(36).slice(2)}.json`);
  const p = path.join(dir, 'p.json');
  await writeFile(v, JSON.stringify(report));
  await writeFile(p, JSON.stringify(playwright));
  const r = spawnSync(process.execPath, [SCRIPT, v, p], { encoding: 'utf8' });
  return { line: r.stdout.trim().split('\n').at(-1) ?? '', code: r.status };
}

describe('the closing line of pnpm test', () => {
  it('all green: the sum of both reports, exit 0', async () => {
    const r = await summarize(vitest([{ name: 'a.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] }], { passed: 1, failed: 0, pending: 0 }, true));
    expect(r).toEqual({ line: '4 passed, 0 failed', code: 0 });
  });

  it('a failed test is one failure', async () => {
    const r = await summarize(vitest([{ name: 'a.test.ts', status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] }], { passed: 1, failed: 1, pending: 0 }, false));
    expect(r).toEqual({ line: '4 passed, 1 failed', code: 1 });
  });

  it('a file whose beforeAll threw (its tests skipped) is a failure, as is one that did not load', async () => {
    const r = await summarize(
      vitest(
        [
          { name: 'chaos.test.ts', status: 'failed', message: 'runner-2 exited while starting', assertionResults: [{ status: 'skipped' }] },
          { name: 'broken.test.ts', status: 'failed', message: 'SyntaxError', assertionResults: [] },
          { name: 'fine.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
        ],
        { passed: 1, failed: 0, pending: 1 },
        false,
      ),
    );
    expect(r).toEqual({ line: '4 passed, 2 failed, 1 skipped', code: 1 });
  });

  it('a run vitest calls failed without a failed test or file (an unhandled error) is one failure', async () => {
    const r = await summarize(vitest([{ name: 'a.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] }], { passed: 1, failed: 0, pending: 0 }, false));
    expect(r).toEqual({ line: '4 passed, 1 failed', code: 1 });
  });
});
