// Hand-checked cases for every scoreboard rule.
import { describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '../judge-status';
import { ScoreboardEngine } from './engine';
import { applyMoves, compareRows, rankRows } from './ranking';
import { recordKind } from './records';
import type { AcmRow, AwardConfig, BoardConfig, BoardRow, OiRow, ScoreRecord } from './types';

const PROBLEMS = ['A', 'B', 'C'];

function acmConfig(over: Partial<BoardConfig> = {}): BoardConfig {
  return { type: 0, durationS: 18_000, sealS: null, containsEnd: false, oiRankScoreType: 'Recent', starUids: [], awardType: 0, awards: [], ...over };
}
function oiConfig(over: Partial<BoardConfig> = {}): BoardConfig {
  return acmConfig({ type: 1, ...over });
}

let ids = 0;
function rec(uid: string, displayId: string, time: number, status: number, extra: Partial<ScoreRecord> = {}): ScoreRecord {
  return { id: ++ids, uid, displayId, time, status, score: null, useTime: null, ...extra };
}

function acmRow(engine: ScoreboardEngine, uid: string): AcmRow {
  const row = engine.row(uid);
  if (!row) throw new Error(`no row for ${uid}`);
  return row as AcmRow;
}
function oiRow(engine: ScoreboardEngine, uid: string): OiRow {
  const row = engine.row(uid);
  if (!row) throw new Error(`no row for ${uid}`);
  return row as OiRow;
}
const order = (engine: ScoreboardEngine) => engine.rows().map((r) => r.uid);
const ranks = (engine: ScoreboardEngine) => engine.rows().map((r) => r.rank);

describe('recordKind', () => {
  it('maps AC to 1, WA/PE/TLE/MLE/RE to −1 and everything else to 0', () => {
    expect(recordKind(S.ACCEPTED)).toBe(1);
    for (const s of [S.WRONG_ANSWER, S.PRESENTATION_ERROR, S.TIME_LIMIT_EXCEEDED, S.MEMORY_LIMIT_EXCEEDED, S.RUNTIME_ERROR]) {
      expect(recordKind(s)).toBe(-1);
    }
    for (const s of [S.COMPILE_ERROR, S.SYSTEM_ERROR, S.PARTIAL_ACCEPTED, S.CANCELLED, S.SUBMITTED_FAILED, S.SUBMITTED_UNKNOWN_RESULT]) {
      expect(recordKind(s)).toBe(0);
    }
  });
});

describe('ACM penalty', () => {
  it('counts whole minutes, rounded down, and 20 minutes per penalised try before the AC', () => {
    const e = ScoreboardEngine.build(acmConfig(), PROBLEMS, [
      rec('u59', 'A', 59, S.ACCEPTED),
      rec('u61', 'A', 61, S.ACCEPTED),
      rec('u1234', 'A', 100, S.WRONG_ANSWER),
      rec('u1234', 'A', 200, S.TIME_LIMIT_EXCEEDED),
      rec('u1234', 'A', 1234, S.ACCEPTED),
    ]);
    expect(acmRow(e, 'u59').totalTime).toBe(0);
    expect(acmRow(e, 'u61').totalTime).toBe(60);
    const r = acmRow(e, 'u1234');
    expect(r.totalTime).toBe(60 * 60); // 20 + 20 + 20 minutes
    expect(r.submissionInfo.A).toEqual({ errorNum: 2, tryNum: 0, isAC: true, isFirstAC: false, ACTime: 1234, isAfterContest: false });
    expect(r.ac).toBe(1);
    expect(r.total).toBe(3);
    expect(r.lastAcTime).toBe(1234);
  });

  it('penalises PE, TLE, MLE and RE but not CE, SE, PA, Cancelled or Submitted Failed', () => {
    const e = ScoreboardEngine.build(acmConfig(), PROBLEMS, [
      rec('u', 'A', 10, S.COMPILE_ERROR),
      rec('u', 'A', 20, S.SYSTEM_ERROR),
      rec('u', 'A', 30, S.PARTIAL_ACCEPTED),
      rec('u', 'A', 40, S.CANCELLED),
      rec('u', 'A', 50, S.SUBMITTED_FAILED),
      rec('u', 'A', 600, S.ACCEPTED),
      rec('u', 'B', 10, S.PRESENTATION_ERROR),
      rec('u', 'B', 20, S.TIME_LIMIT_EXCEEDED),
      rec('u', 'B', 30, S.MEMORY_LIMIT_EXCEEDED),
      rec('u', 'B', 40, S.RUNTIME_ERROR),
      rec('u', 'B', 1200, S.ACCEPTED),
    ]);
    const r = acmRow(e, 'u');
    expect(r.submissionInfo.A!.errorNum).toBe(0);
    expect(r.submissionInfo.B!.errorNum).toBe(4);
    expect(r.totalTime).toBe((10 + 20 + 80) * 60);
    expect(r.total).toBe(11);
  });

  it('ignores records after the first AC except in total, and counts every rejection of an unsolved problem', () => {
    const e = ScoreboardEngine.build(acmConfig(), PROBLEMS, [
      rec('u', 'A', 100, S.ACCEPTED),
      rec('u', 'A', 200, S.WRONG_ANSWER),
      rec('u', 'A', 300, S.ACCEPTED),
      rec('u', 'B', 100, S.WRONG_ANSWER),
      rec('u', 'B', 200, S.RUNTIME_ERROR),
      rec('u', 'B', 250, S.COMPILE_ERROR),
    ]);
    const r = acmRow(e, 'u');
    expect(r.submissionInfo.A).toMatchObject({ errorNum: 0, isAC: true, ACTime: 100 });
    expect(r.submissionInfo.B).toMatchObject({ errorNum: 2, isAC: false, ACTime: null });
    expect(r.ac).toBe(1);
    expect(r.totalTime).toBe(60);
    expect(r.total).toBe(6);
  });

  it('puts a user with only a compile error on the board with an empty cell', () => {
    const e = ScoreboardEngine.build(acmConfig(), PROBLEMS, [rec('u', 'C', 5, S.COMPILE_ERROR)]);
    expect(acmRow(e, 'u')).toMatchObject({ ac: 0, totalTime: 0, total: 1, lastAcTime: null, rank: 1 });
    expect(acmRow(e, 'u').submissionInfo.C).toEqual({ errorNum: 0, tryNum: 0, isAC: false, isFirstAC: false, ACTime: null, isAfterContest: false });
  });

  it('recomputes a cell when an earlier record arrives late or a record is re-judged', () => {
    const e = new ScoreboardEngine(acmConfig(), PROBLEMS);
    const ac = rec('u', 'A', 1000, S.ACCEPTED);
    e.apply(ac);
    expect(acmRow(e, 'u').totalTime).toBe(16 * 60);
    e.apply(rec('u', 'A', 500, S.WRONG_ANSWER)); // judged later, submitted earlier
    expect(acmRow(e, 'u').totalTime).toBe(36 * 60);
    e.apply({ ...ac, status: S.WRONG_ANSWER }); // rejudge of the same id
    expect(acmRow(e, 'u')).toMatchObject({ ac: 0, totalTime: 0, total: 2 });
    expect(acmRow(e, 'u').submissionInfo.A!.errorNum).toBe(2);
    expect(e.apply({ ...ac, status: S.WRONG_ANSWER })).toEqual([]); // same record again: nothing changes
  });

  it('removes a record that goes back to pending, and the row with its last record', () => {
    const e = new ScoreboardEngine(acmConfig(), PROBLEMS);
    expect(e.apply(rec('p', 'A', 10, S.PENDING))).toEqual([]);
    expect(e.size).toBe(0);
    const a = rec('u', 'A', 10, S.ACCEPTED);
    const b = rec('v', 'A', 20, S.ACCEPTED);
    e.apply(a);
    e.apply(b);
    expect(order(e)).toEqual(['u', 'v']);
    const moves = e.apply({ ...a, status: S.JUDGING });
    expect(moves[0]).toMatchObject({ from: 0, to: 0, removed: true, row: { uid: 'u' } });
    expect(moves[1]).toMatchObject({ from: 0, to: 0, row: { uid: 'v', submissionInfo: { A: { isFirstAC: true } } } });
    expect(order(e)).toEqual(['v']);
    expect(e.row('u')).toBeUndefined();
    expect(e.indexOf('u')).toBe(-1);
  });

  it('ignores records of problems that are not on the board', () => {
    const e = ScoreboardEngine.build(acmConfig(), PROBLEMS, [rec('u', 'Z', 10, S.ACCEPTED)]);
    expect(e.size).toBe(0);
  });
});

describe('ACM order and ranks', () => {
  it('shares a rank on equal solved and penalty (1, 1, 3) and shows the earlier last AC first', () => {
    const e = ScoreboardEngine.build(acmConfig(), PROBLEMS, [
      rec('late', 'A', 60, S.ACCEPTED), // 1 min
      rec('late', 'B', 1740, S.ACCEPTED), // 29 min → 30 min, last AC 1740
      rec('early', 'A', 900, S.ACCEPTED), // 15 min
      rec('early', 'B', 900, S.ACCEPTED), // 15 min → 30 min, last AC 900
      rec('one', 'A', 30, S.ACCEPTED),
      rec('none', 'A', 10, S.WRONG_ANSWER),
    ]);
    expect(order(e)).toEqual(['early', 'late', 'one', 'none']);
    expect(ranks(e)).toEqual([1, 1, 3, 4]);
    expect(acmRow(e, 'early').totalTime).toBe(1800);
    expect(acmRow(e, 'late').totalTime).toBe(1800);
  });

  it('orders full ties by first appearance and ranks seconds within a minute equal', () => {
    const e = ScoreboardEngine.build(acmConfig(), PROBLEMS, [
      rec('second', 'A', 125, S.ACCEPTED),
      rec('first', 'B', 5, S.COMPILE_ERROR),
      rec('first', 'A', 125, S.ACCEPTED),
      rec('third', 'A', 130, S.ACCEPTED), // same minute, later second: same penalty, later last AC
    ]);
    expect(order(e)).toEqual(['first', 'second', 'third']);
    expect(ranks(e)).toEqual([1, 1, 1]);
    expect(compareRows(0, acmRow(e, 'first'), acmRow(e, 'second'))).toBe(0);
    expect(compareRows(0, acmRow(e, 'second'), acmRow(e, 'third'))).toBeLessThan(0);
  });

  it('moves one row per verdict and reports where it went', () => {
    const e = ScoreboardEngine.build(acmConfig(), PROBLEMS, [rec('a', 'A', 100, S.ACCEPTED), rec('b', 'A', 200, S.ACCEPTED), rec('c', 'C', 5, S.WRONG_ANSWER)]);
    expect(order(e)).toEqual(['a', 'b', 'c']);
    const moves = e.apply(rec('c', 'A', 300, S.ACCEPTED));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ from: 2, to: 2, row: { uid: 'c', ac: 1 } });
    const up = e.apply(rec('c', 'B', 400, S.ACCEPTED));
    expect(up[0]).toMatchObject({ from: 2, to: 0, row: { uid: 'c', ac: 2, rank: 1 } });
    expect(order(e)).toEqual(['c', 'a', 'b']);
    expect(e.indexOf('b')).toBe(2);
    const fresh = e.apply(rec('d', 'C', 1, S.COMPILE_ERROR));
    expect(fresh[0]).toMatchObject({ from: -1, to: 3, row: { uid: 'd', rank: 4 } });
  });
});

describe('first blood', () => {
  it('marks the first AC of each problem and shares it within the same second', () => {
    const e = ScoreboardEngine.build(acmConfig(), PROBLEMS, [
      rec('x', 'A', 300, S.ACCEPTED),
      rec('y', 'A', 300, S.ACCEPTED),
      rec('z', 'A', 301, S.ACCEPTED),
      rec('z', 'B', 50, S.WRONG_ANSWER),
      rec('z', 'B', 60, S.ACCEPTED),
    ]);
    expect(acmRow(e, 'x').submissionInfo.A!.isFirstAC).toBe(true);
    expect(acmRow(e, 'y').submissionInfo.A!.isFirstAC).toBe(true);
    expect(acmRow(e, 'z').submissionInfo.A!.isFirstAC).toBe(false);
    expect(acmRow(e, 'z').submissionInfo.B!.isFirstAC).toBe(true);
    expect(e.firstAcTime('A')).toBe(300);
    expect(e.firstAcTime('C')).toBeNull();
  });

  it('moves first blood to an earlier AC judged later, returning both rows', () => {
    const e = new ScoreboardEngine(acmConfig(), PROBLEMS);
    e.apply(rec('x', 'A', 500, S.ACCEPTED));
    expect(acmRow(e, 'x').submissionInfo.A!.isFirstAC).toBe(true);
    const early = rec('y', 'A', 400, S.ACCEPTED);
    const moves = e.apply(early);
    expect(moves.map((m) => m.row.uid)).toEqual(['y', 'x']);
    expect((moves[0]!.row as AcmRow).submissionInfo.A!.isFirstAC).toBe(true);
    expect((moves[1]!.row as AcmRow).submissionInfo.A!.isFirstAC).toBe(false);
    expect(acmRow(e, 'x').submissionInfo.A!.isFirstAC).toBe(false);
    // The earlier AC is re-judged wrong: first blood goes back.
    const back = e.apply({ ...early, status: S.WRONG_ANSWER });
    expect(back.map((m) => m.row.uid)).toEqual(['y', 'x']);
    expect(acmRow(e, 'x').submissionInfo.A!.isFirstAC).toBe(true);
  });

  it('keeps first blood for star users and never gives it to an AC after the contest', () => {
    const e = ScoreboardEngine.build(acmConfig({ starUids: ['star'], containsEnd: true }), PROBLEMS, [
      rec('star', 'A', 100, S.ACCEPTED),
      rec('u', 'A', 200, S.ACCEPTED),
      rec('late', 'B', 18_000, S.ACCEPTED),
    ]);
    expect(acmRow(e, 'star').submissionInfo.A!.isFirstAC).toBe(true);
    expect(acmRow(e, 'u').submissionInfo.A!.isFirstAC).toBe(false);
    expect(acmRow(e, 'late').submissionInfo.B).toMatchObject({ isAC: true, isAfterContest: true, isFirstAC: false });
  });
});

describe('seal', () => {
  const cfg = acmConfig({ sealS: 14_400 });

  it('shows records from the seal on as pending tries only (e + t)', () => {
    const e = ScoreboardEngine.build(cfg, PROBLEMS, [
      rec('u', 'A', 100, S.WRONG_ANSWER),
      rec('u', 'A', 14_400, S.WRONG_ANSWER),
      rec('u', 'A', 15_000, S.ACCEPTED),
      rec('u', 'B', 14_399, S.ACCEPTED),
      rec('u', 'C', 16_000, S.COMPILE_ERROR),
    ]);
    const r = acmRow(e, 'u');
    expect(r.submissionInfo.A).toEqual({ errorNum: 1, tryNum: 2, isAC: false, isFirstAC: false, ACTime: null, isAfterContest: false });
    expect(r.submissionInfo.B).toMatchObject({ isAC: true, isFirstAC: true, ACTime: 14_399 });
    expect(r.submissionInfo.C).toMatchObject({ tryNum: 1, errorNum: 0 });
    expect(r).toMatchObject({ ac: 1, total: 5, totalTime: 239 * 60 });
    expect(e.firstAcTime('A')).toBeNull(); // a problem first solved under the seal shows no first blood
  });

  it('ignores records after a pre-seal AC (no tries) and drops records after the end', () => {
    const e = ScoreboardEngine.build({ ...cfg, containsEnd: true }, PROBLEMS, [
      rec('u', 'A', 1000, S.ACCEPTED),
      rec('u', 'A', 15_000, S.WRONG_ANSWER),
      rec('u', 'B', 18_000, S.ACCEPTED),
      rec('v', 'B', 19_000, S.ACCEPTED),
    ]);
    expect(acmRow(e, 'u').submissionInfo.A).toMatchObject({ tryNum: 0, errorNum: 0, isAC: true });
    expect(acmRow(e, 'u').total).toBe(2);
    expect(acmRow(e, 'u').submissionInfo.B).toBeUndefined();
    expect(e.row('v')).toBeUndefined();
  });

  it('the live view of the same records shows the results', () => {
    const records = [rec('u', 'A', 100, S.WRONG_ANSWER), rec('u', 'A', 15_000, S.ACCEPTED)];
    const live = ScoreboardEngine.build(acmConfig(), PROBLEMS, records);
    expect(acmRow(live, 'u').submissionInfo.A).toMatchObject({ errorNum: 1, tryNum: 0, isAC: true, isFirstAC: true, ACTime: 15_000 });
    expect(acmRow(live, 'u').totalTime).toBe((250 + 20) * 60);
  });
});

describe('after the contest', () => {
  const records = () => [rec('u', 'A', 100, S.ACCEPTED), rec('u', 'B', 18_000, S.WRONG_ANSWER), rec('u', 'B', 18_100, S.ACCEPTED), rec('w', 'A', 20_000, S.ACCEPTED)];

  it('drops records at or after the end by default', () => {
    const e = ScoreboardEngine.build(acmConfig(), PROBLEMS, records());
    expect(acmRow(e, 'u')).toMatchObject({ ac: 1, total: 1, totalTime: 60 });
    expect(e.row('w')).toBeUndefined();
    expect(e.apply(rec('u', 'C', 18_001, S.ACCEPTED))).toEqual([]);
  });

  it('includes them with containsEnd and flags the AC as after the contest', () => {
    const e = ScoreboardEngine.build(acmConfig({ containsEnd: true }), PROBLEMS, records());
    const u = acmRow(e, 'u');
    expect(u).toMatchObject({ ac: 2, total: 3, totalTime: (1 + 301 + 20) * 60, lastAcTime: 18_100 });
    expect(u.submissionInfo.B).toEqual({ errorNum: 1, tryNum: 0, isAC: true, isFirstAC: false, ACTime: 18_100, isAfterContest: true });
    expect(acmRow(e, 'w').submissionInfo.A).toMatchObject({ isAfterContest: true, isFirstAC: false });
  });
});

describe('star users', () => {
  it('rank −1, use no rank number, keep their sorted place and win no award', () => {
    const awards: AwardConfig[] = [{ priority: 1, name: 'Gold', background: '#ffd700', color: '#000', num: 1 }];
    const e = ScoreboardEngine.build(acmConfig({ starUids: ['star'], awardType: 2, awards }), PROBLEMS, [
      rec('star', 'A', 60, S.ACCEPTED),
      rec('star', 'B', 60, S.ACCEPTED),
      rec('a', 'A', 120, S.ACCEPTED),
      rec('b', 'A', 180, S.ACCEPTED),
    ]);
    expect(order(e)).toEqual(['star', 'a', 'b']);
    expect(ranks(e)).toEqual([-1, 1, 2]);
    expect(acmRow(e, 'star')).toMatchObject({ isWinAward: false, awardName: null });
    expect(acmRow(e, 'a')).toMatchObject({ isWinAward: true, awardName: 'Gold', awardBackground: '#ffd700', awardColor: '#000' });
    expect(acmRow(e, 'b')).toMatchObject({ isWinAward: false, awardName: null, awardBackground: null, awardColor: null });
  });

  it('does not split a tie around a star row', () => {
    const e = ScoreboardEngine.build(acmConfig({ starUids: ['star'] }), PROBLEMS, [
      rec('a', 'A', 60, S.ACCEPTED),
      rec('star', 'A', 60, S.ACCEPTED),
      rec('b', 'A', 60, S.ACCEPTED),
    ]);
    expect(order(e)).toEqual(['a', 'star', 'b']);
    expect(ranks(e)).toEqual([1, -1, 1]);
  });
});

describe('awards', () => {
  const levels: AwardConfig[] = [
    { priority: 3, name: 'Bronze', background: 'b', color: 'c', num: 30 },
    { priority: 1, name: 'Gold', background: 'g', color: 'c', num: 10 },
    { priority: 2, name: 'Silver', background: 's', color: 'c', num: 20 },
  ];
  // 10 solvers (u0 best), 1 star, 2 users with nothing solved.
  const records = () => [
    ...Array.from({ length: 10 }, (_, i) => rec(`u${i}`, 'A', 60 * (i + 1), S.ACCEPTED)),
    rec('star', 'A', 1, S.ACCEPTED),
    rec('z1', 'A', 5, S.WRONG_ANSWER),
    rec('z2', 'B', 5, S.WRONG_ANSWER),
  ];
  const awardsOf = (e: ScoreboardEngine) => Object.fromEntries(e.rows().map((r) => [r.uid, r.awardName]));

  it('by proportion: ⌊num% × N⌋ with N the non-star rows, in priority order, only to rows that solved something', () => {
    // N = 12: gold ⌊1.2⌋ = 1, silver ⌊2.4⌋ = 2, bronze ⌊3.6⌋ = 3.
    const e = ScoreboardEngine.build(acmConfig({ starUids: ['star'], awardType: 1, awards: levels }), PROBLEMS, records());
    expect(awardsOf(e)).toEqual({
      star: null,
      u0: 'Gold',
      u1: 'Silver',
      u2: 'Silver',
      u3: 'Bronze',
      u4: 'Bronze',
      u5: 'Bronze',
      u6: null,
      u7: null,
      u8: null,
      u9: null,
      z1: null,
      z2: null,
    });
    expect(e.rows().filter((r) => r.isWinAward)).toHaveLength(6);
  });

  it('drops a level whose proportion floors to 0 and uses exact arithmetic (29% of 100 is 29)', () => {
    const e = ScoreboardEngine.build(
      acmConfig({ awardType: 1, awards: [{ priority: 1, name: 'Tiny', background: '', color: '', num: 5 }, ...levels.slice(0, 1)] }),
      PROBLEMS,
      records(),
    );
    // N = 13: tiny ⌊0.65⌋ = 0 (dropped), bronze ⌊3.9⌋ = 3, handed out from the top.
    expect(e.rows().filter((r) => r.isWinAward).map((r) => r.uid)).toEqual(['star', 'u0', 'u1']);
    const many = Array.from({ length: 100 }, (_, i) => rec(`m${i}`, 'A', i, S.ACCEPTED));
    const big = ScoreboardEngine.build(acmConfig({ awardType: 1, awards: [{ priority: 1, name: 'X', background: '', color: '', num: 29 }] }), PROBLEMS, many);
    expect(big.rows().filter((r) => r.isWinAward)).toHaveLength(29);
  });

  it('by number, ignoring ties, never to rows with nothing solved', () => {
    const e = ScoreboardEngine.build(
      acmConfig({ awardType: 2, awards: [{ priority: 1, name: 'Gold', background: '', color: '', num: 2 }, { priority: 2, name: 'Silver', background: '', color: '', num: 50 }] }),
      PROBLEMS,
      [rec('a', 'A', 60, S.ACCEPTED), rec('b', 'A', 60, S.ACCEPTED), rec('c', 'A', 60, S.ACCEPTED), rec('d', 'A', 5, S.WRONG_ANSWER)],
    );
    expect(ranks(e)).toEqual([1, 1, 1, 4]);
    expect(awardsOf(e)).toEqual({ a: 'Gold', b: 'Gold', c: 'Silver', d: null });
  });

  it('moves awards along when a row climbs', () => {
    const cfg = acmConfig({ awardType: 2, awards: [{ priority: 1, name: 'Gold', background: '', color: '', num: 1 }] });
    const e = ScoreboardEngine.build(cfg, PROBLEMS, [rec('a', 'A', 60, S.ACCEPTED), rec('b', 'A', 120, S.ACCEPTED)]);
    const client = e.rows().map((r) => ({ ...r }));
    const moves = e.apply(rec('b', 'B', 130, S.ACCEPTED));
    const next = applyMoves(client, structuredClone(moves), cfg);
    expect(next).toEqual(e.rows());
    expect(awardsOf(e)).toEqual({ b: 'Gold', a: null });
  });
});

describe('OI', () => {
  const records = () => [
    rec('u', 'A', 100, S.PARTIAL_ACCEPTED, { score: 60, useTime: 5 }),
    rec('u', 'A', 200, S.ACCEPTED, { score: 100, useTime: 40 }),
    rec('u', 'A', 300, S.PARTIAL_ACCEPTED, { score: 30, useTime: 3 }),
    rec('u', 'B', 100, S.ACCEPTED, { score: 100, useTime: 50 }),
    rec('u', 'B', 200, S.ACCEPTED, { score: 100, useTime: 20 }),
    rec('u', 'C', 100, S.PARTIAL_ACCEPTED, { score: 40 }),
    rec('u', 'C', 200, S.COMPILE_ERROR, { score: null }),
  ];

  it('Recent: the latest record counts even when lower; a null score adds nothing', () => {
    const e = ScoreboardEngine.build(oiConfig({ oiRankScoreType: 'Recent' }), PROBLEMS, records());
    const r = oiRow(e, 'u');
    expect(r.submissionInfo).toEqual({ A: 30, B: 100, C: 0 });
    expect(r.totalScore).toBe(130);
    expect(r.timeInfo).toEqual({ B: 20 });
    expect(r.totalTime).toBe(20);
    expect(r.total).toBe(7);
  });

  it('Highest: the highest score, the first one seen on ties; time from the best AC run', () => {
    const e = ScoreboardEngine.build(oiConfig({ oiRankScoreType: 'Highest' }), PROBLEMS, records());
    const r = oiRow(e, 'u');
    expect(r.submissionInfo).toEqual({ A: 100, B: 100, C: 40 });
    expect(r.totalScore).toBe(240);
    expect(r.timeInfo).toEqual({ A: 40, B: 20 });
    expect(r.totalTime).toBe(60);
  });

  it('Recent: the largest id wins within the same second', () => {
    const e = ScoreboardEngine.build(oiConfig(), PROBLEMS, [
      rec('u', 'A', 100, S.ACCEPTED, { score: 100, useTime: 9, id: 11 }),
      rec('u', 'A', 100, S.PARTIAL_ACCEPTED, { score: 50, useTime: 1, id: 12 }),
    ]);
    expect(oiRow(e, 'u')).toMatchObject({ totalScore: 50, totalTime: 0, submissionInfo: { A: 50 }, timeInfo: {} });
  });

  it('orders by score desc then time asc, sharing a rank only on both', () => {
    const e = ScoreboardEngine.build(oiConfig(), PROBLEMS, [
      rec('slow', 'A', 10, S.ACCEPTED, { score: 100, useTime: 90 }),
      rec('fast', 'A', 20, S.ACCEPTED, { score: 100, useTime: 10 }),
      rec('fast2', 'A', 30, S.ACCEPTED, { score: 100, useTime: 10 }),
      rec('part', 'A', 5, S.PARTIAL_ACCEPTED, { score: 99, useTime: 1 }),
      rec('zero', 'A', 5, S.WRONG_ANSWER, { score: 0, useTime: 1 }),
    ]);
    expect(order(e)).toEqual(['fast', 'fast2', 'slow', 'part', 'zero']);
    expect(ranks(e)).toEqual([1, 1, 3, 4, 5]);
  });

  it('under the seal uses only records before it (no tries, not in total)', () => {
    const e = ScoreboardEngine.build(oiConfig({ sealS: 1000 }), PROBLEMS, [
      rec('u', 'A', 999, S.PARTIAL_ACCEPTED, { score: 10 }),
      rec('u', 'A', 1000, S.ACCEPTED, { score: 100, useTime: 5 }),
      rec('v', 'A', 1500, S.ACCEPTED, { score: 100, useTime: 5 }),
    ]);
    expect(oiRow(e, 'u')).toMatchObject({ totalScore: 10, total: 1, totalTime: 0 });
    expect(e.row('v')).toBeUndefined();
    expect(e.apply(rec('v', 'B', 2000, S.ACCEPTED, { score: 100 }))).toEqual([]);
  });

  it('gives awards only to rows that scored', () => {
    const e = ScoreboardEngine.build(oiConfig({ awardType: 2, awards: [{ priority: 0, name: 'G', background: '', color: '', num: 5 }] }), PROBLEMS, [
      rec('a', 'A', 1, S.PARTIAL_ACCEPTED, { score: 1 }),
      rec('b', 'A', 1, S.WRONG_ANSWER, { score: 0 }),
    ]);
    expect(e.rows().map((r) => r.isWinAward)).toEqual([true, false]);
  });
});

describe('rankRows and applyMoves', () => {
  it('rankRows reassigns ranks and awards of a sorted list in place', () => {
    const mk = (uid: string, ac: number, totalTime: number): BoardRow => ({
      uid,
      rank: 0,
      isWinAward: true,
      awardName: 'x',
      awardBackground: 'x',
      awardColor: 'x',
      total: 1,
      ac,
      totalTime,
      lastAcTime: null,
      submissionInfo: {},
    });
    const rows = [mk('a', 2, 100), mk('s', 2, 100), mk('b', 2, 100), mk('c', 1, 0), mk('d', 0, 0)];
    rankRows(rows, { type: 0, starUids: ['s'], awardType: 0, awards: [] });
    expect(rows.map((r) => r.rank)).toEqual([1, -1, 1, 3, 4]);
    expect(rows.every((r) => !r.isWinAward && r.awardName === null)).toBe(true);
  });

  it('applies a removal and an insertion at the given index', () => {
    const cfg = acmConfig();
    const e = ScoreboardEngine.build(cfg, PROBLEMS, [rec('a', 'A', 60, S.ACCEPTED), rec('b', 'A', 120, S.ACCEPTED)]);
    let client = structuredClone(e.rows()) as BoardRow[];
    const gone = rec('c', 'B', 1, S.ACCEPTED);
    for (const r of [gone, rec('d', 'A', 30, S.ACCEPTED), { ...gone, status: S.PENDING }]) {
      client = applyMoves(client, structuredClone(e.apply(r)), cfg);
      expect(client).toEqual(e.rows());
    }
    expect(client.map((r) => r.uid)).toEqual(['d', 'a', 'b']);
  });
});
