// Checkers and interactors ("helpers"): compiled in the sandbox once per (kind, language, code, judge extra files) and
// kept on the runner's disk under `<work dir>/.helpers/<sha256>/`, so a problem version is compiled once however many
// submissions and slots judge it. C and C++ helpers are built with HOJ's SPJ commands into one binary; a helper in any
// other language of the runner (Python, Java, Go, Rust, C#, PHP, Ruby, …) is built with that language's own compile
// step and run with its own run command, the compiled work dir kept whole. Judge extra files (testlib.h, …) are in
// /w when compiling and running; the user's program never sees any of it.
import { createHash, randomBytes } from 'node:crypto';
import { access, chmod, copyFile, lstat, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compileFailure, compileRunSpec, missingArtifact } from './compile-step';
import type { LanguageDef } from './languages';
import { readHead } from './read-head';
import type { Limits, RunSpec, Sandbox } from './sandbox/types';
import { ETC_RUNTIME } from './sandbox/types';

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

/** A built helper: a C/C++ binary, or the compiled work dir of a program in one of the runner's languages. */
export type HelperProgram = { kind: 'native'; binary: string } | { kind: 'language'; dir: string; lang: LanguageDef };

export type CompiledHelper = { ok: true; helper: HelperProgram } | { ok: false; message: string };

export function helperHash(src: HelperSource): string {
  const h = createHash('sha256');
  h.update(`${src.kind}\0${src.language}\0${src.code.length}\0${src.code}\0`);
  for (const [name, content] of Object.entries(src.extraFiles ?? {}).sort(([a], [b]) => a.localeCompare(b))) h.update(`${name}\0${content.length}\0${content}\0`);
  return h.digest('hex');
}

const exists = (f: string) => access(f).then(() => true, () => false);

/** The names a helper takes in its /w: the binary under `name`, or the files of its compiled work dir. */
async function helperNames(helper: HelperProgram, name: string): Promise<string[]> {
  return helper.kind === 'native' ? [name] : readdir(helper.dir);
}

/** Copies regular files and directories only (a link or FIFO the compile left is dropped), root-owned, no set-id bits. */
async function copyTree(from: string, to: string): Promise<void> {
  const st = await lstat(from);
  if (st.isDirectory()) {
    await mkdir(to, { mode: 0o755 });
    await chmod(to, 0o755);
    for (const entry of await readdir(from)) await copyTree(path.join(from, entry), path.join(to, entry));
  } else if (st.isFile()) {
    await copyFile(from, to);
    await chmod(to, st.mode & 0o111 ? 0o755 : 0o644);
  }
}

/**
 * The sandbox layout of a helper program: the helper in /w (a binary as /w/`name`), the judge extra files beside it,
 * and an empty `data/` for a case's files.
 */
export async function helperBox(box: string, helper: HelperProgram, name: string, extraFiles: Record<string, string> | undefined): Promise<void> {
  checkExtraFileNames(extraFiles, [name, 'data', ...(await helperNames(helper, name))]);
  await mkdir(path.join(box, 'data'), { recursive: true, mode: 0o755 });
  if (helper.kind === 'native') {
    await copyFile(helper.binary, path.join(box, name));
    await chmod(path.join(box, name), 0o755);
  } else {
    for (const entry of await readdir(helper.dir)) await copyTree(path.join(helper.dir, entry), path.join(box, entry));
  }
  await writeExtraFiles(box, extraFiles);
}

/**
 * How a helper laid out by `helperBox` runs (no stdio): its command and then `args`, its runtime's environment and
 * /etc entries; `limits` are the helper limits, with the processes its runtime needs.
 */
export function helperRun(helper: HelperProgram, name: string, args: readonly string[], limits: Limits): Pick<RunSpec, 'argv' | 'env' | 'etc' | 'addressSpaceLimit' | 'limits'> {
  if (helper.kind === 'native') return { argv: [`/w/${name}`, ...args], etc: ETC_RUNTIME, limits };
  const { lang } = helper;
  const argv = [...lang.run({ memoryMb: Math.floor(limits.memoryKb / 1024), stackMb: Math.floor(limits.stackKb / 1024) }), ...args];
  return { argv, env: lang.env, etc: lang.runEtc, addressSpaceLimit: lang.addressSpaceLimit, limits: { ...limits, processes: Math.max(limits.processes, lang.runProcesses) } };
}

/** Compilations under way or failed in this process, by hash (failures are not retried until the code changes). */
const inFlight = new Map<string, Promise<CompiledHelper>>();

export interface HelperBuildOptions {
  sandbox: Sandbox;
  /** `<work dir>/.helpers`. */
  cacheRoot: string;
  /** A fresh directory of this submission to compile in. */
  scratch: string;
  /** The runner's languages (a helper in another language than C/C++ is built and run as that language). */
  languages: readonly LanguageDef[];
}

/** The cached helper, compiling it first when needed. A compile failure is the problem's fault: `{ ok: false }`. */
export function compiledHelper(src: HelperSource, opts: HelperBuildOptions): Promise<CompiledHelper> {
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

const who = (kind: HelperKind) => (kind === 'spj' ? 'checker' : 'interactor');

async function compile(src: HelperSource, hash: string, opts: HelperBuildOptions): Promise<CompiledHelper> {
  const cc = helperCompiler(src.language);
  if (cc) return compileNative(src, hash, cc, opts);
  const lang = opts.languages.find((l) => l.name === src.language);
  if (!lang) return { ok: false, message: `${who(src.kind)} language not available on this runner: ${src.language}` };
  return compileInLanguage(src, hash, lang, opts);
}

/** The scratch build dir with the helper's source and the judge extra files. */
async function buildDir(src: HelperSource, opts: HelperBuildOptions, source: string, reserved: readonly string[]): Promise<string> {
  checkExtraFileNames(src.extraFiles, [source, ...reserved]);
  const build = path.join(opts.scratch, `build-${src.kind}`);
  await rm(build, { recursive: true, force: true });
  await mkdir(build, { recursive: true, mode: 0o700 });
  await writeFile(path.join(build, source), src.code);
  await writeExtraFiles(build, src.extraFiles);
  return build;
}

async function compileNative(src: HelperSource, hash: string, cc: HelperCompiler, opts: HelperBuildOptions): Promise<CompiledHelper> {
  const dir = path.join(opts.cacheRoot, hash);
  const binary = path.join(dir, src.kind);
  if (await exists(binary)) return { ok: true, helper: { kind: 'native', binary } };
  const source = `${src.kind}.${cc.compiler === 'gcc' ? 'c' : 'cpp'}`;
  const build = await buildDir(src, opts, source, [src.kind]);
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
    return { ok: false, message: `${who(src.kind)} compile error (${why})${text ? `\n${text}` : ''}` };
  }
  // Publish atomically: another slot may be compiling the same helper.
  await mkdir(dir, { recursive: true, mode: 0o711 });
  const tmp = `${binary}.${randomBytes(4).toString('hex')}`;
  await copyFile(path.join(build, src.kind), tmp);
  await chmod(tmp, 0o755);
  await rename(tmp, binary);
  await rm(build, { recursive: true, force: true });
  return { ok: true, helper: { kind: 'native', binary } };
}

async function compileInLanguage(src: HelperSource, hash: string, lang: LanguageDef, opts: HelperBuildOptions): Promise<CompiledHelper> {
  const dir = path.join(opts.cacheRoot, hash, 'files');
  if (await exists(dir)) return { ok: true, helper: { kind: 'language', dir, lang } };
  const build = await buildDir(src, opts, lang.sourceFile, ['data', 'feedback']);
  if (lang.compile) {
    const log = path.join(opts.scratch, `build-${src.kind}.log`);
    const r = await opts.sandbox.run(compileRunSpec(lang, lang.compile, build, log));
    const message = compileFailure(r, await readHead(log, MESSAGE_MAX, '')) ?? (await missingArtifact(lang, build));
    if (message !== null) return { ok: false, message: `${who(src.kind)} compile error\n${message}` };
  }
  // The judge extra files are laid beside the helper for each run (helperBox), not kept with it.
  for (const name of Object.keys(src.extraFiles ?? {})) await rm(path.join(build, name), { force: true });
  await mkdir(path.dirname(dir), { recursive: true, mode: 0o711 });
  const tmp = `${dir}.${randomBytes(4).toString('hex')}`;
  await copyTree(build, tmp);
  await rename(tmp, dir).catch(async (e: NodeJS.ErrnoException) => {
    // Another slot published the same helper first.
    await rm(tmp, { recursive: true, force: true });
    if (e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') throw e;
  });
  await rm(build, { recursive: true, force: true });
  return { ok: true, helper: { kind: 'language', dir, lang } };
}
