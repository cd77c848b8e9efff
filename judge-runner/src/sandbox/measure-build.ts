// Builds the in-sandbox measuring helper (measure.c) once per source version into a cache directory.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, chmod, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SOURCE = fileURLToPath(new URL('./measure.c', import.meta.url));

/** Returns the path of the compiled helper, compiling it (statically when libc.a is there) if needed. */
export async function buildMeasureHelper(cacheDir: string): Promise<string> {
  const source = await readFile(SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
  await mkdir(cacheDir, { recursive: true, mode: 0o755 });
  // The sandbox uid resolves the bind source itself, so the cache must be world-traversable.
  await chmod(cacheDir, 0o755);
  const target = path.join(cacheDir, `oj-measure-${hash}`);
  try {
    await access(target);
    return target;
  } catch {
    // not built yet
  }
  // Several runners may start at once: build under a private name, then rename atomically.
  const tmp = `${target}.${process.pid}.tmp`;
  try {
    await run('gcc', ['-O2', '-static', '-o', tmp, SOURCE]);
  } catch {
    await run('gcc', ['-O2', '-o', tmp, SOURCE]);
  }
  await chmod(tmp, 0o755);
  await rename(tmp, target).catch(async (e: unknown) => {
    await rm(tmp, { force: true });
    throw e;
  });
  return target;
}
