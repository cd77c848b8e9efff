// (n) Compile time per language: the editor's A+B (and, for C++, the same with <bits/stdc++.h>) compiled in the
// sandbox as judge() compiles it, a distinct source each time, with the language's plain compile command (as before
// issue 17) and with its savings (the linker, the compile assets), taken in turn so that both see the same load.
// CPU is oj-measure's figure for the compile (every process of it: driver, compiler, assembler, linker), wall the
// sandbox run's. Figures only: nothing asserts a time.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_LANGUAGES } from '@oj/proto';
import { COMPILE_ASSETS_SLOT, compileArgv, compileRunSpec, createCompileAssets, createSandboxFactory, detectLanguages, loadRunnerConfig, type LanguageDef, type ReadonlyBind, type Sandbox } from '@oj/judge-runner';
import { percentile } from './stack-process';

const ROUNDS = Number(process.env.OJ_BENCH_COMPILE_ROUNDS ?? 10);
/** OJ_BENCH_COMPILE_LANGUAGES: a comma-separated list of language names to measure (default: every installed one). */
const ONLY = process.env.OJ_BENCH_COMPILE_LANGUAGES?.split(',').map((x) => x.trim());
const BITS_AB = '#include <bits/stdc++.h>\nusing namespace std;\nint main() { int a, b; cin >> a >> b; cout << a + b << endl; }\n';

interface Sample {
  cpuMs: number;
  wallMs: number;
}

async function compileOnce(sandbox: Sandbox, root: string, lang: LanguageDef, code: string, argv: string[], binds: ReadonlyBind[], i: number): Promise<Sample> {
  const box = await mkdtemp(path.join(root, 'box-'));
  const comment = /Python|PyPy|Ruby/.test(lang.name) ? '#' : '//';
  await writeFile(path.join(box, lang.sourceFile), `${code}\n${comment} compile-time ${process.pid} ${i}\n`);
  const log = path.join(root, 'compile.log');
  const t0 = performance.now();
  // 5 × the compile wall limit: on a loaded machine the plain <bits/stdc++.h> compile may pass the limit (a Compile Error
  // for a submission, where the fallback and the limit are the judge's business), and the figure would be lost.
  const spec = compileRunSpec(lang, argv, box, log, binds);
  const r = await sandbox.run({ ...spec, limits: { ...spec.limits, wallMs: spec.limits.wallMs * 5 } });
  const wallMs = performance.now() - t0;
  await rm(box, { recursive: true, force: true });
  if (r.exitCode !== 0) throw new Error(`${lang.name}: ${argv.join(' ')} failed (exit ${r.exitCode}, signal ${r.signal})`);
  return { cpuMs: r.cpuMs, wallMs };
}

const p50 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const fmt = (n: number) => n.toFixed(n < 10 ? 1 : 0);

export async function benchCompileTime(): Promise<void> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'oj-bench-compile-'));
  await chmod(root, 0o711);
  const sandboxes = await createSandboxFactory({ driver: 'bwrap', cacheDir: path.join(root, 'cache'), uidBase: 29_000 });
  try {
    const languages = await detectLanguages();
    // The host's compile assets, as a runner has them (built here first if no runner or test has yet).
    const assets = await createCompileAssets({ dir: loadRunnerConfig({}).compileAssetsDir!, languages, sandbox: () => sandboxes.forSlot(COMPILE_ASSETS_SLOT) });
    await assets.settled();
    assets.close();
    const sandbox = sandboxes.forSlot(0);
    console.log(`(n) compile time per language, A+B, p50 of ${ROUNDS} distinct sources each, plain command → with its savings (load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}):`);
    for (const lang of languages) {
      if (!lang.compile || (ONLY && !ONLY.includes(lang.name))) continue;
      const template = LOCAL_LANGUAGES.find((l) => l.name === lang.name)!.template;
      for (const [what, code] of lang.name.startsWith('C++') ? [['A+B', template], ['A+B with <bits/stdc++.h>', BITS_AB]] : [['A+B', template]]) {
        const use = assets.forLanguage(lang);
        const fast = compileArgv(lang, use?.args)!;
        const runs = { plain: [] as Sample[], now: [] as Sample[] };
        for (let i = -1; i < ROUNDS; i++) {
          // In turn, the order swapped every round; round -1 warms the caches up and is not counted.
          const order = i % 2 === 0 ? (['plain', 'now'] as const) : (['now', 'plain'] as const);
          for (const k of order) {
            const s = await compileOnce(sandbox, root, lang, code!, k === 'plain' ? lang.compile : fast, k === 'now' && use ? [use.bind] : [], i);
            if (i >= 0) runs[k].push(s);
          }
        }
        const cpu = (k: 'plain' | 'now') => p50(runs[k].map((s) => s.cpuMs));
        const wall = (k: 'plain' | 'now') => p50(runs[k].map((s) => s.wallMs));
        const same = fast === lang.compile;
        const change = same ? 'no saving' : `${fmt((100 * (cpu('now') - cpu('plain'))) / cpu('plain'))} % CPU`;
        console.log(
          `    ${`${lang.name}, ${what}`.padEnd(42)}: CPU ${fmt(cpu('plain'))} → ${fmt(cpu('now'))} ms, wall ${fmt(wall('plain'))} → ${fmt(wall('now'))} ms (${change}${use ? ', with its assets' : ''})`,
        );
      }
    }
  } finally {
    await sandboxes.close();
    await rm(root, { recursive: true, force: true });
  }
}
