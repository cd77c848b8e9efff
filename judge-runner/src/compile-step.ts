// The compile step of a submission: the language's compiler in the sandbox under its compile limits, or a compile
// already done (compile-cache.ts). Whatever the compiler refuses is Compile Error with its message: a non-zero exit,
// a blown limit, a signal — and a compile that "succeeds" without leaving the program the run step starts (Go's
// archive of a non-main package, Rust's rlib of a library crate, Java without a class Main), which would otherwise
// fail at exec time as a System Error or at run time as a Runtime Error.
import { constants } from 'node:fs';
import { open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { CompileAssets } from './compile-assets';
import type { CompileCache } from './compile-cache';
import { compileArgv, type LanguageDef } from './languages';
import { readHead } from './read-head';
import type { ReadonlyBind, RunResult, RunSpec, Sandbox } from './sandbox/types';
import { signalName } from './verdict';

/** Compiler messages shown to the user are cut to this many characters. */
export const COMPILE_MESSAGE_MAX = 4096;

const cut = (s: string) => (s.length > COMPILE_MESSAGE_MAX ? `${s.slice(0, COMPILE_MESSAGE_MAX)}\n...` : s);

/** The Compile Error message of a compiler run, or null when the compiler succeeded. */
export function compileFailure(r: RunResult, output: string): string | null {
  const text = output.trim();
  if (r.outputExceeded) return cut(`Compiler output limit exceeded\n${text}`);
  if (r.memoryExceeded) return cut(`Compile memory limit exceeded\n${text}`);
  if (r.cpuExceeded || r.wallExceeded) return cut(`Compile time limit exceeded\n${text}`);
  if (r.signal !== null) return cut(`Compiler killed by ${signalName(r.signal)}\n${text}`);
  if (r.exitCode !== 0) return cut(text || `Compiler exited with code ${r.exitCode}`);
  return null;
}

const ELF_MAGIC = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);

/**
 * Why the compile left no runnable program in `box` (the language's `artifact`), or null when it did. The file was
 * written by the sandbox uid: it is read as root without following a link or blocking on a FIFO.
 */
export async function missingArtifact(lang: LanguageDef, box: string): Promise<string | null> {
  const artifact = lang.artifact;
  if (!artifact) return null;
  const fh = await open(path.join(box, artifact.file), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (!fh) return artifact.missing;
  try {
    const st = await fh.stat();
    if (!st.isFile()) return artifact.missing;
    if (!artifact.executable) return null;
    const head = Buffer.alloc(4);
    const { bytesRead } = await fh.read(head, 0, 4, 0);
    return (st.mode & 0o111) !== 0 && bytesRead === 4 && head.equals(ELF_MAGIC) ? null : artifact.missing;
  } finally {
    await fh.close();
  }
}

/** The language's compiler message with its hint, when the language has one for it. */
function withHint(lang: LanguageDef, message: string): string {
  const hint = lang.compileHint?.(message);
  return hint ? `${message}\n${hint}` : message;
}

/**
 * The sandbox run of a compile of `lang`: `argv` in `workDir` (a writable /w), both output streams into `log`, under
 * the language's compile limits, with `binds` read-only (its compile assets).
 */
export function compileRunSpec(lang: LanguageDef, argv: string[], workDir: string, log: string, binds?: ReadonlyBind[]): RunSpec {
  const l = lang.compileLimits;
  return {
    argv,
    workDir,
    writableWorkDir: true,
    stdoutFile: log,
    stderrFile: log,
    limits: { cpuMs: l.cpuMs, wallMs: l.wallMs, memoryKb: l.memoryMb * 1024, outputBytes: l.outputBytes, processes: l.processes, stackKb: 65536 },
    env: lang.env,
    addressSpaceLimit: lang.addressSpaceLimit,
    ...(binds ? { readonlyBinds: binds } : {}),
  };
}

/** Whether a compile was ended by one of its limits (rather than by the compiler's own verdict). */
const limited = (r: RunResult) => r.cpuExceeded || r.wallExceeded || r.memoryExceeded || r.outputExceeded;

/**
 * Compiles the source already written in `box` (the sandbox's /w), or restores the same compile from `cache`.
 * Resolves with the Compile Error message, or null when the program is ready to run. Infrastructure faults throw.
 *
 * The compile runs with the language's savings (a faster linker; its compile assets when ready: precompiled headers,
 * javac's archive). They never change what compiles: a compile that fails with them — other than by a limit, which
 * the plain command would pass later still — is compiled again with the plain command, whose verdict and message
 * are the ones given (gcc names other include chains with a precompiled header, gold words link errors otherwise).
 */
export async function compileProgram(opts: {
  lang: LanguageDef;
  code: string;
  box: string;
  io: string;
  sandbox: Sandbox;
  cache?: CompileCache;
  assets?: CompileAssets;
  /**
   * Takes the cache's copy of this compile off the verdict's path: the caller runs it once the verdict is out (the
   * runs never write /w). Without it the copy is made before answering.
   */
  later?: (work: () => Promise<void>) => void;
}): Promise<string | null> {
  const { lang, box, cache } = opts;
  if (!lang.compile) return null;
  const cacheKey = cache ? await cache.key(lang, opts.code) : null;
  const cached = cache && cacheKey ? await cache.restore(cacheKey, box) : null;
  if (cached) return cached.ok ? null : cached.message;
  const out = path.join(opts.io, 'compile.out');
  const run = (argv: string[], use: { bind: ReadonlyBind } | null) => opts.sandbox.run(compileRunSpec(lang, argv, box, out, use ? [use.bind] : undefined));
  const use = opts.assets?.forLanguage(lang) ?? null;
  const fast = compileArgv(lang, use?.args)!;
  const before = fast === lang.compile ? null : new Set(await readdir(box));
  const output = () => readHead(out, COMPILE_MESSAGE_MAX + 1024);
  // The assets may have just been replaced by another runner (their bind then fails): compiled without.
  let r = await run(fast, use).catch((err: unknown) => {
    if (use) return null;
    throw err;
  });
  let failed = r && compileFailure(r, await output());
  if (!r || (failed !== null && before && !limited(r))) {
    // What the failed compile left is removed first: the plain compile starts from the same /w.
    for (const name of await readdir(box)) if (!before?.has(name)) await rm(path.join(box, name), { recursive: true, force: true });
    r = await run(lang.compile, null);
    failed = compileFailure(r, await output());
  }
  const message = failed !== null ? withHint(lang, failed) : await missingArtifact(lang, box);
  // A compile ended by a limit is not kept: the same source may pass on a less loaded machine.
  if (cache && cacheKey && !limited(r) && r.signal === null) {
    const keep = () => cache.store(cacheKey, box, message === null ? { ok: true } : { ok: false, message });
    if (opts.later) opts.later(keep);
    else await keep();
  }
  return message;
}
