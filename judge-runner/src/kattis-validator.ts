// Kattis-protocol output validators (ICPC problem package format): compiled like the testlib checkers (C/C++ or any
// language of the runner) and run in the same helper sandbox as
// `<validator> /w/data/input /w/data/answer /w/feedback/ [validator flags]` (a C/C++ one as /w/validator) with the
// program's output as stdin. Exit 42 is Accepted, 43 Wrong Answer; any other exit, a signal or a blown limit is
// System Error (the problem's fault). The message is the first KiB of feedback/judgemessage.txt, else of stderr,
// else of stdout. score.txt and the other feedback files are ignored.
//
// Each case gets a fresh writable /w (the feedback dir lives there) into which the validator's files — its
// binary, the judge extra files and data/ — are bound read-only; it is deleted after the case. The runner reads
// the feedback as root, so it never follows a link the validator left (fresh dir checked with lstat, file opened
// O_NOFOLLOW, regular files only); by then nothing of the sandbox is running.
import { constants } from 'node:fs';
import { chmod, copyFile, lstat, mkdir, open, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JudgeStatus, type JudgeJob } from '@oj/proto';
import { checkExtraFileNames, helperBox, helperRun, type HelperProgram } from './helper-programs';
import { readHead } from './read-head';
import type { ReadonlyBind, RunResult, RunSpec, Sandbox } from './sandbox/types';
import { CHECKER_MESSAGE_MAX, helperLimits, type Checker, type CheckerOutcome } from './special-judge';
import { signalName } from './verdict';

export const KATTIS_ACCEPTED = 42;
export const KATTIS_WRONG_ANSWER = 43;
/** The feedback dir as the validator sees it (with the trailing slash some validators concatenate onto). */
export const FEEDBACK_IN_SANDBOX = '/w/feedback/';

/** The validator's extra arguments: problem.yaml's `validator_flags`, split on whitespace. */
export function validatorArgs(problem: Pick<JudgeJob['problem'], 'validatorFlags'>): string[] {
  return (problem.validatorFlags ?? '').split(/\s+/).filter(Boolean);
}

/** How a Kattis validator ended, when it did not say 42 or 43 cleanly; null when it did. */
export function validatorFailure(r: RunResult): string | null {
  if (r.cpuExceeded || r.wallExceeded) return 'time limit exceeded';
  if (r.memoryExceeded) return 'memory limit exceeded';
  if (r.outputExceeded) return 'output limit exceeded';
  if (r.signal !== null) return `killed by ${signalName(r.signal)}`;
  if (r.exitCode !== KATTIS_ACCEPTED && r.exitCode !== KATTIS_WRONG_ANSWER) return `exited with code ${r.exitCode}`;
  return null;
}

const cut = (s: string) => (s.length > CHECKER_MESSAGE_MAX ? s.slice(0, CHECKER_MESSAGE_MAX) : s);

/** The case's verdict from an output validator's run. */
export function kattisVerdict(r: RunResult, message: string, who: 'validator' | 'interactive validator' = 'validator'): CheckerOutcome {
  const text = cut(message.trim());
  const failure = validatorFailure(r);
  if (failure !== null) return { status: JudgeStatus.SYSTEM_ERROR, message: cut(`${who} ${failure}${text ? `: ${text}` : ''}`) };
  const status = r.exitCode === KATTIS_ACCEPTED ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER;
  return text ? { status, message: text } : { status };
}

/** A fresh writable /w for one validator run: the box's entries bound read-only, and an empty feedback dir. */
export async function validatorCaseDir(box: string, dir: string, name: string): Promise<{ workDir: string; readonlyBinds: ReadonlyBind[] }> {
  const workDir = path.join(dir, name);
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { mode: 0o700 });
  // The driver hands workDir (0700) to the sandbox uid; feedback/ inside it must be writable by that uid too.
  await mkdir(path.join(workDir, 'feedback'));
  await chmod(path.join(workDir, 'feedback'), 0o777);
  const entries = await readdir(box);
  return { workDir, readonlyBinds: entries.map((e) => ({ host: path.join(box, e), sandbox: `/w/${e}` })) };
}

/** The first KiB of feedback/judgemessage.txt in a validator's /w; '' when there is none (or it is not a plain file). */
export async function readJudgeMessage(workDir: string): Promise<string> {
  const feedback = path.join(workDir, 'feedback');
  const st = await lstat(feedback).catch(() => null);
  if (!st?.isDirectory()) return '';
  const fh = await open(path.join(feedback, 'judgemessage.txt'), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (!fh) return '';
  try {
    if (!(await fh.stat()).isFile()) return '';
    const buf = Buffer.alloc(CHECKER_MESSAGE_MAX);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await fh.close();
  }
}

/** The message of a validator run: judgemessage.txt, else its stderr, else its stdout. */
export async function validatorMessage(workDir: string, stderrFile: string, stdoutFile?: string): Promise<string> {
  const judge = (await readJudgeMessage(workDir)).trim();
  if (judge) return judge;
  const err = (await readHead(stderrFile, CHECKER_MESSAGE_MAX, '')).trim();
  if (err || !stdoutFile) return err;
  return (await readHead(stdoutFile, CHECKER_MESSAGE_MAX, '')).trim();
}

/** Lays out a Kattis helper's box (the helper as `name`, judge extra files, data/), traversable by the sandbox uid. */
export async function kattisBox(box: string, helper: HelperProgram, name: string, problem: JudgeJob['problem']): Promise<void> {
  checkExtraFileNames(problem.judgeExtraFile, ['feedback']);
  await helperBox(box, helper, name, problem.judgeExtraFile);
  // Bound into each case's /w rather than mounted as /w: the sandbox uid must reach it (the submission dir is 0711).
  await chmod(box, 0o711);
}

/** The run of an output validator: its fresh /w writable, its files bound read-only in it, the output as stdin. */
export function validatorSpec(o: { helper: HelperProgram; workDir: string; readonlyBinds: ReadonlyBind[]; problem: JudgeJob['problem']; userOutputFile: string; stdoutFile: string; stderrFile: string }): RunSpec {
  return {
    ...helperRun(o.helper, 'validator', ['/w/data/input', '/w/data/answer', FEEDBACK_IN_SANDBOX, ...validatorArgs(o.problem)], helperLimits(o.problem)),
    workDir: o.workDir,
    writableWorkDir: true,
    readonlyBinds: o.readonlyBinds,
    stdinFile: o.userOutputFile,
    stdoutFile: o.stdoutFile,
    stderrFile: o.stderrFile,
  };
}

/** A compiled Kattis output validator, run in `sandbox` with `box` holding its files. */
export async function kattisChecker(opts: { sandbox: Sandbox; helper: HelperProgram; box: string; dir: string; io: string; problem: JudgeJob['problem'] }): Promise<Checker> {
  const { sandbox, box, io, problem } = opts;
  await kattisBox(box, opts.helper, 'validator', problem);
  const data = path.join(box, 'data');
  return {
    async check(c) {
      await copyFile(c.inputFile, path.join(data, 'input'));
      await writeFile(path.join(data, 'answer'), c.answer);
      for (const f of ['input', 'answer']) await chmod(path.join(data, f), 0o644);
      const caseDir = await validatorCaseDir(box, opts.dir, `validator-${c.index}`);
      const spec = validatorSpec({ ...caseDir, helper: opts.helper, problem, userOutputFile: c.userOutputFile, stdoutFile: path.join(io, `${c.index}.validator.out`), stderrFile: path.join(io, `${c.index}.validator.err`) });
      try {
        const r = await sandbox.run(spec);
        return kattisVerdict(r, await validatorMessage(caseDir.workDir, spec.stderrFile, spec.stdoutFile));
      } finally {
        await rm(caseDir.workDir, { recursive: true, force: true });
      }
    },
    async close() {},
  };
}
