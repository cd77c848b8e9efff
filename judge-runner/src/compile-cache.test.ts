// The compile cache with the real sandbox: a rejudge compiles nothing, Compile Errors are remembered, a different
// source or language misses, and the cache stays within its budget (least recently used out first).
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { createCompileCache, type CompileCache } from './compile-cache';
import { collectingSink, makeJob, template } from './job-fixture';
import { judge, type JudgeDeps } from './judge';
import { detectLanguages, findLanguage } from './languages';
import { createSandboxFactory, type SandboxFactory } from './sandbox/index';

let root: string;
let factory: SandboxFactory;
let base: Omit<JudgeDeps, 'compileCache'>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'oj-ccache-'));
  await chmod(root, 0o711);
  factory = await createSandboxFactory({ driver: 'bwrap', cacheDir: path.join(root, 'helpers'), uidBase: 22_400 });
  base = { sandbox: factory.forSlot(0), languages: await detectLanguages(), workRoot: path.join(root, 'work'), judger: 'cache-test' };
});

afterAll(async () => {
  await factory.close();
  await rm(root, { recursive: true, force: true });
});

async function run(cache: CompileCache, language: string, code: string) {
  const sink = collectingSink();
  return judge(makeJob(language, code), sink, { ...base, compileCache: cache });
}

describe('compile cache', () => {
  it('a rejudge of the same code compiles nothing and gets the same verdict', async () => {
    const cache = await createCompileCache({ dir: path.join(root, 'c1') });
    const first = await run(cache, 'C', template('C'));
    expect(first.status).toBe(JudgeStatus.ACCEPTED);
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, entries: 1 });
    const again = await run(cache, 'C', template('C'));
    expect(again.status).toBe(JudgeStatus.ACCEPTED);
    expect(again.cases.map((c) => c.status)).toEqual(first.cases.map((c) => c.status));
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
    // A different source, or the same source in another language, is another entry.
    expect((await run(cache, 'C', `${template('C')}\n`)).status).toBe(JudgeStatus.ACCEPTED);
    expect((await run(cache, 'C With O2', template('C'))).status).toBe(JudgeStatus.ACCEPTED);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 3, entries: 3 });
  });

  it('remembers a Compile Error with its message', async () => {
    const cache = await createCompileCache({ dir: path.join(root, 'c2') });
    const first = await run(cache, 'C', 'int main() { return x; }\n');
    expect(first.status).toBe(JudgeStatus.COMPILE_ERROR);
    const again = await run(cache, 'C', 'int main() { return x; }\n');
    expect(again.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(again.errorMessage).toBe(first.errorMessage);
    expect(cache.stats().hits).toBe(1);
  });

  it('a new runner process finds the entries on disk; the key changes with the compiler', async () => {
    const dir = path.join(root, 'c3');
    const c = findLanguage('C')!;
    const one = await createCompileCache({ dir });
    await run(one, 'C', template('C'));
    const two = await createCompileCache({ dir });
    expect(two.stats().entries).toBe(1);
    expect(await run(two, 'C', template('C'))).toMatchObject({ status: JudgeStatus.ACCEPTED });
    expect(two.stats().hits).toBe(1);
    const otherCompiler = { ...c, requires: ['/usr/bin/g++'] };
    expect(await two.key(otherCompiler, template('C'))).not.toBe(await two.key(c, template('C')));
  });

  it('stays within its budget, dropping the least recently used entry first', async () => {
    const src = (n: number) => `${template('C')}// ${n}\n`;
    // The size of one entry as this host's compiler and linker make it (gold's binaries are smaller than ld's): the
    // budget holds two entries and a half.
    const probe = await createCompileCache({ dir: path.join(root, 'c4-probe'), maxBytes: 1 << 30 });
    await run(probe, 'C', src(0));
    const maxBytes = Math.floor(probe.stats().bytes * 2.5);
    const dir = path.join(root, 'c4');
    const cache = await createCompileCache({ dir, maxBytes });
    await run(cache, 'C', src(1));
    await run(cache, 'C', src(2));
    await run(cache, 'C', src(1)); // 1 is now the most recently used
    await run(cache, 'C', src(3));
    const keys = await Promise.all([1, 2, 3].map((n) => cache.key(findLanguage('C')!, src(n))));
    const onDisk = await readdir(dir);
    expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes);
    expect(onDisk).toContain(keys[2]);
    expect(onDisk).not.toContain(keys[1]);
    // A new runner process takes the order of use over from the disk: 1 was used before 3 was stored.
    const reopened = await createCompileCache({ dir, maxBytes });
    await run(reopened, 'C', src(4));
    const afterRestart = await readdir(dir);
    expect(afterRestart).toContain(keys[2]);
    expect(afterRestart).not.toContain(keys[0]);
    expect(reopened.stats().bytes).toBeLessThanOrEqual(maxBytes);
  });
});
