// Interactive problems: the interactor and the user's program run at the same time, each in its own sandbox (the
// interactor as the slot's helper uid, in its own cgroups) and under its own limits, connected by two pipes: the
// interactor's stdout is the program's stdin and the program's stdout the interactor's stdin. A testlib interactor
// runs as `/w/interactive <std_input> <user_output> <std_output>` (user_output is /tmp/user_output, its own scratch
// file) and decides the verdict with the special judge's exit codes; a Kattis one (checkerProtocol `kattis`) as
// `/w/interactive <std_input> <std_output> /w/feedback/ [validator flags]` in a fresh writable /w per case, with exit
// 42 / 43. How the two runs make the case's verdict: interactive-verdict.ts.
import { spawnSync } from 'node:child_process';
import { chmod, copyFile, rm, writeFile } from 'node:fs/promises';
import { closeSync, constants, openSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { JudgeJob } from '@oj/proto';
import { helperRun, type HelperProgram } from './helper-programs';
import type { RunResult, RunSpec, Sandbox } from './sandbox/types';
import { readHead } from './read-head';
import { kattisInteractiveVerdict, testlibInteractiveVerdict } from './interactive-verdict';
import { FEEDBACK_IN_SANDBOX, validatorArgs, validatorCaseDir, validatorMessage } from './kattis-validator';
import { CHECKER_MESSAGE_MAX, helperLimits, type CheckerOutcome } from './special-judge';
import type { CaseVerdict } from './verdict';

/**
 * A pipe as two plain blocking fds, through a FIFO (Node has no pipe()): opening it read-write first never blocks,
 * then the write and read ends open at once; the FIFO's name is removed right away.
 */
export function openPipe(fifo: string): { read: number; write: number } {
  const made = spawnSync('/usr/bin/mkfifo', ['-m', '600', fifo]);
  if (made.status !== 0) throw new Error(`mkfifo ${fifo} failed: ${made.stderr?.toString() ?? made.error}`);
  const rw = openSync(fifo, constants.O_RDWR);
  try {
    const write = openSync(fifo, constants.O_WRONLY);
    const read = openSync(fifo, constants.O_RDONLY);
    return { read, write };
  } finally {
    closeSync(rw);
    unlinkSync(fifo);
  }
}

/**
 * Both runs of a case. `message`: what the interactor printed on stderr (testlib: its verdict's message and points),
 * or the Kattis validator's judgemessage.txt, else its stderr.
 */
export interface InteractiveRun {
  protocol: 'testlib' | 'kattis';
  program: RunResult;
  interactor: RunResult;
  message: string;
}

/** Runs one case interactively. `programSpec` is the program's run without stdin/stdout. */
export async function runInteractive(opts: {
  programSandbox: Sandbox;
  programSpec: Omit<RunSpec, 'stdinFile' | 'stdoutFile' | 'stdinFd' | 'stdoutFd'>;
  interactorSandbox: Sandbox;
  /** The interactor, laid out in its /w (`helperBox`: the program, judge extra files, `data/`). */
  interactor: { box: string; helper: HelperProgram };
  /** The submission's dir (a Kattis validator's per-case /w is made there). */
  dir: string;
  io: string;
  index: number;
  inputFile: string;
  answer: Buffer;
  problem: JudgeJob['problem'];
}): Promise<InteractiveRun> {
  const { box, helper } = opts.interactor;
  const data = path.join(box, 'data');
  await copyFile(opts.inputFile, path.join(data, 'std_input'));
  await writeFile(path.join(data, 'std_output'), opts.answer);
  for (const f of ['std_input', 'std_output']) await chmod(path.join(data, f), 0o644);
  const kattis = opts.problem.checkerProtocol === 'kattis';
  const limits = { ...helperLimits(opts.problem), wallMs: opts.programSpec.limits.wallMs + 2000 };
  const side = kattis
    ? { ...(await validatorCaseDir(box, opts.dir, `interactive-${opts.index}`)), writableWorkDir: true, ...helperRun(helper, 'interactive', ['/w/data/std_input', '/w/data/std_output', FEEDBACK_IN_SANDBOX, ...validatorArgs(opts.problem)], limits) }
    : { workDir: box, writableWorkDir: false, ...helperRun(helper, 'interactive', ['/w/data/std_input', '/tmp/user_output', '/w/data/std_output'], limits) };
  try {
    const toProgram = openPipe(path.join(opts.io, `${opts.index}.to-program`));
    const toInteractor = openPipe(path.join(opts.io, `${opts.index}.to-interactor`));
    const interErr = path.join(opts.io, `${opts.index}.interactor.err`);
    const [program, interactor] = await Promise.all([
      opts.programSandbox.run({ ...opts.programSpec, stdinFd: toProgram.read, stdoutFd: toInteractor.write, stdoutFile: '/dev/null' }),
      opts.interactorSandbox.run({
        ...side,
        stdinFd: toInteractor.read,
        stdoutFd: toProgram.write,
        stdoutFile: '/dev/null',
        stderrFile: interErr,
      }),
    ]);
    const message = kattis ? await validatorMessage(side.workDir, interErr) : await readHead(interErr, CHECKER_MESSAGE_MAX, '');
    return { protocol: kattis ? 'kattis' : 'testlib', program, interactor, message };
  } finally {
    if (kattis) await rm(side.workDir, { recursive: true, force: true });
  }
}

/** The case's verdict of an interactive run, by its protocol's rules (interactive-verdict.ts). */
export function interactiveCaseVerdict(run: InteractiveRun, programVerdict: CaseVerdict | null): CheckerOutcome {
  const verdict = run.protocol === 'kattis' ? kattisInteractiveVerdict : testlibInteractiveVerdict;
  return verdict(programVerdict, run.program, run.interactor, run.message);
}
