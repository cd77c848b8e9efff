import { describe, expect, it } from 'vitest';
import { checkerKey, formToDTO, newProblemForm, spreadScores, validateProblemForm, withType, type ProblemFormState } from './problem-form-model';

const name = (lid: number) => `L${lid}`;
const filled = (p: Partial<ProblemFormState> = {}): ProblemFormState => ({
  ...newProblemForm([1, 2]),
  problemId: 'P1',
  title: 'T',
  input: 'in',
  output: 'out',
  isUploadCase: false,
  cases: [{ input: '1', output: '1', score: '0', groupNum: '' }],
  ...p,
});

describe('the problem form model', () => {
  it('spreads 100 evenly with the remainder on the last cases', () => {
    expect(spreadScores(3)).toEqual([33, 33, 34]);
    expect(spreadScores(6)).toEqual([16, 16, 17, 17, 17, 17]);
    expect(spreadScores(0)).toEqual([]);
    expect(spreadScores(7).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('switching to OI spreads the scores; back to ACM keeps them', () => {
    const oi = withType(filled({ cases: Array.from({ length: 3 }, () => ({ input: 'a', output: 'b', score: '0', groupNum: '' })) }), 1);
    expect(oi.cases.map((c) => c.score)).toEqual(['33', '33', '34']);
    expect(withType(oi, 0).cases.map((c) => c.score)).toEqual(['33', '33', '34']);
  });

  it('reports the first broken rule in the form order', () => {
    expect(validateProblemForm(filled({ title: ' ' }), name)).toEqual({ id: 'problemAdmin.form.required', values: { field: 'problemAdmin.form.title' } });
    expect(validateProblemForm(filled({ isFileIO: true, ioReadFileName: 'a' }), name)?.id).toBe('problemAdmin.form.fileIoNames');
    expect(validateProblemForm(filled({ cases: [] }), name)?.id).toBe('problemAdmin.form.casesRequired');
    expect(validateProblemForm(filled({ isUploadCase: true, cases: [] }), name)?.id).toBe('problemAdmin.form.uploadRequired');
    expect(validateProblemForm(filled({ type: 1, cases: [{ input: '1', output: '1', score: '1.5', groupNum: '' }] }), name)).toEqual({ id: 'problemAdmin.form.caseScore', values: { index: 1 } });
    expect(validateProblemForm(filled({ judgeCaseMode: 'subtask_average' }), name)?.id).toBe('problemAdmin.form.caseGroup');
    expect(validateProblemForm(filled({ judgeMode: 'spj', spjCode: 'int main(){}' }), name)?.id).toBe('problemAdmin.form.checkerNotCompiled');
    const compiled = filled({ judgeMode: 'spj', spjCode: 'int main(){}' });
    expect(validateProblemForm({ ...compiled, compiledChecker: checkerKey(compiled) }, name)).toBeNull();
    expect(validateProblemForm(filled({ languages: [] }), name)?.id).toBe('problemAdmin.form.languageRequired');
    expect(validateProblemForm(filled({ templates: [{ lid: 2, code: ' ', enabled: true }] }), name)).toEqual({ id: 'problemAdmin.form.templateEmpty', values: { language: 'L2' } });
    expect(validateProblemForm(filled(), name)).toBeNull();
  });

  it('builds the ProblemDTO the server takes', () => {
    const dto = formToDTO(filled({ type: 1, judgeCaseMode: 'subtask_lowest', cases: [{ input: 'a', output: 'b', score: '60', groupNum: '2' }], tags: [{ id: 3, name: 'dp' }, { name: 'new' }] }), name);
    expect(dto.samples).toEqual([{ input: 'a', output: 'b', score: 60, groupNum: 2 }]);
    expect(dto.languages).toEqual([{ id: 1, name: 'L1' }, { id: 2, name: 'L2' }]);
    expect(dto.tags).toEqual([{ id: 3, name: 'dp' }, { name: 'new' }]);
    expect(dto.problem.spjCode).toBeNull();
    expect(dto.isUploadTestCase).toBe(false);
    // No ICPC validator: no validatorFlags at all (a null would reach the server as '', the validator without flags).
    expect('validatorFlags' in dto.problem).toBe(false);
    expect(formToDTO(filled({ icpcValidator: true, validatorFlags: ' case_sensitive ' }), name).problem.validatorFlags).toBe('case_sensitive');
    expect(formToDTO(filled({ icpcValidator: true }), name).problem.validatorFlags).toBe('');
  });
});
