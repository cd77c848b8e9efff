import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { afterCase, CaseGate, judgingOrder, skippedCase } from './case-modes';
import { checkOutput } from './checker';
import { testlibInteractiveVerdict } from './interactive-verdict';
import { jsCheckerOutcome } from './js-checker';
import { runLimits } from './limits';
import { findLanguage } from './languages';
import type { RunResult } from './sandbox/types';
import { checkerVerdict, hustojVerdict, parsePoints, qduojVerdict } from './special-judge';
import { makeJob } from './job-fixture';

const ok: RunResult = { exitCode: 0, signal: null, cpuMs: 1, wallMs: 1, memoryKb: 1, cpuExceeded: false, wallExceeded: false, memoryExceeded: false, outputExceeded: false };

describe('checker exit codes (testlib)', () => {
  it('maps 0 AC, 1 WA, 2/4/8 PE, 7 points, 3 and the rest System Error', () => {
    expect(checkerVerdict(ok, 'ok fine\n')).toEqual({ status: JudgeStatus.ACCEPTED, message: 'ok fine' });
    expect(checkerVerdict({ ...ok, exitCode: 1 }, '')).toEqual({ status: JudgeStatus.WRONG_ANSWER });
    for (const code of [2, 4, 8]) expect(checkerVerdict({ ...ok, exitCode: code }, '').status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(checkerVerdict({ ...ok, exitCode: 7 }, 'points 0.25 close')).toEqual({ status: JudgeStatus.PARTIAL_ACCEPTED, points: 0.25, message: 'points 0.25 close' });
    expect(checkerVerdict({ ...ok, exitCode: 7 }, 'points 1')).toMatchObject({ status: JudgeStatus.ACCEPTED });
    expect(checkerVerdict({ ...ok, exitCode: 7 }, 'no number')).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR });
    expect(checkerVerdict({ ...ok, exitCode: 3 }, 'bad')).toEqual({ status: JudgeStatus.SYSTEM_ERROR, message: 'checker failed: bad' });
    expect(checkerVerdict({ ...ok, exitCode: 42 }, '')).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR });
    expect(checkerVerdict({ ...ok, exitCode: null, signal: 11 }, '')).toEqual({ status: JudgeStatus.SYSTEM_ERROR, message: 'checker killed by SIGSEGV' });
    expect(checkerVerdict({ ...ok, cpuExceeded: true }, '', 'interactor').message).toBe('interactor time limit exceeded');
  });
  it('HUSTOJ: 0 AC, any other exit WA with its message; a crash or a blown limit stays System Error', () => {
    expect(hustojVerdict(ok, '')).toEqual({ status: JudgeStatus.ACCEPTED });
    for (const code of [1, 2, 3, 7, 42, 255]) expect(hustojVerdict({ ...ok, exitCode: code }, 'differs')).toEqual({ status: JudgeStatus.WRONG_ANSWER, message: 'differs' });
    expect(hustojVerdict({ ...ok, exitCode: null, signal: 11 }, '').status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(hustojVerdict({ ...ok, exitCode: 1, cpuExceeded: true }, '').status).toBe(JudgeStatus.SYSTEM_ERROR);
  });
  it('QDUOJ: 0 AC, 1 WA with its message, any other exit (its ERROR is -1), a crash or a blown limit System Error', () => {
    expect(qduojVerdict(ok, '')).toEqual({ status: JudgeStatus.ACCEPTED });
    expect(qduojVerdict({ ...ok, exitCode: 1 }, 'differs')).toEqual({ status: JudgeStatus.WRONG_ANSWER, message: 'differs' });
    for (const code of [2, 3, 7, 42, 255]) expect(qduojVerdict({ ...ok, exitCode: code }, 'x').status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(qduojVerdict({ ...ok, exitCode: null, signal: 11 }, '').status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(qduojVerdict({ ...ok, exitCode: 0, cpuExceeded: true }, '').status).toBe(JudgeStatus.SYSTEM_ERROR);
  });
  it('reads points as `points p` or the first number', () => {
    expect(parsePoints('points 0.5 half')).toBe(0.5);
    expect(parsePoints('3 of 4: 0.75')).toBe(3);
    expect(parsePoints('partially correct 0.4')).toBe(0.4);
    expect(parsePoints('nothing')).toBeNull();
  });
});

describe('JavaScript checker results', () => {
  it('true / false / verdict objects; anything else is System Error', () => {
    expect(jsCheckerOutcome(true).status).toBe(JudgeStatus.ACCEPTED);
    expect(jsCheckerOutcome(false).status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(jsCheckerOutcome({ verdict: 'PE', message: 'spaces' })).toEqual({ status: JudgeStatus.PRESENTATION_ERROR, message: 'spaces' });
    expect(jsCheckerOutcome({ verdict: 'PA', points: 0.3 })).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, points: 0.3 });
    expect(jsCheckerOutcome({ verdict: 'PA' }).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(jsCheckerOutcome(1).status).toBe(JudgeStatus.SYSTEM_ERROR);
  });
});

describe('interactive verdict order (testlib)', () => {
  const SIGPIPE = os.constants.signals.SIGPIPE;
  const at = (us: number, over: Partial<RunResult> = {}): RunResult => ({ ...ok, endedAtUs: us, ...over });
  const re = { status: JudgeStatus.RUNTIME_ERROR, message: 'x' };
  const v = testlibInteractiveVerdict;
  it('the program\'s limits and crashes first, whatever the interactor said', () => {
    expect(v({ status: JudgeStatus.TIME_LIMIT_EXCEEDED }, at(20, { cpuExceeded: true }), at(10, { exitCode: 1 }), 'no guess').status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(v(re, at(20, { exitCode: null, signal: 11 }), at(10, { exitCode: 1 }), '')).toBe(re);
    expect(v({ status: JudgeStatus.MEMORY_LIMIT_EXCEEDED }, at(5, { exitCode: 1, memoryExceeded: true }), at(10, { exitCode: 2 }), '').status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
  });
  it('an interactor that ends first keeps its verdict; the program\'s exit after it does not count', () => {
    expect(v(re, at(20, { exitCode: 1 }), at(10, { exitCode: 1 }), 'no guess')).toEqual({ status: JudgeStatus.WRONG_ANSWER, message: 'no guess' });
    expect(v(re, at(20, { exitCode: null, signal: SIGPIPE }), at(10, { exitCode: 1 }), 'no guess').status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(v(null, at(20), at(10, { exitCode: 3 }), 'bug')).toEqual({ status: JudgeStatus.SYSTEM_ERROR, message: 'interactor failed: bug' });
    expect(v(null, at(20), at(10, { exitCode: 2 }), '').status).toBe(JudgeStatus.PRESENTATION_ERROR);
  });
  it('a program that left first: its own failure, else Wrong Answer — never System Error or PE', () => {
    expect(v(re, at(10, { exitCode: 1 }), at(20, { exitCode: 2 }), 'eof')).toBe(re);
    for (const code of [2, 3, 8, 5]) expect(v(null, at(10), at(20, { exitCode: code }), 'eof'), String(code)).toEqual({ status: JudgeStatus.WRONG_ANSWER, message: 'the program ended before the interactor was done: eof' });
    expect(v(null, at(10), at(20, { exitCode: 1 }), 'wrong')).toEqual({ status: JudgeStatus.WRONG_ANSWER, message: 'wrong' });
    expect(v(null, at(20), at(10, { exitCode: null, signal: SIGPIPE }), '').status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(v(re, at(20, { exitCode: 1 }), at(10, { exitCode: null, signal: SIGPIPE }), '')).toBe(re);
    // The interactor's own crash or limit is still ours.
    expect(v(null, at(10), at(20, { exitCode: null, signal: 11 }), '').status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(v(null, at(10), at(20, { exitCode: 3 }), '').status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(v(null, at(10, { endedAtUs: undefined }), at(20, { exitCode: 3 }), '').status).toBe(JudgeStatus.SYSTEM_ERROR);
  });
  it('AC and partial points of the interactor; the program\'s non-zero exit after an AC is Runtime Error', () => {
    expect(v(null, at(10), at(20), 'fine')).toEqual({ status: JudgeStatus.ACCEPTED, message: 'fine' });
    expect(v(null, at(10), at(20, { exitCode: 7 }), 'points 0.5')).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, points: 0.5 });
    expect(v(re, at(10, { exitCode: 1 }), at(20), 'fine')).toBe(re);
  });
});

describe('case modes', () => {
  const cases = [5, 1, 4, 2, 3].map((i) => ({ caseId: i, index: i, input: '', output: '', score: 10, groupNum: i % 2 === 0 ? 2 : 7 }));
  it('subtask modes (OI) judge group by group in order of first appearance; others by index', () => {
    expect(judgingOrder({ type: 1, judgeCaseMode: 'subtask_lowest' }, cases).map((c) => c.index)).toEqual([1, 3, 5, 2, 4]);
    expect(judgingOrder({ type: 1, judgeCaseMode: 'subtask_average' }, cases).map((c) => c.index)).toEqual([1, 3, 5, 2, 4]);
    expect(judgingOrder({ type: 1, judgeCaseMode: 'default' }, cases).map((c) => c.index)).toEqual([1, 2, 3, 4, 5]);
    expect(judgingOrder({ type: 0, judgeCaseMode: 'subtask_lowest' }, cases).map((c) => c.index)).toEqual([1, 2, 3, 4, 5]);
  });
  it('dependencies (OI subtask modes): a group runs after the groups it depends on', () => {
    const subtaskDependencies = [{ groupNum: 7, dependencies: [2] }];
    expect(judgingOrder({ type: 1, judgeCaseMode: 'subtask_lowest', subtaskDependencies }, cases).map((c) => c.index)).toEqual([2, 4, 1, 3, 5]);
    expect(judgingOrder({ type: 1, judgeCaseMode: 'subtask_average', subtaskDependencies: [{ groupNum: 7, dependencies: [2] }, { groupNum: 2, dependencies: [7] }] }, cases)).toHaveLength(5);
    expect(judgingOrder({ type: 1, judgeCaseMode: 'default', subtaskDependencies }, cases).map((c) => c.index)).toEqual([1, 2, 3, 4, 5]);
  });
  it('the gate skips the rest of a failed group and the groups whose dependencies are not all Accepted', () => {
    const c = (index: number, groupNum: number) => ({ caseId: index, index, input: '', output: '', score: 10, groupNum });
    const gate = new CaseGate({ type: 1, judgeCaseMode: 'subtask_lowest', subtaskDependencies: [{ groupNum: 7, dependencies: [2, 9] }] }, cases);
    const result = (k: ReturnType<typeof c>, status: number) => ({ ...skippedCase(k), status, score: status === 0 ? 10 : 0, message: undefined });
    expect(gate.skip(c(2, 2))).toBeNull();
    expect(gate.record(c(2, 2), result(c(2, 2), JudgeStatus.WRONG_ANSWER))).toBe('next');
    expect(gate.skip(c(4, 2))).toMatchObject({ status: JudgeStatus.CANCELLED, message: 'Skipped' });
    gate.record(c(4, 2), gate.skip(c(4, 2))!);
    expect(gate.skip(c(1, 7))).toMatchObject({ status: JudgeStatus.CANCELLED, message: 'Skipped: subtask 2 is not passed' });
    // A dependency on a group without cases (9) binds nothing.
    const lone = new CaseGate({ type: 1, judgeCaseMode: 'subtask_lowest', subtaskDependencies: [{ groupNum: 7, dependencies: [9] }] }, cases);
    expect(lone.skip(c(1, 7))).toBeNull();
    const acm = new CaseGate({ type: 0, judgeCaseMode: 'subtask_lowest', subtaskDependencies: [{ groupNum: 7, dependencies: [2] }] }, cases);
    expect(acm.skip(c(1, 7))).toBeNull();
    expect(acm.record(c(1, 7), result(c(1, 7), JudgeStatus.WRONG_ANSWER))).toBe('stop');
  });
  it('stop / skip rules', () => {
    const wa = { status: JudgeStatus.WRONG_ANSWER, score: 0 };
    expect(afterCase({ type: 0, judgeCaseMode: 'default' }, wa)).toBe('stop');
    expect(afterCase({ type: 1, judgeCaseMode: 'default' }, wa)).toBe('next');
    expect(afterCase({ type: 1, judgeCaseMode: 'subtask_average' }, wa)).toBe('next');
    expect(afterCase({ type: 1, judgeCaseMode: 'ergodic_without_error' }, wa)).toBe('stop');
    expect(afterCase({ type: 1, judgeCaseMode: 'subtask_lowest' }, wa)).toBe('skip-group');
    expect(afterCase({ type: 1, judgeCaseMode: 'subtask_lowest' }, { status: JudgeStatus.PARTIAL_ACCEPTED, score: 3 })).toBe('next');
    expect(afterCase({ type: 1, judgeCaseMode: 'subtask_lowest' }, { status: JudgeStatus.PARTIAL_ACCEPTED, score: 0 })).toBe('skip-group');
    expect(afterCase({ type: 1, judgeCaseMode: 'subtask_lowest' }, { status: JudgeStatus.ACCEPTED, score: 10 })).toBe('next');
    expect(skippedCase(cases[0]!)).toMatchObject({ status: JudgeStatus.CANCELLED, score: 0, time: 0, message: 'Skipped' });
  });
});

describe('limits and output comparison', () => {
  it('doubles time and memory for non-C/C++, except CF- and GYM- problems', () => {
    const py = findLanguage('Python3')!;
    expect(runLimits(makeJob('Python3', ''), py, 0)).toMatchObject({ cpuMs: 2000, memoryKb: 512 * 1024, stackKb: 128 * 1024 });
    expect(runLimits(makeJob('Python3', '', { problemId: 'CF-1000A' }), py, 0)).toMatchObject({ cpuMs: 1000, memoryKb: 256 * 1024 });
    expect(runLimits(makeJob('Python3', '', { problemId: 'GYM-100001A' }), py, 0).cpuMs).toBe(1000);
    expect(runLimits(makeJob('C', '', { problemId: 'CF-1A' }), findLanguage('C')!, 10 << 20)).toMatchObject({ cpuMs: 1000, wallMs: 4000, outputBytes: 32 << 20 });
    expect(runLimits(makeJob('C', ''), findLanguage('C')!, 20 << 20)).toMatchObject({ outputBytes: 40 << 20 });
    // The runner's policy (OJ_RUNNER_WALL_FACTOR, OJ_RUNNER_WALL_EXTRA_MS, OJ_RUNNER_MIN_OUTPUT_MB).
    expect(runLimits(makeJob('Python3', ''), py, 0, { wallFactor: 1.5, wallExtraMs: 500, minOutputBytes: 1 << 20 })).toMatchObject({ cpuMs: 2000, wallMs: 3500, outputBytes: 1 << 20 });
  });
  it('isRemoveEndBlank false: a trailing space is a Presentation Error', () => {
    expect(checkOutput('3\n', '3 \n', { isRemoveEndBlank: false })).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(checkOutput('3\n', '3 \n', { isRemoveEndBlank: true })).toBe(JudgeStatus.ACCEPTED);
    expect(checkOutput('3\r\n', '3\n\n', { isRemoveEndBlank: false })).toBe(JudgeStatus.ACCEPTED);
  });
});
