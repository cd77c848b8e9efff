// Judge modes of a job: default (HOJ's comparison, a built-in checker of `checker`, or the ICPC default output
// validator when the job carries validatorFlags), spj (a checker in the sandbox — C/C++ or any language of the runner,
// testlib or Kattis protocol — or a JavaScript one in isolated-vm) and interactive (an interactor beside the program,
// in the same languages and protocols). Prepares what a
// mode needs once per submission (the checker compiled once per problem version and cached on disk), and file IO
// (program reads and writes files in /w instead of stdin/stdout).
import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isCheckerOnlyProtocol, isJavaScriptChecker, type JudgeJob } from '@oj/proto';
import { builtinChecker } from './builtin-checkers';
import { defaultValidator, parseValidatorFlags } from './default-validator';
import { compiledHelper, helperBox, type HelperProgram } from './helper-programs';
import { createJsChecker } from './js-checker';
import { kattisBox, kattisChecker } from './kattis-validator';
import type { ReadonlyBind, Sandbox } from './sandbox/types';
import type { LanguageDef } from './languages';
import { testlibChecker, type Checker } from './special-judge';

export interface PreparedMode {
  /** spj (and default with validator flags): decides each case. */
  checker: Checker | null;
  /** interactive: the interactor and its /w (the program, judge extra files, data/). */
  interactor: { box: string; helper: HelperProgram } | null;
  /** Where checkers and interactors run: never the slot's own sandbox, whose cgroups a warm sandbox may hold. */
  helperSandbox: Sandbox;
  close(): Promise<void>;
}

/** The problem's checker / interactor, ready to run; `{ ok: false }` (System Error) when it cannot be built. */
export async function prepareJudgeMode(
  job: JudgeJob,
  opts: { sandbox: Sandbox; helperSandbox?: Sandbox; languages: readonly LanguageDef[]; workRoot: string; dir: string; io: string },
): Promise<{ ok: true; mode: PreparedMode } | { ok: false; message: string }> {
  const p = job.problem;
  const helperSandbox = opts.helperSandbox ?? opts.sandbox;
  const none: PreparedMode = { checker: null, interactor: null, helperSandbox, close: async () => {} };
  if (p.judgeMode === 'default') {
    if (p.validatorFlags === undefined) return { ok: true, mode: { ...none, checker: builtinChecker(p) } };
    const parsed = parseValidatorFlags(p.validatorFlags);
    return parsed.ok ? { ok: true, mode: { ...none, checker: defaultValidator(parsed.flags) } } : parsed;
  }
  const language = p.spjLanguage ?? '';
  const code = p.spjCode ?? '';
  const kattis = p.checkerProtocol === 'kattis';
  if (!code.trim()) return { ok: false, message: `the problem's ${p.judgeMode === 'spj' ? 'checker' : 'interactor'} has no code` };
  const protocol = p.checkerProtocol ?? 'testlib';
  if (kattis && isJavaScriptChecker(language)) return { ok: false, message: 'Kattis validators cannot be JavaScript checkers (isolated-vm)' };
  if (isCheckerOnlyProtocol(protocol) && (p.judgeMode !== 'spj' || isJavaScriptChecker(language))) {
    return { ok: false, message: `a ${protocol.toUpperCase()} special judge is a compiled checker, not an interactor nor a JavaScript checker` };
  }
  if (p.judgeMode === 'spj' && isJavaScriptChecker(language)) {
    const js = await createJsChecker(code, p.judgeExtraFile);
    return js.ok ? { ok: true, mode: { ...none, checker: js.checker, close: () => js.checker.close() } } : js;
  }
  const kind = p.judgeMode === 'spj' ? 'spj' : 'interactive';
  const cacheRoot = path.join(opts.workRoot, '.helpers');
  await mkdir(cacheRoot, { recursive: true, mode: 0o711 });
  await chmod(cacheRoot, 0o711);
  const compiled = await compiledHelper({ kind, language, code, extraFiles: p.judgeExtraFile }, { sandbox: opts.sandbox, cacheRoot, scratch: opts.dir, languages: opts.languages });
  if (!compiled.ok) return compiled;
  const { helper } = compiled;
  const box = path.join(opts.dir, `${kind}-box`);
  await mkdir(box, { mode: 0o700 });
  if (kind === 'spj') {
    const checker = kattis
      ? await kattisChecker({ sandbox: helperSandbox, helper, box, dir: opts.dir, io: opts.io, problem: p })
      : await testlibChecker({ sandbox: helperSandbox, helper, box, io: opts.io, problem: p, protocol: protocol === 'kattis' ? 'testlib' : protocol });
    return { ok: true, mode: { ...none, checker, close: () => checker.close() } };
  }
  if (kattis) await kattisBox(box, helper, 'interactive', p);
  else await helperBox(box, helper, 'interactive', p.judgeExtraFile);
  return { ok: true, mode: { ...none, interactor: { box, helper } } };
}

/** File IO names are plain file names in /w, distinct from each other and from the program's own files. */
export function checkFileIoNames(problem: JudgeJob['problem'], boxEntries: readonly string[]): { read: string; write: string } {
  const read = problem.ioReadFileName ?? '';
  const write = problem.ioWriteFileName ?? '';
  const ok = (n: string) => /^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,127}$/.test(n) && !boxEntries.includes(n);
  if (!ok(read) || !ok(write) || read === write) throw new Error(`file IO names not allowed: ${JSON.stringify([read, write])}`);
  return { read, write };
}

/**
 * A file IO case: a fresh writable /w holding the case's input under `read`, with the program's files (compiled
 * program, user extra files) bound read-only into it, so nothing written survives the case. Returns the run's
 * workDir, binds and the file the program's output is read from.
 */
export async function fileIoCase(opts: { box: string; dir: string; index: number; inputFile: string; problem: JudgeJob['problem'] }): Promise<{ workDir: string; readonlyBinds: ReadonlyBind[]; outputFile: string }> {
  const entries = await readdir(opts.box);
  const { read, write } = checkFileIoNames(opts.problem, entries);
  const workDir = path.join(opts.dir, `fileio-${opts.index}`);
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { mode: 0o700 });
  await copyFile(opts.inputFile, path.join(workDir, read));
  await chmod(path.join(workDir, read), 0o644);
  return {
    workDir,
    readonlyBinds: entries.map((e) => ({ host: path.join(opts.box, e), sandbox: `/w/${e}` })),
    outputFile: path.join(workDir, write),
  };
}

/**
 * Reads a file the sandboxed program wrote (file IO), as root: never through a symlink or into a FIFO or device
 * the program may have put there. A missing or non-regular file reads as empty output.
 */
export async function readProgramFile(file: string): Promise<string> {
  const fh = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (!fh) return '';
  try {
    if (!(await fh.stat()).isFile()) return '';
    return await fh.readFile('utf8');
  } finally {
    await fh.close();
  }
}
