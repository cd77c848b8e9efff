import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { contestRow } from '../testing/fixtures';
import { acAndTotal, countCuts, problemCountOf } from './contest-counts';

const T0 = Date.UTC(2026, 0, 1, 8);
const H = 3600_000;

describe('the problem counts of a contest', () => {
  it('cut at the end unless after-end submissions are asked for and allowed, and at the seal when sealed', () => {
    const c = contestRow(T0, 5 * 3600, { sealRank: true, sealRankTime: new Date(T0 + 4 * H) });
    expect(countCuts(c, false, false)).toEqual({ endS: 5 * 3600, sealS: null });
    expect(countCuts(c, true, false)).toEqual({ endS: 5 * 3600, sealS: 4 * 3600 });
    // After-the-end submissions: only with the switch, where allowed, never while sealed.
    expect(countCuts(c, false, true)).toEqual({ endS: 5 * 3600, sealS: null });
    const open = { ...c, allowEndSubmit: true };
    expect(countCuts(open, false, true)).toEqual({ endS: null, sealS: null });
    expect(countCuts(open, true, true)).toEqual({ endS: 5 * 3600, sealS: 4 * 3600 });
    expect(countCuts(contestRow(T0, 3600), true, false)).toEqual({ endS: 3600, sealS: null });
  });

  it('tally accepted and all submissions per problem, and one problem by verdict', () => {
    const rows = [
      { displayId: 'A', status: JudgeStatus.ACCEPTED, n: 2 },
      { displayId: 'A', status: JudgeStatus.WRONG_ANSWER, n: 3 },
      { displayId: 'B', status: null, n: 1 },
      { displayId: 'B', status: JudgeStatus.COMPILE_ERROR, n: 4 },
    ];
    expect(Object.fromEntries(acAndTotal(rows))).toEqual({ A: { ac: 2, total: 5 }, B: { ac: 0, total: 5 } });
    expect(problemCountOf(7, rows.slice(2))).toEqual({ pid: 7, total: 5, ac: 0, wa: 0, tle: 0, mle: 0, re: 0, pe: 0, ce: 4, se: 0, pa: 0 });
  });
});
