// Builds the sandbox's C helpers (oj-measure from measure*.c, oj-enter from enter.c) once per source version into a
// cache directory.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, chmod, lstat, mkdir, readFile, realpath, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `measure`: oj-measure, runs inside the sandbox. `enter`: oj-enter, the root-side launcher (cgroups, uid drop). */
export type HelperName = 'measure' | 'enter';

/** Each helper's C files (compiled together) and headers (hashed only). */
const SOURCES: Record<HelperName, { c: string[]; h: string[] }> = {
  measure: { c: ['measure.c', 'measure-child.c', 'measure-seccomp.c', 'measure-proc.c', 'measure-copy.c', 'measure-scratch.c'], h: ['measure.h'] },
  enter: { c: ['enter.c'], h: [] },
};

/**
 * oj-enter runs as root and oj-measure reports the verdict's numbers: the helper and every directory above it must
 * be writable by us (or root) only, or sticky like /tmp, so no other user can put their own program in its place.
 */
export async function assertOnlyOwnerWrites(file: string): Promise<void> {
  const me = process.geteuid?.() ?? 0;
  const real = await realpath(file);
  for (let p = real; ; p = path.dirname(p)) {
    const st = await lstat(p);
    const sticky = p !== real && st.isDirectory() && (st.mode & 0o1000) !== 0;
    if ((st.uid !== me && st.uid !== 0) || ((st.mode & 0o022) !== 0 && !sticky)) {
      throw new Error(`sandbox helper ${file}: ${p} is owned by uid ${st.uid} with mode ${(st.mode & 0o7777).toString(8)}; it must be writable by uid ${me} or root only`);
    }
    if (p === path.dirname(p)) return;
  }
}

/** Returns the path of the compiled helper, compiling it (statically when libc.a is there) if needed. */
export async function buildHelper(cacheDir: string, name: HelperName): Promise<string> {
  const target = await compileHelper(cacheDir, name);
  await assertOnlyOwnerWrites(target);
  return target;
}

async function compileHelper(cacheDir: string, name: HelperName): Promise<string> {
  const { c, h } = SOURCES[name];
  const sourcePaths = c.map((f) => fileURLToPath(new URL(`./${f}`, import.meta.url)));
  const digest = createHash('sha256');
  for (const f of [...c, ...h]) digest.update(f).update(await readFile(fileURLToPath(new URL(`./${f}`, import.meta.url))));
  const hash = digest.digest('hex').slice(0, 12);
  await mkdir(cacheDir, { recursive: true, mode: 0o755 });
  // The sandbox uid resolves the bind source itself, so the cache must be world-traversable.
  await chmod(cacheDir, 0o755);
  const target = path.join(cacheDir, `oj-${name}-${hash}`);
  try {
    await access(target);
    return target;
  } catch {
    // not built yet
  }
  // Several runners may start at once: build under a private name, then rename atomically.
  const tmp = `${target}.${process.pid}.tmp`;
  try {
    await run('gcc', ['-O2', '-static', '-o', tmp, ...sourcePaths]);
  } catch {
    await run('gcc', ['-O2', '-o', tmp, ...sourcePaths]);
  }
  await chmod(tmp, 0o755);
  await rename(tmp, target).catch(async (e: unknown) => {
    await rm(tmp, { force: true });
    throw e;
  });
  return target;
}
