// Checkers and interactors written in C or C++: compiled in the sandbox once per (kind, language, code, judge extra
// files), the binary kept on the runner's disk under `<work dir>/.helpers/<sha256>/`, so a problem version is compiled
// once however many submissions and slots judge it. Judge extra files (testlib.h, …) are in /w when compiling and
// running; the user's program never sees them.
import { createHash, randomBytes } from 'node:crypto';
import { access, chmod, copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sandbox } from './sandbox/types';
import { readHead } from './read-head';

export type HelperKind = 'spj' | 'interactive';

interface HelperCompiler {
  compiler: 'gcc' | 'g++';
  std: string;
  cpuMs: number;
  wallMs: number;
}

const MB = 1024 * 1024;
/** Compile limits of SPJ-C / SPJ-C++: 10 s / 20 s / 512 MB for C, 15 s / 30 s / 512 MB for C++. */
const HELPER_COMPILE_MEMORY_MB = 512;
const HELPER_COMPILE_OUTPUT = 16 * MB;
const MESSAGE_MAX = 4096;

/** The compiler of a checker written in `language` (any C-family name), or null when it is not C/C++. */
export function helperCompiler(language: string): HelperCompiler | null {
  if (language.startsWith('C++')) {
    const std = language.startsWith('C++ 20') ? 'c++20' : language.startsWith('C++ 17') ? 'c++17' : 'c++14';
    return { compiler: 'g++', std, cpuMs: 15_000, wallMs: 30_000 };
  }
  if (language === 'C' || language.startsWith('C ')) return { compiler: 'gcc', std: 'c11', cpuMs: 10_000, wallMs: 20_000 };
  return null;
}

/** Judge extra file names are plain names in /w: no path, no dot files, not the helper's own files. */
export function checkExtraFileNames(files: Record<string, string> | undefined, reserved: readonly string[]): void {
  for (const name of Object.keys(files ?? {})) {
    if (!/^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,127}$/.test(name) || reserved.includes(name)) throw new Error(`extra file name not allowed: ${JSON.stringify(name)}`);
  }
}

export async function writeExtraFiles(dir: string, files: Record<string, string> | undefined): Promise<void> {
  for (const [name, content] of Object.entries(files ?? {})) await writeFile(path.join(dir, name), content, { mode: 0o644 });
}

export interface HelperSource {
  kind: HelperKind;
  language: string;
  code: string;
  extraFiles?: Record<string, string>;
}

export type CompiledHelper = { ok: true; binary: string } | { ok: false; message: string };

export function helperHash(src: HelperSource): string {
  const h = createHash('sha256');
  h.update(`${src.kind}\0${src.language}\0${src.code.length}\0${src.code}\0`);
  for (const [name, content] of Object.entries(src.extraFiles ?? {}).sort(([a], [b]) => a.localeCompare(b))) h.update(`${name}\0${content.length}\0${content}\0`);
  return h.digest('hex');
}

const exists = (f: string) => access(f).then(() => true, () => false);


/** Compilations under way or failed in this process, by hash (failures are not retried until the code changes). */
const inFlight = new Map<string, Promise<CompiledHelper>>();

/**
 * The cached binary of a helper, compiling it first when needed. `cacheRoot` is `<work dir>/.helpers`; `scratch` a
 * fresh directory of this submission to compile in. A compile failure is the problem's fault: `{ ok: false }`.
 */
export function compiledHelper(src: HelperSource, opts: { sandbox: Sandbox; cacheRoot: string; scratch: string }): Promise<CompiledHelper> {
  const hash = helperHash(src);
  let p = inFlight.get(hash);
  if (!p) {
    p = compile(src, hash, opts);
    inFlight.set(hash, p);
    // Successes are found on disk next time; keep failures memoised, drop infrastructure faults.
    p.then((r) => r.ok && inFlight.delete(hash), () => inFlight.delete(hash));
  }
  return p;
}

async function compile(src: HelperSource, hash: string, opts: { sandbox: Sandbox; cacheRoot: string; scratch: string }): Promise<CompiledHelper> {
  const cc = helperCompiler(src.language);
  if (!cc) return { ok: false, message: `checker language not supported: ${src.language}` };
  const dir = path.join(opts.cacheRoot, hash);
  const binary = path.join(dir, src.kind);
  if (await exists(binary)) return { ok: true, binary };

  const source = `${src.kind}.${cc.compiler === 'gcc' ? 'c' : 'cpp'}`;
  checkExtraFileNames(src.extraFiles, [source, src.kind]);
  const build = path.join(opts.scratch, `build-${src.kind}`);
  await mkdir(build, { recursive: true, mode: 0o700 });
  await writeFile(path.join(build, source), src.code);
  await writeExtraFiles(build, src.extraFiles);
  const log = path.join(opts.scratch, `build-${src.kind}.log`);
  const argv = [`/usr/bin/${cc.compiler}`, '-DONLINE_JUDGE', '-O2', '-w', '-fmax-errors=3', `-std=${cc.std}`, source, '-lm', '-o', src.kind];
  const r = await opts.sandbox.run({
    argv,
    workDir: build,
    writableWorkDir: true,
    stdoutFile: log,
    stderrFile: log,
    limits: { cpuMs: cc.cpuMs, wallMs: cc.wallMs, memoryKb: HELPER_COMPILE_MEMORY_MB * 1024, outputBytes: HELPER_COMPILE_OUTPUT, processes: 32, stackKb: 65536 },
  });
  const text = (await readHead(log, MESSAGE_MAX, '')).trim();
  if (r.exitCode !== 0 || r.cpuExceeded || r.wallExceeded || r.memoryExceeded || r.outputExceeded || !(await exists(path.join(build, src.kind)))) {
    const why = r.cpuExceeded || r.wallExceeded ? 'time limit exceeded' : r.memoryExceeded ? 'memory limit exceeded' : r.outputExceeded ? 'output limit exceeded' : `exit ${r.exitCode ?? `signal ${r.signal}`}`;
    return { ok: false, message: `${src.kind === 'spj' ? 'checker' : 'interactor'} compile error (${why})${text ? `\n${text}` : ''}` };
  }
  // Publish atomically: another slot may be compiling the same helper.
  await mkdir(dir, { recursive: true, mode: 0o711 });
  const tmp = `${binary}.${randomBytes(4).toString('hex')}`;
  await copyFile(path.join(build, src.kind), tmp);
  await chmod(tmp, 0o755);
  await rename(tmp, binary);
  await rm(build, { recursive: true, force: true });
  return { ok: true, binary };
}
