import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { compareBytes, compareLines, compareUnorderedLines, tokenFlags } from './builtin-checkers';

const { ACCEPTED: AC, WRONG_ANSWER: WA } = JudgeStatus;

describe('built-in checkers', () => {
  it('lines: tokens of each line, blank lines at the end ignored, the line count must match', () => {
    expect(compareLines('1 2\r\n3\n', '1\t2  \n3\n\n \n').status).toBe(AC);
    expect(compareLines('1 2\n3\n', '1\n2 3\n')).toEqual({ status: WA, message: 'line 1 differs from the answer' });
    expect(compareLines('1\n', '1\n2\n')).toEqual({ status: WA, message: 'the output has 2 lines, the answer 1' });
    expect(compareLines('1\n\n2\n', '1\n2\n').status).toBe(WA);
  });
  it('unordered lines: a multiset of lines, trailing blanks and empty lines ignored', () => {
    expect(compareUnorderedLines('a\nb\nb\n', 'b \nb\n\na\n').status).toBe(AC);
    expect(compareUnorderedLines('a\nb\nb\n', 'a\na\nb\n').status).toBe(WA);
    expect(compareUnorderedLines('a b\n', 'a  b\n').status).toBe(WA);
  });
  it('bytes: identical or the first byte that differs', () => {
    expect(compareBytes(Buffer.from('3\n'), Buffer.from('3\n')).status).toBe(AC);
    expect(compareBytes(Buffer.from('3\n'), Buffer.from('3\r\n'))).toEqual({ status: WA, message: 'the output differs from the answer at byte 2' });
    expect(compareBytes(Buffer.from('3\n'), Buffer.from('3'))).toEqual({ status: WA, message: 'the output has 1 bytes, the answer 2' });
  });
  it('token checkers are the ICPC default validator with fixed flags; float takes the problem\'s tolerances', () => {
    expect(tokenFlags('tokens', {})).toEqual({ caseSensitive: true, spaceChangeSensitive: false, absoluteTolerance: -1, relativeTolerance: -1 });
    expect(tokenFlags('tokens_ci', {}).caseSensitive).toBe(false);
    expect(tokenFlags('float', {})).toMatchObject({ caseSensitive: true, absoluteTolerance: 1e-6, relativeTolerance: 1e-6 });
    expect(tokenFlags('float', { floatAbsoluteTolerance: 0.01 })).toMatchObject({ absoluteTolerance: 0.01, relativeTolerance: -1 });
    expect(tokenFlags('float', { floatRelativeTolerance: 0 })).toMatchObject({ absoluteTolerance: -1, relativeTolerance: 0 });
  });
});
