import { describe, expect, it } from 'vitest';
import { JudgeStatus, type CaseResult } from '@oj/proto';
import type { RunResult } from './sandbox/types';
import { finalVerdict, runVerdict } from './verdict';

const ok: RunResult = {
  exitCode: 0,
  signal: null,
  cpuMs: 10,
  wallMs: 12,
  memoryKb: 1000,
  cpuExceeded: false,
  wallExceeded: false,
  memoryExceeded: false,
  outputExceeded: false,
};

const kase = (index: number, status: number, extra: Partial<CaseResult> = {}): CaseResult => ({
  caseId: index,
  index,
  status,
  time: 10 * index,
  memory: 100 * index,
  score: status === 0 ? 10 : 0,
  groupNum: null,
  userOutput: '',
  ...extra,
});

describe('runVerdict', () => {
  it('leaves a clean exit to the checker', () => {
    expect(runVerdict(ok)).toBeNull();
  });
  it('orders output limit, memory, time, crash', () => {
    expect(runVerdict({ ...ok, outputExceeded: true, memoryExceeded: true })).toEqual({ status: JudgeStatus.RUNTIME_ERROR, message: 'Output Limit Exceeded' });
    expect(runVerdict({ ...ok, memoryExceeded: true, wallExceeded: true, signal: 9, exitCode: null })?.status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expect(runVerdict({ ...ok, cpuExceeded: true, signal: 9, exitCode: null })?.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(runVerdict({ ...ok, wallExceeded: true })?.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
  });
  it('names the signal or the exit code of a runtime error', () => {
    expect(runVerdict({ ...ok, exitCode: null, signal: 11 })).toEqual({ status: JudgeStatus.RUNTIME_ERROR, message: 'Killed by signal 11 (SIGSEGV)' });
    expect(runVerdict({ ...ok, exitCode: 3 })).toEqual({ status: JudgeStatus.RUNTIME_ERROR, message: 'Exited with code 3' });
  });
});

describe('finalVerdict', () => {
  it('ACM: AC when all AC, else the first failing status; no score; max time and memory', () => {
    expect(finalVerdict(0, [kase(1, 0), kase(2, 0)])).toEqual({ status: 0, score: null, time: 20, memory: 200 });
    expect(finalVerdict(0, [kase(1, 0), kase(2, 1)]).status).toBe(1);
  });
  it('OI: all AC, all failing (first failing status) or Partial Accepted with the sum of scores', () => {
    expect(finalVerdict(1, [kase(1, 0), kase(2, 0)])).toMatchObject({ status: 0, score: 20 });
    expect(finalVerdict(1, [kase(1, -1), kase(2, 3)])).toMatchObject({ status: -1, score: 0 });
    expect(finalVerdict(1, [kase(1, 0), kase(2, 2), kase(3, 0)])).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 20, time: 30, memory: 300 });
  });
});
