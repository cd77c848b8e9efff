import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { checkOutput } from './checker';

describe('default checker', () => {
  it('accepts an exact match', () => {
    expect(checkOutput('3\n', '3\n')).toBe(JudgeStatus.ACCEPTED);
  });
  it('ignores trailing spaces per line, CRLF and trailing blank lines', () => {
    expect(checkOutput('1 2\n3\n', '1 2   \r\n3\t\n\n\n')).toBe(JudgeStatus.ACCEPTED);
    expect(checkOutput('3', '3\n')).toBe(JudgeStatus.ACCEPTED);
    expect(checkOutput('3\n\n', '3', { isRemoveEndBlank: false })).toBe(JudgeStatus.ACCEPTED);
  });
  it('gives Presentation Error when only whitespace differs', () => {
    expect(checkOutput('1 2\n', '1  2\n')).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(checkOutput('1 2\n', '1\n2\n')).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(checkOutput('12\n', '\n12\n')).toBe(JudgeStatus.PRESENTATION_ERROR);
  });
  it('gives Wrong Answer otherwise', () => {
    expect(checkOutput('3\n', '4\n')).toBe(JudgeStatus.WRONG_ANSWER);
    expect(checkOutput('3\n', '')).toBe(JudgeStatus.WRONG_ANSWER);
    expect(checkOutput('1 2\n', '1 2 3\n')).toBe(JudgeStatus.WRONG_ANSWER);
  });
});
