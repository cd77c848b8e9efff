import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { counterColumn, counterDelta } from './counters';

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
});
