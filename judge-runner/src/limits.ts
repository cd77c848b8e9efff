// The limits policy of a test case: what the problem's limits become for one run, with the parts an operator may
// tune on the runner (the wall-clock allowance and the smallest output limit; config.ts reads them).
import type { JudgeJob } from '@oj/proto';
import { limitFactor, type LanguageDef } from './languages';
import type { Limits } from './sandbox/types';

export interface LimitsPolicy {
  /** Wall limit = `wallFactor` × CPU limit + `wallExtraMs` (a program sleeping or blocked on I/O uses no CPU). */
  wallFactor: number;
  wallExtraMs: number;
  /** The output limit (stdout, or the file IO output file) is max(2 × the answer's size, this). */
  minOutputBytes: number;
}

/** HOJ's policy: wall 3 × CPU + 1 s, output max(2 × the answer, 32 MB). */
export const DEFAULT_LIMITS_POLICY: LimitsPolicy = { wallFactor: 3, wallExtraMs: 1000, minOutputBytes: 32 * 1024 * 1024 };

/**
 * Run limits of a case: time and memory doubled for non-C/C++ (not for Codeforces / Gym problems, `CF-` / `GYM-`,
 * whose limits are already the original's); wall and output per `policy`; stack the problem's; processes the
 * language's runtime needs.
 */
export function runLimits(job: JudgeJob, lang: LanguageDef, expectedBytes: number, policy: LimitsPolicy = DEFAULT_LIMITS_POLICY): Limits {
  const factor = /^(CF|GYM)-/.test(job.problem.problemId) ? 1 : limitFactor(job.language);
  const cpuMs = job.problem.timeLimitMs * factor;
  const memoryMb = job.problem.memoryLimitMb * factor;
  return {
    cpuMs,
    wallMs: Math.ceil(cpuMs * policy.wallFactor + policy.wallExtraMs),
    memoryKb: memoryMb * 1024,
    outputBytes: Math.max(2 * expectedBytes, policy.minOutputBytes),
    processes: lang.runProcesses,
    stackKb: job.problem.stackLimitMb * 1024,
  };
}
