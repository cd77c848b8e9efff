import { describe, expect, it } from 'vitest';
import { OjError } from '@oj/proto';
import { secondsToWait, validateCode } from './validation';

const codeOf = (fn: () => void): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof OjError ? e.code : 'other';
  }
};

describe('validateCode', () => {
  const long = 'int main() { return 0; }\n'.repeat(3);

  it('accepts normal code', () => {
    expect(codeOf(() => validateCode(long, 'C++'))).toBeNull();
  });

  it('rejects empty or blank code', () => {
    expect(codeOf(() => validateCode('', 'C++'))).toBe('CODE_EMPTY');
    expect(codeOf(() => validateCode(' \n\t ', 'Python3'))).toBe('CODE_EMPTY');
  });

  it('enforces the 50-character minimum except for short-code languages', () => {
    expect(codeOf(() => validateCode('print(1)', 'C'))).toBe('CODE_TOO_SHORT');
    expect(codeOf(() => validateCode('print(1)', 'Python3'))).toBeNull();
    expect(codeOf(() => validateCode('console.log(1)', 'JavaScript Node'))).toBeNull();
    expect(codeOf(() => validateCode('x'.repeat(50), 'Java'))).toBeNull();
    expect(codeOf(() => validateCode('x'.repeat(49), 'Java'))).toBe('CODE_TOO_SHORT');
  });

  it('enforces the 65535-character maximum', () => {
    expect(codeOf(() => validateCode('x'.repeat(65_535), 'C'))).toBeNull();
    expect(codeOf(() => validateCode('x'.repeat(65_536), 'Python3'))).toBe('CODE_TOO_LONG');
  });
});

describe('secondsToWait', () => {
  const now = new Date('2025-01-01T00:00:10.000Z');
  it('is 0 without a previous submission or once the interval passed', () => {
    expect(secondsToWait(null, now, 8)).toBe(0);
    expect(secondsToWait(new Date('2025-01-01T00:00:02.000Z'), now, 8)).toBe(0);
    expect(secondsToWait(new Date('2025-01-01T00:00:09.000Z'), now, 0)).toBe(0);
  });
  it('rounds the remaining wait up to whole seconds', () => {
    expect(secondsToWait(new Date('2025-01-01T00:00:09.500Z'), now, 8)).toBe(8);
    expect(secondsToWait(new Date('2025-01-01T00:00:02.001Z'), now, 8)).toBe(1);
  });
});
