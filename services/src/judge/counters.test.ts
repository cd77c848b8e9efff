import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { counterColumn, counterDelta, countedAs, STATUS_OF_COLUMN } from './counters';

describe('problem status counters', () => {
  it('counts a first final in total and in its column', () => {
    expect(counterDelta(null, JudgeStatus.ACCEPTED)).toEqual({ total: 1, ac: 1 });
    expect(counterDelta(null, JudgeStatus.PARTIAL_ACCEPTED)).toEqual({ total: 1, pa: 1 });
    expect(counterDelta(null, JudgeStatus.COMPILE_ERROR)).toEqual({ total: 1, ce: 1 });
  });

  it('moves a rejudged verdict between columns without touching total', () => {
    expect(counterDelta(JudgeStatus.WRONG_ANSWER, JudgeStatus.ACCEPTED)).toEqual({ wa: -1, ac: 1 });
  });

  it('changes nothing when the same verdict is counted again', () => {
    expect(counterDelta(JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED)).toEqual({});
  });

  it('counts statuses without a column in total only', () => {
    expect(counterColumn(JudgeStatus.CANCELLED)).toBeUndefined();
    expect(counterDelta(null, JudgeStatus.CANCELLED)).toEqual({ total: 1 });
    expect(counterDelta(JudgeStatus.CANCELLED, JudgeStatus.TIME_LIMIT_EXCEEDED)).toEqual({ tle: 1 });
  });

  it('takes a counted submission out entirely when it no longer counts, and leaves an uncounted one alone', () => {
    expect(counterDelta(JudgeStatus.ACCEPTED, null)).toEqual({ total: -1, ac: -1 });
    expect(counterDelta(JudgeStatus.CANCELLED, null)).toEqual({ total: -1 });
    expect(counterDelta(null, null)).toEqual({});
  });

  it('counts practice verdicts only: a contest submission is never counted', () => {
    expect(countedAs({ cid: 0 }, JudgeStatus.WRONG_ANSWER)).toBe(JudgeStatus.WRONG_ANSWER);
    expect(countedAs({ cid: 12 }, JudgeStatus.ACCEPTED)).toBeNull();
  });

  it('knows the status behind each column', () => {
    for (const [col, status] of Object.entries(STATUS_OF_COLUMN)) expect(counterColumn(status)).toBe(col);
    expect(STATUS_OF_COLUMN.ac).toBe(JudgeStatus.ACCEPTED);
  });
});
