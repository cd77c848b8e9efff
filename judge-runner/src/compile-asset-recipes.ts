// How each kind of compile asset is built (compile-assets.ts keeps, checks and mounts them): precompiled C++ headers
// (`savings.pch`) and a class-data-sharing archive of javac (`savings.jvmCds`). Every step runs in the sandbox;
// only copying the results into the root-owned asset directory happens outside it.
import { constants } from 'node:fs';
import { copyFile, mkdir, readFile, realpath, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_LANGUAGES } from '@oj/proto';
import type { LanguageDef } from './languages';
import type { ReadonlyBind, RunResult } from './sandbox/types';

/** Where a language's assets are mounted (read-only) in its compile's sandbox. */
export const ASSETS_IN_SANDBOX = '/oj-assets';
/** Bumped when a recipe changes what it builds: every entry is rebuilt. */
export const RECIPE_VERSION = '1';
/** The file name of javac's archive. */
const JSA = 'javac.jsa';

export interface BuildStep {
  /** Runs `argv` in the assets' sandbox with `workDir` as a writable /w and `binds` read-only; what it printed. */
  run(argv: string[], opts: { workDir: string; binds?: ReadonlyBind[] }): Promise<{ result: RunResult; output: string }>;
  /** A fresh directory for one step's /w (removed with the build). */
  scratch(name: string): Promise<string>;
}

export interface AssetRecipe {
  /** What the entry's key is made of. */
  keyParts: readonly string[];
  /** What a compile adds (after the compiler's path) once the assets are at ASSETS_IN_SANDBOX. */
  args: readonly string[];
  /** Builds the assets into `out` (root's, becomes the entry); resolves with the host files they were made from. */
  build(step: BuildStep, out: string): Promise<string[]>;
}

export class AssetBuildError extends Error {
  constructor(what: string, r: RunResult | null, output = '') {
    const how = r === null ? '' : ` (exit ${r.exitCode}, signal ${r.signal}${r.cpuExceeded || r.wallExceeded ? ', time limit' : ''}${r.memoryExceeded ? ', memory limit' : ''})`;
    super(`${what}${how}${output ? `: ${output.trim().slice(0, 2000)}` : ''}`);
    this.name = 'AssetBuildError';
  }
}

const ok = (r: RunResult) => r.exitCode === 0 && !r.cpuExceeded && !r.wallExceeded && !r.memoryExceeded && !r.outputExceeded;
/** The build runs beside judging: at a lower priority, so that judging keeps the CPU. */
const NICE = ['/usr/bin/nice', '-n', '10'];

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** The prerequisites of a make rule as gcc -M writes it (`target: a b \` …); none of ours has a space or a backslash. */
export function parseMakeDeps(text: string): string[] {
  const body = text.replace(/\\\n/g, ' ');
  const colon = body.indexOf(': ');
  if (colon < 0) throw new AssetBuildError('gcc -M wrote no rule', null, text);
  return body
    .slice(colon + 2)
    .split(/\s+/)
    .filter(Boolean);
}

/** A header path the shell-free steps may pass on: an absolute path of plain characters under /usr. */
function checkedHeaderPath(p: string | undefined, header: string): string {
  if (!p || !/^\/usr\/[A-Za-z0-9_./+-]+$/.test(p) || p.includes('/../') || !p.endsWith(`/${header}`)) throw new AssetBuildError(`unexpected location of <${header}>: ${p ?? 'none'}`, null);
  return p;
}

/**
 * Precompiled headers: `<h>.gch` beside a link to `<h>` in `include/`, compiled from the real header with the
 * language's own flags; a compile adds `-isystem /oj-assets/include`, where gcc looks for `<h>.gch` first. gcc uses
 * one only when the program includes `<h>` before anything else and nothing it was made with differs (macros
 * defined before it, `-O`, `-std`, the compiler's build); otherwise it reads the header (the copy) as usual.
 */
function pchRecipe(lang: LanguageDef, pch: NonNullable<NonNullable<LanguageDef['savings']>['pch']>): AssetRecipe {
  const compiler = lang.compile![0]!;
  const flags = [...pch.flags];
  return {
    keyParts: ['pch', RECIPE_VERSION, compiler, JSON.stringify(flags), JSON.stringify(pch.headers)],
    args: ['-isystem', `${ASSETS_IN_SANDBOX}/include`],
    async build(step, out) {
      const probe = await step.scratch('probe');
      const deps = new Set<string>([await realpath(compiler)]);
      const headerPaths: string[] = [];
      for (const [i, h] of pch.headers.entries()) {
        // Where the header is and everything it reads: the entry is rebuilt when any of them changes.
        await writeFile(path.join(probe, `p${i}.cpp`), `#include <${h}>\n`);
        const m = await step.run([compiler, ...flags, '-x', 'c++', '-M', '-MF', `p${i}.d`, `p${i}.cpp`], { workDir: probe });
        if (!ok(m.result)) throw new AssetBuildError(`gcc -M of <${h}> failed`, m.result, m.output);
        const list = parseMakeDeps(await readFile(path.join(probe, `p${i}.d`), 'utf8')).filter((d) => d !== `p${i}.cpp`);
        // The first one is gcc's own implicit <stdc-predef.h>.
        headerPaths.push(checkedHeaderPath(list.find((d) => d.endsWith(`/${h}`)), h));
        for (const d of list) deps.add(d);
      }
      const cc1 = await step.run([compiler, '-print-prog-name=cc1plus'], { workDir: probe });
      const cc1Path = cc1.output.trim();
      if (ok(cc1.result) && path.isAbsolute(cc1Path)) deps.add(cc1Path);
      const box = await step.scratch('box');
      for (const [i, h] of pch.headers.entries()) {
        const r = await step.run([...NICE, compiler, ...flags, '-x', 'c++-header', headerPaths[i]!, '-o', `/w/h${i}.gch`], { workDir: box });
        if (!ok(r.result) || !(await exists(path.join(box, `h${i}.gch`)))) throw new AssetBuildError(`precompiling <${h}> failed`, r.result, r.output);
        const dest = path.join(out, 'include', h);
        await mkdir(path.dirname(dest), { recursive: true, mode: 0o755 });
        // gcc needs the header beside its .gch (read when the .gch cannot be used, or included again): a link to the
        // system's own (/usr is the same path in the sandbox), so it is always the installed one.
        await symlink(headerPaths[i]!, dest);
        await copyFile(path.join(box, `h${i}.gch`), `${dest}.gch`, constants.COPYFILE_EXCL);
      }
      // Checked where compiles will see it: gcc -H marks a precompiled header it used with '!'.
      const binds = [{ host: out, sandbox: ASSETS_IN_SANDBOX }];
      for (const [i, h] of pch.headers.entries()) {
        const v = await step.run([compiler, ...flags, '-isystem', `${ASSETS_IN_SANDBOX}/include`, '-H', '-fsyntax-only', `p${i}.cpp`], { workDir: probe, binds });
        if (!ok(v.result) || !v.output.split('\n').includes(`! ${ASSETS_IN_SANDBOX}/include/${h}.gch`)) throw new AssetBuildError(`the precompiled <${h}> is not used`, v.result, v.output);
      }
      return [...deps];
    },
  };
}

/**
 * javac's classes archived (CDS, `-XX:ArchiveClassesAtExit` of one compile): a compile maps them instead of loading
 * and verifying them. A JVM that cannot use the archive (another JDK build) runs without it; its warning is off.
 */
function jvmCdsRecipe(lang: LanguageDef): AssetRecipe {
  const [javac, ...rest] = lang.compile!;
  const savingArgs = [...(lang.savings?.args ?? [])];
  const source = LOCAL_LANGUAGES.find((l) => l.name === lang.name)?.template ?? '';
  return {
    keyParts: ['jvm-cds', RECIPE_VERSION, JSON.stringify(lang.compile), JSON.stringify(savingArgs)],
    args: [`-J-XX:SharedArchiveFile=${ASSETS_IN_SANDBOX}/${JSA}`, '-J-Xlog:disable'],
    async build(step, out) {
      const box = await step.scratch('box');
      await writeFile(path.join(box, lang.sourceFile), source);
      const r = await step.run([...NICE, javac!, ...savingArgs, `-J-XX:ArchiveClassesAtExit=/w/${JSA}`, ...rest], { workDir: box });
      if (!ok(r.result) || !(await exists(path.join(box, JSA)))) throw new AssetBuildError('archiving javac failed', r.result, r.output);
      await copyFile(path.join(box, JSA), path.join(out, JSA), constants.COPYFILE_EXCL);
      // -Xshare:on fails instead of running without the archive.
      const probe = await step.scratch('probe');
      await writeFile(path.join(probe, lang.sourceFile), source);
      const v = await step.run([javac!, ...savingArgs, `-J-XX:SharedArchiveFile=${ASSETS_IN_SANDBOX}/${JSA}`, '-J-Xshare:on', ...rest], { workDir: probe, binds: [{ host: out, sandbox: ASSETS_IN_SANDBOX }] });
      if (!ok(v.result)) throw new AssetBuildError('javac does not use its archive', v.result, v.output);
      const real = await realpath(javac!);
      const home = path.dirname(path.dirname(real));
      const deps = [real, path.join(home, 'lib/server/libjvm.so'), path.join(home, 'lib/modules')];
      return (await Promise.all(deps.map(async (d) => ((await exists(d)) ? d : null)))).filter((d): d is string => d !== null);
    },
  };
}

/** The recipe of a language's compile assets, or null when it has none. */
export function recipeFor(lang: LanguageDef): AssetRecipe | null {
  if (!lang.compile) return null;
  if (lang.savings?.pch) return pchRecipe(lang, lang.savings.pch);
  if (lang.savings?.jvmCds) return jvmCdsRecipe(lang);
  return null;
}
