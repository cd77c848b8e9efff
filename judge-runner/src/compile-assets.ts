// Compile assets: what makes a language's compiles cheaper without changing what they make — precompiled C++
// headers and javac's class-data-sharing archive (compile-asset-recipes.ts) — built once per runner and mounted
// read-only into every compile of the language.
//
// - Built in the sandbox (a slot of its own, uid `base + COMPILE_ASSETS_SLOT`, under the seccomp filter), one
//   language at a time, in the background at nice 10: compiles go without until their language's are ready. A
//   compile that asks first moves its language to the front.
// - Kept in `dir` (root's, 0755; files 0644; never writable by the sandbox uids): `<key>/` and its manifest
//   `<key>.json`, key = sha256 of what the recipe builds (the compiler and its flags). The manifest lists every host
//   file the assets were made from (compiler binaries, headers, the JDK's classes) with its size and mtime: when one
//   changes (an upgraded package), or the entry's size does, it is rebuilt; entries no language of this runner's
//   table makes any more (changed flags) are removed at start.
// - Bounded: `maxBytes` (OJ_RUNNER_COMPILE_ASSETS_MB) for the runner's languages; one that would pass it goes without.
// - Runners (and test files) sharing `dir` build each entry once: its build holds `<key>.lock` (flock); the others
//   wait and take what it made.
// - Whatever fails is logged and leaves the language without assets: its compiles are the plain compiler's.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, readFile, readlink, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunnerConfig } from './config';
import { ASSETS_IN_SANDBOX, recipeFor, type AssetRecipe, type BuildStep } from './compile-asset-recipes';
import { LANGUAGES, type LanguageDef } from './languages';
import type { Logger } from './logger';
import { sizeOf } from './compile-cache';
import { readHead } from './read-head';
import { alive } from './sandbox/cgroup';
import { assertOnlyOwnerWrites } from './sandbox/helper-build';
import type { SandboxFactory } from './sandbox/index';
import type { Limits, ReadonlyBind, Sandbox } from './sandbox/types';
import { lockFile } from './sandbox/uid-lock';

/**
 * The assets are built as uid `OJ_SANDBOX_UID_BASE + COMPILE_ASSETS_SLOT`, in cgroups of their own: far from the
 * slots (base + s) and their helpers (base + 1000 + s), so no other runner's range reaches it.
 */
export const COMPILE_ASSETS_SLOT = 100_000;

const MB = 1024 * 1024;
/** One build step: precompiling <bits/stdc++.h> takes ~5 s of CPU and ~300 MB, its .gch is ~85 MB. */
const BUILD_LIMITS: Limits = { cpuMs: 120_000, wallMs: 600_000, memoryKb: 1536 * 1024, outputBytes: 256 * MB, processes: 64, stackKb: 65_536 };
/** How often ready entries are checked against the files they were made from. */
const RECHECK_MS = 60_000;
/** How long a runner waits for another one's build of the same entry. */
const WAIT_FOR_OTHER_MS = 30 * 60_000;

export type AssetState = 'queued' | 'building' | 'ready' | 'failed' | 'over-budget';

/** What a compile of a language adds once its assets are ready. */
export interface AssetUse {
  args: readonly string[];
  bind: ReadonlyBind;
}

export interface CompileAssets {
  /** The language's assets when ready, else null (and its build, if waiting, goes first). */
  forLanguage(lang: LanguageDef): AssetUse | null;
  /** Resolves once nothing is queued or building (tests, benchmarks). */
  settled(): Promise<void>;
  /** Each language's state, by name. */
  states(): Record<string, AssetState>;
  /** Stops building (a build under way is ended by the sandbox factory's close). */
  close(): void;
}

export interface CompileAssetsOptions {
  dir: string;
  /** The runner's languages. */
  languages: readonly LanguageDef[];
  /** The sandbox the builds run in (a slot of their own), asked for on the first build. */
  sandbox: () => Sandbox;
  /** Budget for the runner's languages' assets (default 1 GiB). */
  maxBytes?: number;
  logger?: Logger;
}

interface Manifest {
  key: string;
  language: string;
  bytes: number;
  deps: { path: string; size: number; mtimeMs: number }[];
}

interface Entry {
  key: string;
  lang: LanguageDef;
  recipe: AssetRecipe;
  state: AssetState;
  bytes: number;
}

const keyOf = (recipe: AssetRecipe) => createHash('sha256').update(recipe.keyParts.join('\0')).digest('hex').slice(0, 32);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


/**
 * Root's, readable by all, writable by root only (the files were written by root; nothing of the sandbox's is kept).
 * Links only to the system's headers (recipes make them).
 */
async function sealTree(p: string): Promise<void> {
  const st = await lstat(p);
  if (st.isSymbolicLink()) {
    if (!(await readlink(p)).startsWith('/usr/')) throw new Error(`compile assets: unexpected link ${p}`);
    return;
  }
  await chmod(p, st.isDirectory() ? 0o755 : 0o644);
  if (st.isDirectory()) for (const name of await readdir(p)) await sealTree(path.join(p, name));
}

async function depStat(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  return stat(file).then(
    (s) => ({ size: s.size, mtimeMs: s.mtimeMs }),
    () => null,
  );
}

/** The entry's manifest when the entry is whole and made from the files that are there now; else null. */
async function validManifest(dir: string, key: string): Promise<Manifest | null> {
  try {
    const m = JSON.parse(await readFile(path.join(dir, `${key}.json`), 'utf8')) as Manifest;
    if (m.key !== key || (await sizeOf(path.join(dir, key))) !== m.bytes) return null;
    for (const d of m.deps) {
      const now = await depStat(d.path);
      if (!now || now.size !== d.size || now.mtimeMs !== d.mtimeMs) return null;
    }
    return m;
  } catch {
    return null;
  }
}

/** Every key the languages table makes: the entries worth keeping. */
function knownKeys(): Set<string> {
  return new Set(LANGUAGES.map(recipeFor).flatMap((r) => (r ? [keyOf(r)] : [])));
}


/** Removes what no language makes any more and builds left half done by a process that is gone. */
async function sweep(dir: string): Promise<void> {
  const known = knownKeys();
  for (const name of await readdir(dir)) {
    const owner = /^tmp-(\d+)-/.exec(name) ?? /\.json\.(\d+)\.tmp$/.exec(name);
    if (owner ? alive(Number(owner[1])) : known.has(name.replace(/\.(json|lock)$/, ''))) continue;
    if (name.endsWith('.lock')) {
      // Only a lock nobody holds: another runner may be building under it.
      const fd = lockFile(path.join(dir, name));
      if (fd === null) continue;
      await rm(path.join(dir, name), { force: true });
      closeSync(fd);
      continue;
    }
    await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

export async function createCompileAssets(opts: CompileAssetsOptions): Promise<CompileAssets> {
  const { dir, logger } = opts;
  const maxBytes = opts.maxBytes ?? 1024 * MB;
  await mkdir(dir, { recursive: true, mode: 0o755 });
  await chmod(dir, 0o755);
  // Mounted into compiles: nobody but root (or us) may be able to put something else in its place.
  await assertOnlyOwnerWrites(dir);
  await sweep(dir);
  const entries = new Map<string, Entry>();
  for (const lang of opts.languages) {
    const recipe = recipeFor(lang);
    if (recipe) entries.set(lang.name, { key: keyOf(recipe), lang, recipe, state: 'queued', bytes: 0 });
  }
  /** Whether `e` (its `bytes` known) fits beside the entries ready already. */
  const fits = (e: Entry) => [...entries.values()].filter((o) => o !== e && o.state === 'ready').reduce((a, o) => a + o.bytes, e.bytes) <= maxBytes;
  for (const e of entries.values()) {
    const m = await validManifest(dir, e.key);
    if (!m) continue;
    e.bytes = m.bytes;
    e.state = fits(e) ? 'ready' : 'over-budget';
  }
  const queue = [...entries.values()].filter((e) => e.state === 'queued');
  let closed = false;
  let idle: Promise<void> = Promise.resolve();
  let pumping = false;

  /** Builds (or finds built by another process) `e`'s assets; its state then. Throws when it cannot. */
  const build = async (e: Entry): Promise<'ready' | 'over-budget'> => {
    const manifestFile = path.join(dir, `${e.key}.json`);
    let lock = lockFile(path.join(dir, `${e.key}.lock`));
    for (const t0 = Date.now(); lock === null && !closed && Date.now() - t0 < WAIT_FOR_OTHER_MS; ) {
      await sleep(2000);
      lock = lockFile(path.join(dir, `${e.key}.lock`));
    }
    if (lock === null) throw new Error('another process has been building it for too long');
    const root = path.join(dir, `tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      // Built by another runner meanwhile.
      const done = await validManifest(dir, e.key);
      if (done) {
        e.bytes = done.bytes;
        return fits(e) ? 'ready' : 'over-budget';
      }
      await rm(manifestFile, { force: true });
      // The steps' work dirs need a traversable parent; `out` stays root's.
      await mkdir(root, { mode: 0o711 });
      const out = path.join(root, 'out');
      await mkdir(out, { mode: 0o755 });
      let n = 0;
      const step: BuildStep = {
        async scratch(name) {
          const p = path.join(root, `${name}-${n++}`);
          await mkdir(p, { mode: 0o755 });
          return p;
        },
        async run(argv, o) {
          const log = path.join(root, `step-${n++}.log`);
          const result = await opts.sandbox().run({ argv, workDir: o.workDir, writableWorkDir: true, stdoutFile: log, stderrFile: log, limits: BUILD_LIMITS, env: e.lang.env, addressSpaceLimit: false, readonlyBinds: o.binds });
          return { result, output: await readHead(log, 64 * 1024, '') };
        },
      };
      const deps = await e.recipe.build(step, out);
      if (closed) throw new Error('closed');
      await sealTree(out);
      e.bytes = await sizeOf(out);
      if (!fits(e)) return 'over-budget';
      const manifest: Manifest = { key: e.key, language: e.lang.name, bytes: e.bytes, deps: [] };
      for (const d of [...new Set(deps)].sort()) {
        const s = await depStat(d);
        if (s) manifest.deps.push({ path: d, ...s });
      }
      // In place of a stale entry at once (a compile of another runner may be binding it: it is compiled again
      // without, compile-step.ts), the stale one removed with the build's directory.
      await rename(path.join(dir, e.key), path.join(root, 'stale')).catch(() => undefined);
      await rename(out, path.join(dir, e.key));
      // The manifest last: an entry without one is not whole.
      await writeFile(`${manifestFile}.${process.pid}.tmp`, JSON.stringify(manifest), { mode: 0o644 });
      await rename(`${manifestFile}.${process.pid}.tmp`, manifestFile);
      return 'ready';
    } finally {
      await rm(root, { recursive: true, force: true });
      closeSync(lock);
    }
  };

  const pump = async () => {
    for (let e = queue.shift(); e && !closed; e = queue.shift()) {
      e.state = 'building';
      const t0 = Date.now();
      try {
        e.state = await build(e);
        if (e.state === 'ready') logger?.info({ language: e.lang.name, bytes: e.bytes, ms: Date.now() - t0 }, 'compile assets ready');
        if (e.state === 'over-budget') logger?.warn({ language: e.lang.name, bytes: e.bytes, maxBytes }, 'compile assets over budget (OJ_RUNNER_COMPILE_ASSETS_MB): compiled without');
      } catch (err) {
        e.state = 'failed';
        if (!closed) logger?.warn({ err, language: e.lang.name }, 'compile assets could not be built: compiled without');
      }
    }
    if (!closed) logger?.info({ states: states() }, 'compile assets settled');
  };
  const states = () => Object.fromEntries([...entries.values()].map((e) => [e.lang.name, e.state]));
  const kick = () => {
    if (pumping || closed) return;
    pumping = true;
    idle = pump().finally(() => (pumping = false));
  };
  kick();
  // A toolchain upgraded under a running runner: its entries are rebuilt within a minute (until then gcc and the JVM
  // refuse assets of another build of theirs, and the headers are the system's own through their links).
  const recheck = setInterval(() => {
    void (async () => {
      for (const e of entries.values()) {
        if (e.state !== 'ready' || (await validManifest(dir, e.key))) continue;
        e.state = 'queued';
        queue.push(e);
      }
      if (queue.length > 0) kick();
    })();
  }, RECHECK_MS);
  recheck.unref();

  return {
    forLanguage(lang) {
      const e = entries.get(lang.name);
      if (!e) return null;
      if (e.state === 'ready') return { args: e.recipe.args, bind: { host: path.join(dir, e.key), sandbox: ASSETS_IN_SANDBOX } };
      const at = queue.indexOf(e);
      if (at > 0) queue.unshift(...queue.splice(at, 1));
      return null;
    },
    settled: () => idle,
    states,
    close() {
      closed = true;
      clearInterval(recheck);
    },
  };
}

/**
 * A runner's compile assets (OJ_RUNNER_COMPILE_ASSETS_DIR, _MB), built in the factory's slot COMPILE_ASSETS_SLOT;
 * undefined when the budget is 0, or when they cannot be set up (logged: the runner then compiles without them).
 */
export async function runnerCompileAssets(config: RunnerConfig, languages: readonly LanguageDef[], sandboxes: SandboxFactory, logger: Logger): Promise<CompileAssets | undefined> {
  const mb = config.compileAssetsMb ?? 1024;
  if (mb <= 0) return undefined;
  try {
    const dir = config.compileAssetsDir ?? path.join(config.cacheDir, 'compile-assets');
    return await createCompileAssets({ dir, languages, sandbox: () => sandboxes.forSlot(COMPILE_ASSETS_SLOT), maxBytes: mb * MB, logger });
  } catch (err) {
    logger.warn({ err }, 'compile assets unavailable: compiling without them');
    return undefined;
  }
}
