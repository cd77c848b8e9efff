// The verdict of a Kattis-protocol interactive case (the validator and the program joined by pipes, interactive.ts),
// by DOMjudge's rule (judge/testcase_run.sh) when both sides fail:
//   1. the validator failed (exit other than 42/43, a signal, a blown limit): System Error, whatever the program did;
//   2. the validator said Wrong Answer (43) and ended before the program: Wrong Answer, even if the program then
//      crashed or ran out of time (it lost its partner);
//   3. the program's own verdict: TLE, MLE, output limit, a crash, a non-zero exit;
//   4. the validator's verdict: 42 Accepted, 43 Wrong Answer.
// Which side ended first comes from the reap times oj-measure reports (RunResult.endedAtUs, one host clock).
// Kattis and DOMjudge run both sides with SIGPIPE ignored; ours are not, so a broken pipe is read as they would see
// it: a program killed by SIGPIPE simply ended (rule 3 does not apply), and a validator killed by SIGPIPE wrote to a
// program that had already gone: the program's verdict if it failed, else Wrong Answer.
import os from 'node:os';
import { JudgeStatus } from '@oj/proto';
import { kattisVerdict, KATTIS_WRONG_ANSWER, validatorFailure } from './kattis-validator';
import type { RunResult } from './sandbox/types';
import type { CheckerOutcome } from './special-judge';
import type { CaseVerdict } from './verdict';

const limited = (r: RunResult) => r.cpuExceeded || r.wallExceeded || r.memoryExceeded || r.outputExceeded;
const brokenPipe = (r: RunResult) => r.signal === os.constants.signals.SIGPIPE && !limited(r);

/** Whether `a` is known to have ended before `b`. */
export function endedFirst(a: RunResult, b: RunResult): boolean {
  return a.endedAtUs !== undefined && b.endedAtUs !== undefined && a.endedAtUs < b.endedAtUs;
}

/**
 * `programVerdict`: runVerdict() of the program's run (null: it exited 0 within its limits). `message`: the
 * validator's judgemessage.txt (else its stderr).
 */
export function kattisInteractiveVerdict(programVerdict: CaseVerdict | null, program: RunResult, validator: RunResult, message: string): CheckerOutcome {
  const validatorPipe = brokenPipe(validator);
  if (!validatorPipe && validatorFailure(validator) !== null) return kattisVerdict(validator, message, 'interactive validator');
  if (!validatorPipe && validator.exitCode === KATTIS_WRONG_ANSWER && endedFirst(validator, program)) return kattisVerdict(validator, message);
  const team = brokenPipe(program) ? null : programVerdict;
  if (team) return team;
  if (validatorPipe) return { status: JudgeStatus.WRONG_ANSWER, message: 'the program stopped reading before the validator was done' };
  return kattisVerdict(validator, message);
}
