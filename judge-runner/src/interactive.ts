// Interactive problems: the interactor and the user's program run at the same time, each in its own sandbox (the
// interactor as the slot's helper uid, in its own cgroups) and under its own limits, connected by two pipes: the
// interactor's stdout is the program's stdin and the program's stdout the interactor's stdin. The interactor runs
// as `/w/interactive <std_input> <user_output> <std_output>` (user_output is /tmp/user_output, its own scratch file)
// and decides the verdict with the special judge's exit codes (see interactiveVerdict for the order).
import { spawnSync } from 'node:child_process';
import { chmod, copyFile, writeFile } from 'node:fs/promises';
import { closeSync, constants, openSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JudgeStatus, type JudgeJob } from '@oj/proto';
import type { RunResult, RunSpec, Sandbox } from './sandbox/types';
import { ETC_RUNTIME } from './sandbox/types';
import { readHead } from './read-head';
import { CHECKER_MESSAGE_MAX, checkerVerdict, helperLimits, type CheckerOutcome } from './special-judge';
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

export interface InteractiveRun {
  program: RunResult;
  interactor: CheckerOutcome;
}

/** Runs one case interactively. `programSpec` is the program's run without stdin/stdout. */
export async function runInteractive(opts: {
  programSandbox: Sandbox;
  programSpec: Omit<RunSpec, 'stdinFile' | 'stdoutFile' | 'stdinFd' | 'stdoutFd'>;
  interactorSandbox: Sandbox;
  /** /w of the interactor: its binary `interactive`, judge extra files, `data/`. */
  interactorBox: string;
  io: string;
  index: number;
  inputFile: string;
  answer: string;
  problem: JudgeJob['problem'];
}): Promise<InteractiveRun> {
  const data = path.join(opts.interactorBox, 'data');
  await copyFile(opts.inputFile, path.join(data, 'std_input'));
  await writeFile(path.join(data, 'std_output'), opts.answer);
  for (const f of ['std_input', 'std_output']) await chmod(path.join(data, f), 0o644);
  const toProgram = openPipe(path.join(opts.io, `${opts.index}.to-program`));
  const toInteractor = openPipe(path.join(opts.io, `${opts.index}.to-interactor`));
  const interErr = path.join(opts.io, `${opts.index}.interactor.err`);
  const [program, interactor] = await Promise.all([
    opts.programSandbox.run({ ...opts.programSpec, stdinFd: toProgram.read, stdoutFd: toInteractor.write, stdoutFile: '/dev/null' }),
    opts.interactorSandbox.run({
      argv: ['/w/interactive', '/w/data/std_input', '/tmp/user_output', '/w/data/std_output'],
      workDir: opts.interactorBox,
      writableWorkDir: false,
      stdinFd: toInteractor.read,
      stdoutFd: toProgram.write,
      stdoutFile: '/dev/null',
      stderrFile: interErr,
      limits: { ...helperLimits(opts.problem), wallMs: opts.programSpec.limits.wallMs + 2000 },
      etc: ETC_RUNTIME,
    }),
  ]);
  return { program, interactor: checkerVerdict(interactor, await readHead(interErr, CHECKER_MESSAGE_MAX, ''), 'interactor') };
}

/**
 * The case's verdict: the program's limits (TLE, MLE, output) and crashes by a signal other than a broken pipe come
 * first; then a non-AC verdict of the interactor (it judged the dialogue: a program that merely exits with an error
 * after it is a protocol failure, Wrong Answer say); then the program's non-zero exit; else the interactor's AC.
 */
export function interactiveVerdict(programVerdict: CaseVerdict | null, program: RunResult, interactor: CheckerOutcome): CheckerOutcome {
  const crashed = program.signal !== null && program.signal !== os.constants.signals.SIGPIPE;
  const limited = program.cpuExceeded || program.wallExceeded || program.memoryExceeded || program.outputExceeded;
  if (programVerdict && (crashed || limited)) return programVerdict;
  if (interactor.status !== JudgeStatus.ACCEPTED) return interactor;
  return programVerdict ?? interactor;
}
