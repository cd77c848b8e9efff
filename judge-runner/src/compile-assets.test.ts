// Compile assets with the real sandbox: precompiled headers and javac's archive are built once, root's and read-only,
// kept while what they were made from is unchanged, within their budget; a compile uses them and makes the very same
// program; a compile that fails with them is compiled again without them, so the message is the plain compiler's.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_ASSETS_SLOT, createCompileAssets, type CompileAssets } from './compile-assets';
import { ASSETS_IN_SANDBOX, parseMakeDeps } from './compile-asset-recipes';
import { compileProgram } from './compile-step';
import { template } from './job-fixture';
import { compileArgv, detectLanguages, type LanguageDef } from './languages';
import { createSandboxFactory, type SandboxFactory } from './sandbox/index';
import type { RunSpec, Sandbox } from './sandbox/types';

let root: string;
let factory: SandboxFactory;
let assets: CompileAssets;
let languages: LanguageDef[];
const dir = () => path.join(root, 'assets');
const lang = (name: string) => languages.find((l) => l.name === name)!;

/** The sandbox of slot 0, keeping the spec of every run. */
function recording(sandbox: Sandbox): Sandbox & { specs: RunSpec[] } {
  const specs: RunSpec[] = [];
  return { driver: sandbox.driver, specs, run: (spec) => (specs.push(spec), sandbox.run(spec)) };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'oj-assets-'));
  await chmod(root, 0o711);
  factory = await createSandboxFactory({ driver: 'bwrap', cacheDir: path.join(root, 'helpers'), uidBase: 22_600 });
  languages = (await detectLanguages()).filter((l) => ['C', 'C++ 17', 'Java'].includes(l.name));
  assets = await createCompileAssets({ dir: dir(), languages, sandbox: () => factory.forSlot(COMPILE_ASSETS_SLOT) });
  await assets.settled();
}, 600_000);

afterAll(async () => {
  assets?.close();
  await factory?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Compiles `code` in a fresh box; the message (null = compiled), the program's bytes and the runs' specs. */
async function compile(language: string, code: string, withAssets: CompileAssets | undefined) {
  const l = lang(language);
  const box = await mkdtemp(path.join(root, 'box-'));
  const io = await mkdtemp(path.join(root, 'io-'));
  await writeFile(path.join(box, l.sourceFile), code);
  const sandbox = recording(factory.forSlot(0));
  const message = await compileProgram({ lang: l, code, box, io, sandbox, assets: withAssets });
  const artifact = l.artifact ? await readFile(path.join(box, l.artifact.file)).catch(() => null) : null;
  return { message, artifact, specs: sandbox.specs };
}

describe('compile assets', () => {
  it('builds the precompiled headers and the javac archive once, root-owned and read-only, and mounts them', async () => {
    expect(assets.states()).toEqual({ 'C++ 17': 'ready', Java: 'ready' });
    const entries = await readdir(dir());
    const keys = entries.filter((n) => /^[0-9a-f]{32}$/.test(n));
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      const manifest = JSON.parse(await readFile(path.join(dir(), `${key}.json`), 'utf8')) as { deps: { path: string }[]; bytes: number };
      expect(manifest.bytes).toBeGreaterThan(1 << 20);
      for (const name of await readdir(path.join(dir(), key), { recursive: true })) {
        const st = await stat(path.join(dir(), key, name));
        expect(st.uid).toBe(0);
        expect(st.mode & 0o777).toBe(st.isDirectory() ? 0o755 : 0o644);
      }
      const deps = manifest.deps.map((d) => d.path);
      if (manifest.deps.some((d) => d.path.endsWith('/bits/stdc++.h'))) {
        expect(deps).toEqual(expect.arrayContaining([expect.stringMatching(/\/cc1plus$/), expect.stringMatching(/g\+\+-\d+$/), expect.stringMatching(/\/c\+\+\/\d+\/iostream$/)]));
        expect(await readdir(path.join(dir(), key, 'include'))).toEqual(expect.arrayContaining(['bits', 'iostream', 'iostream.gch']));
      } else {
        expect(deps).toEqual(expect.arrayContaining([expect.stringMatching(/\/javac$/), expect.stringMatching(/\/libjvm\.so$/)]));
      }
    }
    const use = assets.forLanguage(lang('C++ 17'))!;
    expect(use.args).toEqual(['-isystem', `${ASSETS_IN_SANDBOX}/include`]);
    expect(use.bind.sandbox).toBe(ASSETS_IN_SANDBOX);
    expect(assets.forLanguage(lang('C'))).toBeNull();
  });

  it('is taken as it is by the next runner, and rebuilt when a file it was made from changed', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const again = await createCompileAssets({ dir: dir(), languages, sandbox: () => factory.forSlot(COMPILE_ASSETS_SLOT), logger });
    expect(again.states()).toEqual({ 'C++ 17': 'ready', Java: 'ready' });
    // Settled at once, and says so (what a benchmark waits for before it measures).
    await again.settled();
    expect(lines.map((l) => JSON.parse(l) as { msg: string; states: unknown })).toEqual([expect.objectContaining({ msg: 'compile assets settled', states: { 'C++ 17': 'ready', Java: 'ready' } })]);
    again.close();
    // A stale entry (an upgraded JDK: another mtime) and one no language makes are not kept.
    const javaKey = path.basename(assets.forLanguage(lang('Java'))!.bind.host);
    const manifestFile = path.join(dir(), `${javaKey}.json`);
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { deps: { mtimeMs: number }[] };
    manifest.deps[0]!.mtimeMs -= 1000;
    await writeFile(manifestFile, JSON.stringify(manifest));
    await mkdir(path.join(dir(), 'f'.repeat(32)));
    await writeFile(path.join(dir(), `${'f'.repeat(32)}.json`), '{}');
    const stale = await createCompileAssets({ dir: dir(), languages: [lang('Java')], sandbox: () => factory.forSlot(COMPILE_ASSETS_SLOT) });
    expect(stale.states()).toEqual({ Java: 'building' });
    expect(stale.forLanguage(lang('Java'))).toBeNull();
    await stale.settled();
    expect(stale.states()).toEqual({ Java: 'ready' });
    expect(await readdir(dir())).not.toContain('f'.repeat(32));
  }, 600_000);

  it('keeps within its budget', async () => {
    const small = await createCompileAssets({ dir: dir(), languages, sandbox: () => factory.forSlot(COMPILE_ASSETS_SLOT), maxBytes: 1 << 20 });
    expect(small.states()).toEqual({ 'C++ 17': 'over-budget', Java: 'over-budget' });
    expect(small.forLanguage(lang('C++ 17'))).toBeNull();
  });

  it('makes byte for byte the program the compile without them makes', async () => {
    for (const code of [template('C++ 17'), '#include <bits/stdc++.h>\nusing namespace std;\nint main(){int a,b;cin>>a>>b;cout<<a+b<<endl;}\n']) {
      const fast = await compile('C++ 17', code, assets);
      expect(fast.message).toBeNull();
      expect(fast.specs).toHaveLength(1);
      expect(fast.specs[0]!.argv).toEqual(compileArgv(lang('C++ 17'), ['-isystem', `${ASSETS_IN_SANDBOX}/include`]));
      expect(fast.specs[0]!.readonlyBinds).toEqual([assets.forLanguage(lang('C++ 17'))!.bind]);
      const without = await compile('C++ 17', code, undefined);
      expect(without.specs[0]!.argv).toEqual(compileArgv(lang('C++ 17')));
      expect(fast.artifact!.equals(without.artifact!)).toBe(true);
    }
    const java = await compile('Java', template('Java'), assets);
    expect(java.message).toBeNull();
    expect(java.specs[0]!.argv).toEqual(expect.arrayContaining([`-J-XX:SharedArchiveFile=${ASSETS_IN_SANDBOX}/javac.jsa`, '-J-XX:TieredStopAtLevel=1']));
    expect(java.artifact!.equals((await compile('Java', template('Java'), undefined)).artifact!)).toBe(true);
  });

  it('gives a failed compile the plain compiler’s message, compiled again without them', async () => {
    // An error in a library template: with a precompiled header gcc names a shorter include chain.
    const code = '#include <bits/stdc++.h>\nusing namespace std;\nint main() { vector<int> v; v.push_back("x"); }\n';
    const fast = await compile('C++ 17', code, assets);
    expect(fast.specs.map((s) => s.argv)).toEqual([compileArgv(lang('C++ 17'), ['-isystem', `${ASSETS_IN_SANDBOX}/include`]), lang('C++ 17').compile]);
    const plain = await compile('C++ 17', code, undefined);
    expect(plain.specs.map((s) => s.argv)).toEqual([compileArgv(lang('C++ 17')), lang('C++ 17').compile]);
    expect(fast.message).toMatch(/error: no matching function for call to.*from main\.cpp:1:\n/s);
    expect(fast.message).toBe(plain.message);
    // A link error: gold words it otherwise than ld.bfd; the message is ld.bfd's.
    const link = await compile('C', 'int f(void);\nint main(void) { return f(); }\n', undefined);
    expect(link.specs).toHaveLength(2);
    expect(link.message).toMatch(/undefined reference to `f'/);
  });

  it('reads make rules as gcc -M writes them', () => {
    expect(parseMakeDeps('p0.o: p0.cpp /usr/include/c++/12/iostream \\\n /usr/include/a.h\n')).toEqual(['p0.cpp', '/usr/include/c++/12/iostream', '/usr/include/a.h']);
  });
});
