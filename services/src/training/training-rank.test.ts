import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { buildRank, cellOf, totalsOf } from './training-rank';
import type { MemberRow, StandingRow } from './training-rank.repo';

const member = (uid: string, extra: Partial<MemberRow> = {}): MemberRow => ({ uid, username: uid, realname: `Real ${uid}`, nickname: null, school: null, gender: null, avatar: null, ...extra });
const ac = (uid: string, pid: number, acTime: number): StandingRow => ({ uid, pid, ac: true, acTime, lastStatus: JudgeStatus.WRONG_ANSWER, lastTime: 5 });
const tried = (uid: string, pid: number, status: number, time: number | null): StandingRow => ({ uid, pid, ac: false, acTime: null, lastStatus: status, lastTime: time });
const displayIds = new Map([
  [10, 'P10'],
  [11, 'P11'],
  [12, 'P12'],
]);

describe('training rank cells', () => {
  it('shows an accepted problem as 0 with its best run time even after a later failure, else the latest verdict', () => {
    expect(cellOf(ac('a', 10, 12))).toEqual({ status: 0, runTime: 12 });
    expect(cellOf(tried('a', 10, JudgeStatus.TIME_LIMIT_EXCEEDED, 1000))).toEqual({ status: JudgeStatus.TIME_LIMIT_EXCEEDED, runTime: 1000 });
  });

  it('counts solved problems and sums their best accepted run times only', () => {
    expect(totalsOf([ac('a', 10, 12), tried('a', 11, -1, 900), ac('a', 12, 30)])).toEqual({ ac: 2, totalRunTime: 42 });
    expect(totalsOf([])).toEqual({ ac: 0, totalRunTime: 0 });
  });
});

describe('buildRank', () => {
  const members = [member('ann'), member('bob', { gender: 'female', school: 'MIT' }), member('cat'), member('dan')];
  const rows = [ac('ann', 10, 50), ac('bob', 10, 20), ac('bob', 11, 20), ac('cat', 10, 30), ac('cat', 11, 10), tried('dan', 12, JudgeStatus.COMPILE_ERROR, null), ac('dan', 99, 1)];

  it('orders by solved descending, then total run time ascending; equal rows share a number; members without a submission are listed', () => {
    const ranked = buildRank([...members, member('eve')], rows, { displayIds, admin: false });
    expect(ranked.map((r) => [r.rank, r.username, r.ac, r.totalRunTime])).toEqual([
      [1, 'bob', 2, 40],
      [1, 'cat', 2, 40],
      [3, 'ann', 1, 50],
      [4, 'dan', 0, 0],
      [4, 'eve', 0, 0],
    ]);
    // Cells are keyed by display id; a problem no longer in the training is left out.
    expect(ranked.find((r) => r.username === 'dan')!.submissionInfo).toEqual({ P12: { status: JudgeStatus.COMPILE_ERROR, runTime: null } });
  });

  it('shows real names to the training admins only, and searches them only then', () => {
    expect(buildRank(members, rows, { displayIds, admin: false }).every((r) => r.realname === null)).toBe(true);
    expect(buildRank(members, rows, { displayIds, admin: true }).find((r) => r.uid === 'ann')!.realname).toBe('Real ann');
    expect(buildRank(members, rows, { displayIds, admin: false, keyword: 'real ann' })).toEqual([]);
    expect(buildRank(members, rows, { displayIds, admin: true, keyword: 'REAL ANN' }).map((r) => r.username)).toEqual(['ann']);
  });

  it('keeps the global rank numbers when searching (username, nickname, school)', () => {
    expect(buildRank(members, rows, { displayIds, admin: false, keyword: 'mit' }).map((r) => [r.rank, r.username])).toEqual([[1, 'bob']]);
    expect(buildRank(members, rows, { displayIds, admin: false, keyword: ' ann ' }).map((r) => [r.rank, r.username])).toEqual([[3, 'ann']]);
  });
});
