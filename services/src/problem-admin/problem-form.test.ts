import { describe, expect, it } from 'vitest';
import { OjError, type ProblemDTO } from '@oj/proto';
import { extraFiles, problemValues } from './problem-form';
import { verdictMatches } from './self-check.service';

const dto = (p: Partial<ProblemDTO['problem']> = {}, rest: Partial<ProblemDTO> = {}): ProblemDTO => ({
  problem: {
    problemId: 'P',
    title: 'T',
    description: '',
    input: 'i',
    output: 'o',
    timeLimit: 1000,
    memoryLimit: 256,
    stackLimit: 128,
    difficulty: 0,
    auth: 1,
    type: 0,
    codeShare: true,
    examples: [],
    isRemoveEndBlank: true,
    openCaseResult: true,
    ...p,
  },
  samples: [{ input: '1', output: '1' }],
  isUploadTestCase: false,
  languages: [{ name: 'C' }],
  ...rest,
});

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof OjError) return e.code;
    throw e;
  }
  return null;
};

describe('problem form values', () => {
  it('keeps an edit on its stored case set and takes new scores for it', () => {
    expect(codeOf(() => problemValues(dto({}, { isUploadTestCase: true, samples: [] }), null))).toBe('PROBLEM_CASES_REQUIRED');
    const kept = problemValues(dto({}, { isUploadTestCase: true, samples: [] }), { caseVersion: 'a'.repeat(64) });
    expect(kept.upload).toBeNull();
    expect(kept.cases).toBeNull();
    const rescored = problemValues(dto({ type: 1 }, { isUploadTestCase: true, samples: [{ input: '1.in', output: '1.out', score: 40 }, { input: '2.in', output: '2.out', score: 60 }] }), { caseVersion: 'b'.repeat(64) });
    expect(rescored.upload?.version).toBe('b'.repeat(64));
    expect(rescored.row.ioScore).toBe(100);
  });

  it("an OI problem's full marks in a subtask mode are Σ over subtasks, each of whose cases carries its score", () => {
    const samples = [
      { input: '1', output: '1', score: 30, groupNum: 1 },
      { input: '2', output: '2', score: 30, groupNum: 1 },
      { input: '3', output: '3', score: 70, groupNum: 2 },
    ];
    expect(problemValues(dto({ type: 1, judgeCaseMode: 'subtask_lowest' }, { samples }), null).row.ioScore).toBe(100);
    expect(problemValues(dto({ type: 1, judgeCaseMode: 'subtask_average' }, { samples }), null).row.ioScore).toBe(100);
    expect(problemValues(dto({ type: 1, judgeCaseMode: 'default' }, { samples }), null).row.ioScore).toBe(130);
  });

  it('refuses a malformed case-set version, an OI case without a score and a bad file IO name', () => {
    expect(codeOf(() => problemValues(dto({}, { isUploadTestCase: true, uploadTestcaseDir: '../x' }), null))).toBe('PROBLEM_FIELD_INVALID');
    expect(codeOf(() => problemValues(dto({ type: 1 }, { samples: [{ input: '1', output: '1' }] }), null))).toBe('PROBLEM_CASE_SCORE');
    expect(codeOf(() => problemValues(dto({ isFileIO: true, ioReadFileName: '../in', ioWriteFileName: 'out' }), null))).toBe('PROBLEM_FIELD_INVALID');
  });

  it('drops the checker in the default mode and the validator flags in the others', () => {
    const d = problemValues(dto({ spjCode: 'x', spjLanguage: 'C', validatorFlags: 'case_sensitive' }), null);
    expect(d.row.spjCode).toBeNull();
    expect(d.row.validatorFlags).toBe('case_sensitive');
    const s = problemValues(dto({ judgeMode: 'spj', spjCode: 'x', spjLanguage: 'C', validatorFlags: 'case_sensitive', checkerProtocol: 'kattis' }), null);
    // An ICPC validator takes the flags as its extra arguments; a testlib checker does not.
    expect(s.row.validatorFlags).toBe('case_sensitive');
    expect(s.row.checkerProtocol).toBe('kattis');
    const t = problemValues(dto({ judgeMode: 'spj', spjCode: 'x', spjLanguage: 'C', validatorFlags: 'case_sensitive' }), null);
    expect(t.row.validatorFlags).toBeNull();
  });

  it('keeps a HUSTOJ special judge as a compiled checker only: not an interactor, not JavaScript', () => {
    expect(problemValues(dto({ judgeMode: 'spj', spjCode: 'x', spjLanguage: 'C', checkerProtocol: 'hustoj' }), null).row.checkerProtocol).toBe('hustoj');
    expect(codeOf(() => problemValues(dto({ judgeMode: 'interactive', spjCode: 'x', spjLanguage: 'C', checkerProtocol: 'hustoj' }), null))).toBe('PROBLEM_CHECKER_ONLY_PROTOCOL');
    expect(codeOf(() => problemValues(dto({ judgeMode: 'spj', spjCode: 'x', spjLanguage: 'JavaScript', checkerProtocol: 'hustoj' }), null))).toBe('PROBLEM_CHECKER_ONLY_PROTOCOL');
    expect(problemValues(dto({ judgeMode: 'spj', spjCode: 'x', spjLanguage: 'C', checkerProtocol: 'qduoj' }), null).row.checkerProtocol).toBe('qduoj');
    expect(codeOf(() => problemValues(dto({ judgeMode: 'interactive', spjCode: 'x', spjLanguage: 'C', checkerProtocol: 'qduoj' }), null))).toBe('PROBLEM_CHECKER_ONLY_PROTOCOL');
  });

  it('keeps the built-in checker in the default mode without validator flags, tolerances for float only', () => {
    expect(problemValues(dto({ checker: 'float', floatAbsoluteTolerance: 0.01 }), null).row).toMatchObject({ checker: 'float', floatAbsoluteTolerance: 0.01, floatRelativeTolerance: null });
    expect(problemValues(dto({ checker: 'tokens', floatAbsoluteTolerance: 0.01 }), null).row).toMatchObject({ checker: 'tokens', floatAbsoluteTolerance: null });
    expect(problemValues(dto({ checker: 'tokens', validatorFlags: '' }), null).row.checker).toBe('default');
    expect(problemValues(dto({ checker: 'lines', judgeMode: 'spj', spjCode: 'x', spjLanguage: 'C' }), null).row.checker).toBe('default');
    expect(problemValues(dto(), null).row.checker).toBe('default');
  });

  it('checks subtask dependencies against the cases\' groups (OI subtask modes), refusing unknown groups and cycles', () => {
    const samples = [1, 2, 3].map((g) => ({ input: `${g}`, output: `${g}`, score: 10, groupNum: g }));
    const oi = (subtaskDependencies: ProblemDTO['problem']['subtaskDependencies'], over: Partial<ProblemDTO['problem']> = {}) => dto({ type: 1, judgeCaseMode: 'subtask_lowest', subtaskDependencies, ...over }, { samples });
    expect(problemValues(oi([{ groupNum: 3, dependencies: [2, 1, 2] }]), null).row.subtaskDependencies).toEqual([{ groupNum: 3, dependencies: [1, 2] }]);
    expect(codeOf(() => problemValues(oi([{ groupNum: 3, dependencies: [4] }]), null))).toBe('PROBLEM_SUBTASK_DEPENDENCY_UNKNOWN');
    expect(codeOf(() => problemValues(oi([{ groupNum: 1, dependencies: [2] }, { groupNum: 2, dependencies: [1] }]), null))).toBe('PROBLEM_SUBTASK_DEPENDENCY_CYCLE');
    // Only the OI subtask modes have subtasks to depend on.
    expect(problemValues(oi([{ groupNum: 3, dependencies: [4] }], { judgeCaseMode: 'default' }), null).row.subtaskDependencies).toBeNull();
    // Stored uploaded cases kept without rows: the stored groups count.
    const kept = dto({ type: 1, judgeCaseMode: 'subtask_average', subtaskDependencies: [{ groupNum: 2, dependencies: [1] }] }, { samples: [], isUploadTestCase: true });
    expect(problemValues(kept, { caseVersion: 'a'.repeat(64), groups: [1, 2] }).row.subtaskDependencies).toEqual([{ groupNum: 2, dependencies: [1] }]);
    expect(codeOf(() => problemValues(kept, { caseVersion: 'a'.repeat(64), groups: [1] }))).toBe('PROBLEM_SUBTASK_DEPENDENCY_UNKNOWN');
  });

  it('reads extra files as JSON text or objects, refusing unsafe names', () => {
    expect(extraFiles('{"a.txt":"x"}', 'f')).toEqual({ 'a.txt': 'x' });
    expect(extraFiles({}, 'f')).toBeNull();
    expect(codeOf(() => extraFiles('{"../a":"x"}', 'f'))).toBe('PROBLEM_FIELD_INVALID');
    expect(codeOf(() => extraFiles('[1]', 'f'))).toBe('PROBLEM_FIELD_INVALID');
    expect(codeOf(() => extraFiles('{"a":""}', 'f'))).toBe('PROBLEM_FIELD_INVALID');
  });
});

describe('self-check verdicts', () => {
  it('matches each package folder with the verdicts it allows', () => {
    expect(verdictMatches('accepted', 0)).toBe(true);
    expect(verdictMatches('accepted', -1)).toBe(false);
    expect(verdictMatches('wrong_answer', -3)).toBe(true);
    expect(verdictMatches('time_limit_exceeded', 1)).toBe(true);
    expect(verdictMatches('time_limit_exceeded', 0)).toBe(false);
    expect(verdictMatches('run_time_error', 3)).toBe(true);
    // A package's run_time_error program that runs out of memory (Kattis has no memory verdict).
    expect(verdictMatches('run_time_error', 2)).toBe(true);
    expect(verdictMatches('run_time_error', 1)).toBe(false);
    expect(verdictMatches('rejected', -1)).toBe(true);
    expect(verdictMatches('rejected', 4)).toBe(false);
    expect(verdictMatches('accepted', 7)).toBeNull();
    expect(verdictMatches('accepted', null)).toBeNull();
  });
});
