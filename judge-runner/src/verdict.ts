// Verdict forming: one case from its run facts and checker result, and the submission from its cases
// (hoj-rules §1, JudgeStrategy.getJudgeInfo). Pure functions; verdicts are data.
import os from 'node:os';
import { JudgeStatus, ProblemType, type CaseResult } from '@oj/proto';
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
export function runVerdict(r: RunResult, opts: { outOfMemory?: boolean } = {}): CaseVerdict | null {
  if (r.outputExceeded) return { status: JudgeStatus.RUNTIME_ERROR, message: 'Output Limit Exceeded' };
  if (r.memoryExceeded || opts.outOfMemory) return { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED };
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
 * The submission's verdict from the cases that were run. ACM (type 0): AC when every case is AC, else the first
 * failing case's status (the judge stops at that case). OI (type 1): AC when all AC, the first failing status when
 * all fail, else Partial Accepted; score = sum of the AC cases' scores.
 */
export function finalVerdict(problemType: number, cases: CaseResult[]): FinalVerdict {
  const time = cases.length ? Math.max(...cases.map((c) => c.time)) : null;
  const memory = cases.length ? Math.max(...cases.map((c) => c.memory)) : null;
  const failing = cases.filter((c) => c.status !== JudgeStatus.ACCEPTED);
  const isOi = problemType === ProblemType.OI;
  const score = isOi ? cases.reduce((s, c) => s + c.score, 0) : null;
  let status: number;
  if (failing.length === 0) status = JudgeStatus.ACCEPTED;
  else if (!isOi || failing.length === cases.length) status = failing[0]!.status;
  else status = JudgeStatus.PARTIAL_ACCEPTED;
  return { status, score, time, memory };
}
