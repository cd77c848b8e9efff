// Verdict forming: one case from its run facts and checker result, and the submission from its cases.
// Pure functions; verdicts are data.
import os from 'node:os';
import { JudgeStatus, ProblemType, submissionScore, submissionStatus, type CaseResult, type JudgeCaseMode } from '@oj/proto';
import type { RunResult } from './sandbox/types';

export interface CaseVerdict {
  status: number;
  message?: string;
}

const SIGNAL_NAMES = new Map<number, string>(Object.entries(os.constants.signals).map(([name, n]) => [n, name]));

export function signalName(n: number): string {
  return SIGNAL_NAMES.get(n) ?? `signal ${n}`;
}

/**
 * What happened to a run, before looking at its output. Order matters: output limit (reported as Runtime Error
 * "Output Limit Exceeded" — the status table has no OLE), then memory, then time, then a crash.
 * Returns null when the program ended normally and its output must be checked.
 */
export function runVerdict(r: RunResult): CaseVerdict | null {
  if (r.outputExceeded) return { status: JudgeStatus.RUNTIME_ERROR, message: 'Output Limit Exceeded' };
  if (r.memoryExceeded) return { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED };
  if (r.cpuExceeded || r.wallExceeded) return { status: JudgeStatus.TIME_LIMIT_EXCEEDED };
  if (r.signal !== null) return { status: JudgeStatus.RUNTIME_ERROR, message: `Killed by signal ${r.signal} (${signalName(r.signal)})` };
  if (r.exitCode !== 0) return { status: JudgeStatus.RUNTIME_ERROR, message: `Exited with code ${r.exitCode}` };
  return null;
}

export interface FinalVerdict {
  status: number;
  score: number | null;
  time: number | null;
  memory: number | null;
}

/**
 * The submission's verdict from the cases that were run: AC when every case is AC; ACM (type 0): the
 * first failing case's status; OI (type 1): the first failing status when all fail, else Partial Accepted. OI score
 * per judge case mode (`submissionScore` in @oj/proto: sum, subtask lowest / average, full marks `ioScore` when all
 * AC in the default mode, capped at `ioScore`); null for ACM. Time and memory: the largest of any case.
 */
export function finalVerdict(problemType: number, cases: CaseResult[], opts: { mode?: JudgeCaseMode; ioScore?: number } = {}): FinalVerdict {
  const time = cases.length ? Math.max(...cases.map((c) => c.time)) : null;
  const memory = cases.length ? Math.max(...cases.map((c) => c.memory)) : null;
  const isOi = problemType === ProblemType.OI;
  const score = isOi ? submissionScore(opts.mode ?? 'default', cases, opts.ioScore) : null;
  return { status: submissionStatus(problemType, cases), score, time, memory };
}
