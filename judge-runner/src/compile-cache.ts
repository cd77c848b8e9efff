// Compile cache: what a compile left in the work dir (or the Compile Error message), keyed by
// sha256(language, compile command with its savings (compileArgv), toolchain identity, source). A rejudge, a resubmission of the same code, or the
// same program in another problem compiles nothing twice.
//
// - Toolchain identity: the real path, size and mtime of each of the language's `requires` binaries, so an upgraded
//   compiler (a new package) never reuses an old build; no compiler is run outside the sandbox to ask its version.
// - On disk under `<runner work dir>/.compile-cache` (root only, 0700): one directory per key with `meta.json` and
//   `files/` (a copy of the work dir after compiling, source included). Entries are written to a temporary name and
//   renamed into place, so a crash never leaves a half entry that looks whole.
// - Bounded: entries over `maxEntryBytes` are not kept; once the total passes `maxBytes`, least recently used entries
//   (a hit refreshes the directory's mtime) are removed. Several slots of one runner share the cache.
// - Only real results are kept: a successful compile, or a Compile Error from the compiler's own exit code; a compile
//   ended by a limit (time, memory, output) is not cached, since the same source may pass on a less loaded machine.
import { createHash, randomBytes } from 'node:crypto';
import { chmod, cp, lstat, mkdir, readdir, readFile, realpath, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compileArgv, type LanguageDef } from './languages';

export interface CompileCacheOptions {
  dir: string;
  /** Total size kept (default 512 MiB). */
  maxBytes?: number;
  /** Larger single entries are not kept (default 64 MiB). */
  maxEntryBytes?: number;
}

export type CompileOutcome = { ok: true } | { ok: false; message: string };

export interface CompileCache {
  key(lang: LanguageDef, source: string): Promise<string>;
  /** On a hit, copies the cached files into `box` (success) and answers what the compile gave; null on a miss. */
  restore(key: string, box: string): Promise<CompileOutcome | null>;
  /** Keeps what the compile left in `box` (success) or its message (Compile Error). */
  store(key: string, box: string, outcome: CompileOutcome): Promise<void>;
  /** Hits and misses since start (for the logs and the benchmark). */
  stats(): { hits: number; misses: number; bytes: number; entries: number };
}

const MB = 1024 * 1024;

/** Bytes of a file or of every file under a directory (links not followed). */
export async function sizeOf(p: string): Promise<number> {
  const st = await lstat(p);
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const name of await readdir(p)) total += await sizeOf(path.join(p, name));
  return total;
}

/** No set-id bits or group/other write in what is kept: the copies are root's. */
async function sanitize(p: string): Promise<void> {
  const st = await lstat(p);
  if (st.isSymbolicLink()) return;
  await chmod(p, st.mode & 0o755);
  if (st.isDirectory()) for (const name of await readdir(p)) await sanitize(path.join(p, name));
}

export async function createCompileCache(opts: CompileCacheOptions): Promise<CompileCache> {
  const maxBytes = opts.maxBytes ?? 512 * MB;
  const maxEntryBytes = opts.maxEntryBytes ?? 64 * MB;
  await mkdir(opts.dir, { recursive: true, mode: 0o700 });
  // The entries in least recently used order (a Map keeps insertion order: a use moves its entry to the end), and
  // their total size, so that a store or a hit costs the same with 20,000 entries as with 20.
  const entries = new Map<string, number>();
  let bytesKept = 0;
  const keep = (key: string, bytes: number) => {
    entries.set(key, bytes);
    bytesKept += bytes;
  };
  const forget = (key: string) => {
    bytesKept -= entries.get(key) ?? 0;
    entries.delete(key);
  };
  // What is on disk from an earlier run of the runner (half-written entries are dropped), oldest use first.
  const found: { name: string; bytes: number; usedAt: number }[] = [];
  for (const name of await readdir(opts.dir)) {
    const p = path.join(opts.dir, name);
    if (!/^[0-9a-f]{64}$/.test(name)) {
      await rm(p, { recursive: true, force: true });
      continue;
    }
    found.push({ name, bytes: await sizeOf(p), usedAt: (await stat(p)).mtimeMs });
  }
  for (const f of found.sort((a, b) => a.usedAt - b.usedAt)) keep(f.name, f.bytes);
  const toolchains = new Map<string, Promise<string>>();
  let hits = 0;
  let misses = 0;

  const toolchainId = (lang: LanguageDef) => {
    const memo = lang.requires.join('\0');
    let id = toolchains.get(memo);
    if (!id) {
      id = (async () => {
        const parts: string[] = [];
        for (const bin of lang.requires) {
          const real = await realpath(bin);
          const st = await stat(real);
          parts.push(`${real}:${st.size}:${st.mtimeMs}`);
        }
        return parts.join('|');
      })();
      toolchains.set(memo, id);
    }
    return id;
  };

  const evict = async () => {
    while (bytesKept > maxBytes) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      forget(oldest.value);
      await rm(path.join(opts.dir, oldest.value), { recursive: true, force: true });
    }
  };

  return {
    async key(lang, source) {
      const h = createHash('sha256');
      for (const part of [lang.name, JSON.stringify(compileArgv(lang)), JSON.stringify(lang.env ?? {}), await toolchainId(lang), source]) h.update(part).update('\0');
      return h.digest('hex');
    },

    async restore(key, box) {
      const bytes = entries.get(key);
      const dir = path.join(opts.dir, key);
      if (bytes === undefined) {
        misses++;
        return null;
      }
      try {
        const meta = JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as CompileOutcome;
        if (meta.ok) await cp(path.join(dir, 'files'), box, { recursive: true, force: true, preserveTimestamps: true });
        // The most recently used now: to the end of the order, and on disk for the next start.
        entries.delete(key);
        entries.set(key, bytes);
        const now = new Date();
        await utimes(dir, now, now);
        hits++;
        return meta.ok ? { ok: true } : { ok: false, message: meta.message };
      } catch {
        // Removed under us (evicted by another slot) or damaged: a miss; the entry is forgotten.
        forget(key);
        await rm(dir, { recursive: true, force: true });
        misses++;
        return null;
      }
    },

    async store(key, box, outcome) {
      if (entries.has(key)) return;
      const tmp = path.join(opts.dir, `tmp-${randomBytes(6).toString('hex')}`);
      try {
        await mkdir(tmp, { mode: 0o700 });
        // The compiler's files (owned by the sandbox uid) are copied, never linked: links stay links, not followed.
        if (outcome.ok) await cp(box, path.join(tmp, 'files'), { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
        if (outcome.ok) await sanitize(path.join(tmp, 'files'));
        await writeFile(path.join(tmp, 'meta.json'), JSON.stringify(outcome));
        const bytes = await sizeOf(tmp);
        if (bytes > maxEntryBytes) return;
        await rename(tmp, path.join(opts.dir, key)).catch(async (e: NodeJS.ErrnoException) => {
          // Another slot stored the same key first.
          if (e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') throw e;
        });
        if (!entries.has(key)) keep(key, bytes);
        await evict();
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },

    stats() {
      return { hits, misses, bytes: bytesKept, entries: entries.size };
    },
  };
}
