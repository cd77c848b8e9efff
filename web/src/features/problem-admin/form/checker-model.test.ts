import { describe, expect, it } from 'vitest';
import { checkerProblem, checkerStateFromDetail, checkerToDTO, formGroups, type CheckerForm } from './checker-model';

const form = (p: Partial<CheckerForm> = {}): CheckerForm => ({
  checker: 'default',
  floatAbsoluteTolerance: '',
  floatRelativeTolerance: '',
  subtaskDependencies: {},
  judgeMode: 'default',
  icpcValidator: false,
  type: 1,
  judgeCaseMode: 'subtask_lowest',
  cases: [{ groupNum: '1' }, { groupNum: '2' }, { groupNum: '2' }, { groupNum: '3' }],
  ...p,
});

describe('the checker and subtask dependency fields', () => {
  it('sends the built-in checker in judge mode default without the ICPC validator, tolerances for float only', () => {
    expect(checkerToDTO(form({ checker: 'float', floatAbsoluteTolerance: '1e-4', floatRelativeTolerance: ' ' }))).toEqual({ checker: 'float', floatAbsoluteTolerance: 1e-4 });
    expect(checkerToDTO(form({ checker: 'lines', floatAbsoluteTolerance: '1' }))).toEqual({ checker: 'lines' });
    expect(checkerToDTO(form({ checker: 'lines', icpcValidator: true })).checker).toBe('default');
    expect(checkerToDTO(form({ checker: 'tokens', judgeMode: 'spj' })).checker).toBe('default');
  });
  it('refuses a tolerance that is not a number of at least 0', () => {
    expect(checkerProblem(form({ checker: 'float', floatRelativeTolerance: '-1' }))).toEqual({ id: 'checkers.form.toleranceInvalid', values: { field: 'checkers.form.relativeTolerance' } });
    expect(checkerProblem(form({ checker: 'float', floatAbsoluteTolerance: 'abc' }))?.id).toBe('checkers.form.toleranceInvalid');
    expect(checkerProblem(form({ checker: 'float', floatAbsoluteTolerance: '0', floatRelativeTolerance: '1e-9' }))).toBeNull();
    expect(checkerProblem(form({ checker: 'tokens', floatAbsoluteTolerance: 'abc' }))).toBeNull();
  });
  it('reads dependencies per group, refusing words, unknown groups and cycles (OI subtask modes only)', () => {
    expect(formGroups(form())).toEqual([1, 2, 3]);
    const deps = form({ subtaskDependencies: { '3': '2, 1，2', '2': '' } });
    expect(checkerProblem(deps)).toBeNull();
    expect(checkerToDTO(deps).subtaskDependencies).toEqual([{ groupNum: 3, dependencies: [2, 1, 2] }]);
    expect(checkerProblem(form({ subtaskDependencies: { '3': 'one' } }))).toEqual({ id: 'checkers.form.dependencyInvalid', values: { group: 3 } });
    expect(checkerProblem(form({ subtaskDependencies: { '3': '4' } }))).toEqual({ id: 'checkers.form.dependencyUnknown', values: { group: 4 } });
    expect(checkerProblem(form({ subtaskDependencies: { '1': '3', '3': '1' } }))).toEqual({ id: 'checkers.form.dependencyCycle', values: { group: 1 } });
    // A group no case has any more is left out; outside the OI subtask modes nothing is sent or checked.
    expect(checkerToDTO(form({ subtaskDependencies: { '9': '1' } })).subtaskDependencies).toBeUndefined();
    expect(checkerProblem(form({ type: 0, subtaskDependencies: { '3': '4' } }))).toBeNull();
    expect(checkerToDTO(form({ judgeCaseMode: 'default', subtaskDependencies: { '3': '2' } })).subtaskDependencies).toBeUndefined();
  });
  it('loads what the server stored', () => {
    expect(checkerStateFromDetail({ checker: 'float', floatAbsoluteTolerance: 0.5, floatRelativeTolerance: null, subtaskDependencies: [{ groupNum: 3, dependencies: [1, 2] }] })).toEqual({
      checker: 'float',
      floatAbsoluteTolerance: '0.5',
      floatRelativeTolerance: '',
      subtaskDependencies: { '3': '1, 2' },
    });
  });
});
