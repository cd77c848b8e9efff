// The verdict of an interactive case from both runs (the program and its interactor, joined by pipes), for both
// protocols. What the two rules share, whoever wrote the interactor:
//   - a program that leaves early makes its partner see a broken pipe (killed by SIGPIPE: ours are not ignored),
//     an end of file or a failed write; whatever the interactor then does — PE for the end of file, testlib's
//     "fail" (3), any other exit code — is the program's doing: its own failure (a non-zero exit) or Wrong Answer,
//     never System Error;
//   - a crash of the program (a signal other than SIGPIPE) or one of its limits outranks what the interactor says
//     (testlib; Kattis keeps DOMjudge's exception below);
//   - an interactor that fails on its own — a signal, a limit, or a bad exit while the program was still there — is
//     System Error (the problem's fault).
// Which side ended first comes from the reap times oj-measure reports (RunResult.endedAtUs, one host clock); without
// them a failing interactor stays System Error.
import os from 'node:os';
import { JudgeStatus } from '@oj/proto';
import { kattisVerdict, KATTIS_WRONG_ANSWER, validatorFailure } from './kattis-validator';
import type { RunResult } from './sandbox/types';
import { CHECKER_MESSAGE_MAX, checkerVerdict, type CheckerOutcome } from './special-judge';
import type { CaseVerdict } from './verdict';

const limited = (r: RunResult) => r.cpuExceeded || r.wallExceeded || r.memoryExceeded || r.outputExceeded;
/** Killed by SIGPIPE within its limits: it wrote into a pipe whose reader had gone. */
export const brokenPipe = (r: RunResult) => r.signal === os.constants.signals.SIGPIPE && !limited(r);
/** Ended by its own exit code (not a signal, not a limit). */
const exited = (r: RunResult) => r.signal === null && !limited(r);

/** Whether `a` is known to have ended before `b`. */
export function endedFirst(a: RunResult, b: RunResult): boolean {
  return a.endedAtUs !== undefined && b.endedAtUs !== undefined && a.endedAtUs < b.endedAtUs;
}

/** The program's own failure: runVerdict() of its run, except a broken pipe (it simply ended). */
function ownFailure(programVerdict: CaseVerdict | null, program: RunResult): CaseVerdict | null {
  return brokenPipe(program) ? null : programVerdict;
}

/** The verdict of a program that left before the interactor was done: its own failure, else Wrong Answer. */
function leftEarly(own: CaseVerdict | null, interactor: CheckerOutcome | null, message: string): CheckerOutcome {
  if (own) return own;
  if (interactor?.status === JudgeStatus.WRONG_ANSWER) return interactor;
  const why = `the program ended before the interactor was done${message.trim() ? `: ${message.trim()}` : ''}`;
  return { status: JudgeStatus.WRONG_ANSWER, message: why.slice(0, CHECKER_MESSAGE_MAX) };
}

/**
 * testlib protocol (exit 0 AC, 1 WA, 2/4/8 PE, 7 points, 3 fail), in this order:
 *   1. the program's limit or crash (a signal other than SIGPIPE);
 *   2. the interactor killed by SIGPIPE, or ending without AC by its exit code after the program had ended: the
 *      program's non-zero exit (Runtime Error), else Wrong Answer (the interactor's own WA keeps its message);
 *   3. the interactor's non-AC verdict (its failure while the program was there is System Error);
 *   4. the program's non-zero exit; else the interactor's AC or partial points.
 */
export function testlibInteractiveVerdict(programVerdict: CaseVerdict | null, program: RunResult, interactor: RunResult, printed: string): CheckerOutcome {
  const own = ownFailure(programVerdict, program);
  if (own && (program.signal !== null || limited(program))) return own;
  const outcome = checkerVerdict(interactor, printed, 'interactor');
  const passed = outcome.status === JudgeStatus.ACCEPTED || outcome.status === JudgeStatus.PARTIAL_ACCEPTED;
  if (brokenPipe(interactor) || (!passed && exited(interactor) && endedFirst(program, interactor))) return leftEarly(own, outcome, printed);
  if (!passed) return outcome;
  return own ?? outcome;
}

/**
 * Kattis protocol (42 AC, 43 WA), DOMjudge's order (judge/testcase_run.sh) with the early-exit rule above:
 *   1. the validator failed (a signal other than SIGPIPE, a limit, or an exit other than 42 / 43 while the program
 *      was there): System Error, whatever the program did; the same exit after the program had ended, or a SIGPIPE:
 *      the program's own failure, else Wrong Answer;
 *   2. the validator said 43 before the program ended: Wrong Answer, even if the program then crashed or ran out of
 *      time (it lost its partner);
 *   3. the program's own verdict: TLE, MLE, output limit, a crash, a non-zero exit (after a 42 as well);
 *   4. the validator's verdict: 42 Accepted, 43 Wrong Answer.
 * `message`: the validator's judgemessage.txt (else its stderr).
 */
export function kattisInteractiveVerdict(programVerdict: CaseVerdict | null, program: RunResult, validator: RunResult, message: string): CheckerOutcome {
  const own = ownFailure(programVerdict, program);
  if (brokenPipe(validator)) return leftEarly(own, null, message);
  if (validatorFailure(validator) !== null) {
    if (exited(validator) && endedFirst(program, validator)) return leftEarly(own, null, message);
    return kattisVerdict(validator, message, 'interactive validator');
  }
  if (validator.exitCode === KATTIS_WRONG_ANSWER && endedFirst(validator, program)) return kattisVerdict(validator, message);
  return own ?? kattisVerdict(validator, message);
}
