import { describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeEvent } from '@oj/proto';
import { EVENT_TEXT_MAX, isFinalVerdict, isPermanentDbError, sanitizeEvent } from './ingester';

describe('sanitizeEvent', () => {
  it('strips NUL characters, bounds text and clamps integers to the integer columns', () => {
    const ev: JudgeEvent = {
      kind: 'final',
      submitId: 1,
      version: 1,
      judger: 'r\0',
      status: JudgeStatus.WRONG_ANSWER,
      score: 3e9,
      time: -3e9,
      memory: null,
      errorMessage: `a\0${'x'.repeat(EVENT_TEXT_MAX.errorMessage)}`,
      cases: [{ caseId: 1, index: 1, status: -1, time: 5e9, memory: 1, score: 0, groupNum: null, userOutput: '\0'.repeat(10) + 'y'.repeat(5000), message: 'm\0' }],
    };
    const out = sanitizeEvent(ev);
    expect(out).toMatchObject({ judger: 'r', score: 2_147_483_647, time: -2_147_483_647, memory: null });
    if (out.kind !== 'final') throw new Error('kind changed');
    expect(out.errorMessage).toHaveLength(EVENT_TEXT_MAX.errorMessage);
    expect(out.errorMessage!.startsWith('ax')).toBe(true);
    expect(out.cases[0]).toMatchObject({ time: 2_147_483_647, message: 'm' });
    expect(out.cases[0]!.userOutput).toBe('y'.repeat(EVENT_TEXT_MAX.userOutput));
  });
});

describe('isFinalVerdict', () => {
  it('accepts verdicts only', () => {
    for (const s of [-4, -3, -2, -1, 0, 1, 2, 3, 4, 8, 10]) expect(isFinalVerdict(s)).toBe(true);
    for (const s of [-10, -5, 5, 6, 7, 9, 15, 42]) expect(isFinalVerdict(s)).toBe(false);
  });
});

describe('isPermanentDbError', () => {
  const pgError = (code: string) => Object.assign(new Error('pg'), { code });
  it('tells data errors (also wrapped as a cause) from transient ones', () => {
    expect(isPermanentDbError(pgError('22021'))).toBe(true); // invalid byte sequence (NUL)
    expect(isPermanentDbError(pgError('22003'))).toBe(true); // numeric value out of range
    expect(isPermanentDbError(new Error('query failed', { cause: pgError('23503') }))).toBe(true);
    expect(isPermanentDbError(pgError('40P01'))).toBe(false); // deadlock: retry
    expect(isPermanentDbError(pgError('ECONNREFUSED'))).toBe(false);
    expect(isPermanentDbError(new Error('x'))).toBe(false);
  });
});
