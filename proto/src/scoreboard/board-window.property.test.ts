// Random contests (seeded): a client's window of the board, kept only by the engine's row moves, random scrolls
// (window reads merged in) and followed users, against the engine's full board after every verdict.
import { describe, expect, it } from 'vitest';
import { BoardWindow, type Placed, type RankedRow, type WindowSnapshot } from './board-window';
import { ScoreboardEngine } from './engine';
import type { AwardConfig, BoardConfig, BoardRow, ScoreRecord } from './types';
import { mulberry32 } from '../testing';

const STATUSES = [0, 0, 0, -1, -1, 1, 2, 3, -2, 5];
const AWARDS: AwardConfig[] = [
  { priority: 1, name: 'Gold', background: '#ffd700', color: '#000', num: 10 },
  { priority: 2, name: 'Silver', background: '#c0c0c0', color: '#000', num: 20 },
  { priority: 3, name: 'Bronze', background: '#cd7f32', color: '#fff', num: 30 },
];

type Row = RankedRow;
const named = (r: BoardRow): Row => ({ ...r, username: r.uid }) as Row;
const strip = (r: Row) => {
  const { username: _u, realname: _r, nickname: _n, school: _s, gender: _g, avatar: _a, ...row } = r as Row & Record<string, unknown>;
  return row;
};

function snapshotOf(engine: ScoreboardEngine, offset: number, limit: number, pins: readonly string[], stars: ReadonlySet<string>): WindowSnapshot<Row> {
  const rows = engine.rows();
  const placed = (uid: string): Placed<Row>[] => {
    const i = engine.indexOf(uid);
    return i < 0 ? [] : [{ index: i, row: named(rows[i]!) }];
  };
  return {
    total: rows.length,
    offset: Math.min(offset, rows.length),
    rows: rows.slice(offset, offset + limit).map(named),
    pins: pins.flatMap(placed),
    stars: [...stars].flatMap(placed),
  };
}

/** Every row the window holds equals the engine's row at that index; the total too. */
function expectSame(w: BoardWindow<Row>, engine: ScoreboardEngine, note: string): void {
  const rows = engine.rows();
  expect(w.total, note).toBe(rows.length);
  for (let i = w.lo; i < w.hi; i++) expect(strip(w.rowAt(i)!), `${note}: window row ${i}`).toEqual(rows[i]);
  for (const uid of new Set(rows.map((r) => r.uid))) {
    const held = w.find(uid);
    if (held) expect([held.index, strip(held.row)], `${note}: ${uid}`).toEqual([engine.indexOf(uid), rows[engine.indexOf(uid)]]);
  }
}

function runContest(seed: number, type: 0 | 1, withStars: boolean): void {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const users = Array.from({ length: 40 + Math.floor(rnd() * 40) }, (_, i) => `u${String(i).padStart(3, '0')}`);
  const starUids = withStars ? users.filter(() => rnd() < 0.1) : [];
  const stars = new Set(starUids);
  const displayIds = ['A', 'B', 'C', 'D'];
  const cfg: BoardConfig = {
    type,
    durationS: 18_000,
    sealS: null,
    containsEnd: false,
    oiRankScoreType: 'Recent',
    starUids,
    awardType: rnd() < 0.5 ? 1 : 2,
    awards: AWARDS.map((a) => ({ ...a, num: rnd() < 0.5 ? a.num : Math.floor(a.num / 4) })),
  };
  const rankCfg = { type, starUids, awardType: cfg.awardType, awards: cfg.awards };
  const records: ScoreRecord[] = [];
  const engine = ScoreboardEngine.build(cfg, displayIds, []);
  const newRecord = (id: number): ScoreRecord => ({
    id,
    uid: pick(users),
    displayId: pick(displayIds),
    // Coarse times and scores: many ties.
    time: Math.floor(rnd() * 20) * 60,
    status: pick(STATUSES),
    score: type === 1 ? pick([0, 0, 50, 100]) : null,
    useTime: pick([10, 20]),
  });
  for (let i = 0; i < 60; i++) {
    const r = newRecord(i + 1);
    records.push(r);
    engine.apply(r);
  }
  const pins = users.filter(() => rnd() < 0.08);
  let w = new BoardWindow<Row>(rankCfg, snapshotOf(engine, Math.floor(rnd() * engine.size), 15, pins, stars));
  expectSame(w, engine, `seed ${seed} start`);
  for (let step = 0; step < 250; step++) {
    const x = rnd();
    if (x < 0.08) {
      // A scroll: a window read at the current state, joined to or replacing the window.
      const offset = rnd() < 0.5 ? Math.max(0, w.hi - 3) : Math.floor(rnd() * Math.max(1, engine.size));
      w.merge(snapshotOf(engine, offset, 5 + Math.floor(rnd() * 15), pins, stars));
    } else if (x < 0.1) {
      // A reset: the window read anew.
      w = new BoardWindow<Row>(rankCfg, snapshotOf(engine, Math.floor(rnd() * engine.size), 15, pins, stars));
    } else if (x < 0.12) {
      const uid = pick(users);
      if (rnd() < 0.5) w.track(uid);
      else w.untrack(uid);
    } else {
      // A verdict, or a rejudge of an earlier record (its status or user changes).
      const rec = rnd() < 0.85 || records.length === 0 ? newRecord(records.length + 1) : { ...pick(records), status: pick(STATUSES), uid: rnd() < 0.2 ? pick(users) : pick(records).uid };
      if (rec.id > records.length) records.push(rec);
      const moves = engine.apply(rec);
      w.apply({ moves });
    }
    expect(w.lost, `seed ${seed} step ${step}`).toBe(false);
    expectSame(w, engine, `seed ${seed} step ${step}`);
  }
}

describe('BoardWindow', () => {
  it('a window kept by row moves equals the engine at every held index (ACM, OI, with and without star rows)', () => {
    for (let seed = 1; seed <= 16; seed++) runContest(seed, seed % 2 === 0 ? 0 : 1, seed % 3 !== 0);
  });

  it('shrinks when a row leaves it and says what it covers', () => {
    const cfg: BoardConfig = { type: 0, durationS: 18_000, sealS: null, containsEnd: false, oiRankScoreType: 'Recent', starUids: [], awardType: 0, awards: [] };
    const engine = ScoreboardEngine.build(cfg, ['A'], []);
    for (let i = 0; i < 6; i++) engine.apply({ id: i + 1, uid: `u${i}`, displayId: 'A', time: 60, status: -1, score: null, useTime: 1 });
    const w = new BoardWindow<Row>({ type: 0, starUids: [], awardType: 0, awards: [] }, snapshotOf(engine, 0, 3, [], new Set()));
    expect(w.covers(0, 3)).toBe(true);
    expect(w.covers(0, 4)).toBe(false);
    // u4 (place 4, outside the window) solves A: it lands at the top, inside the window, which grows by one.
    w.apply({ moves: engine.apply({ id: 99, uid: 'u4', displayId: 'A', time: 120, status: 0, score: null, useTime: 1 }) });
    expectSame(w, engine, 'after');
    expect(w.rowAt(0)!.uid).toBe('u4');
    expect(w.hi - w.lo).toBe(4);
  });
});
