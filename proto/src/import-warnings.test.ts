import { describe, expect, it } from 'vitest';
import { formatImportWarning, importWarningParams, isImportWarningCode } from './import-warnings';

describe('import warnings', () => {
  it('fill their params into the English sentence', () => {
    expect(formatImportWarning('PROBLEM_ID_TAKEN', { base: 'A+B', problemId: 'A+B-1' })).toBe('the display id A+B was taken; imported as A+B-1');
    expect(formatImportWarning('ICPC_NO_MEMORY_LIMIT', { mb: 1024 })).toBe('the package sets no memory limit; 1024 MB is used');
    expect(formatImportWarning('ICPC_NO_STATEMENT', {})).toBe('the package has no problem statement');
  });

  it('name their params and know their codes', () => {
    expect(importWarningParams('HYDRO_LINK_MISSING')).toEqual(['where', 'ref']);
    expect(importWarningParams('NO_TEST_CASES')).toEqual([]);
    expect(isImportWarningCode('NO_TEST_CASES')).toBe(true);
    expect(isImportWarningCode('toString')).toBe(false);
    expect(isImportWarningCode(undefined)).toBe(false);
  });
});
