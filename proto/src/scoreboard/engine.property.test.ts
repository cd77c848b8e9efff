// Random contests (seeded): the incremental engine against a naive reference that recomputes the board from
// scratch in one time-ordered pass, and a client copy kept up to date only by the engine's row moves.
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { ScoreboardEngine } from './engine';
import { applyMoves, rankRows } from './ranking';
import { pageBoard } from './page';
import { RowMove, type AcmCell, type AcmRow, type AwardConfig, type BoardConfig, type BoardRow, type OiRow, type ScoreRecord } from './types';
import { mulberry32 } from '../testing';

// ---------- the reference: straightforward, written without the engine's code ----------

const PENDING = [5, 6, 7, 9];
const PENALISED = [-1, -3, 1, 2, 3];

interface RefUser {
  uid: string;
  order: number;
  total: number;
  acm: Map<string, AcmCell>;
  oi: Map<string, ScoreRecord[]>;
}

function referenceBoard(cfg: BoardConfig, displayIds: readonly string[], arrivals: readonly ScoreRecord[]): BoardRow[] {
  const latest = new Map<number, ScoreRecord>();
  for (const r of arrivals) {
    if (PENDING.includes(r.status) || !displayIds.includes(r.displayId)) latest.delete(r.id);
    else latest.set(r.id, r);
  }
  const timeline = [...latest.values()].sort((a, b) => (a.time !== b.time ? a.time - b.time : a.id - b.id));
  const sealed = cfg.sealS !== null;
  const users = new Map<string, RefUser>();
  const firstAc = new Map<string, number>();
  for (const r of timeline) {
    if (r.time < 0) continue;
    const afterEnd = r.time >= cfg.durationS;
    if (afterEnd && (!cfg.containsEnd || sealed)) continue;
    if (cfg.type === 1 && sealed && r.time >= cfg.sealS!) continue;
    let u = users.get(r.uid);
    if (!u) {
      u = { uid: r.uid, order: users.size, total: 0, acm: new Map(), oi: new Map() };
      users.set(r.uid, u);
    }
    u.total += 1;
    if (cfg.type === 1) {
      u.oi.set(r.displayId, [...(u.oi.get(r.displayId) ?? []), r]);
      continue;
    }
    let cell = u.acm.get(r.displayId);
    if (!cell) {
      cell = { errorNum: 0, tryNum: 0, isAC: false, isFirstAC: false, ACTime: null, isAfterContest: false };
      u.acm.set(r.displayId, cell);
    }
    if (cell.isAC) continue;
    if (sealed && r.time >= cfg.sealS!) {
      cell.tryNum += 1;
    } else if (r.status === 0) {
      cell.isAC = true;
      cell.ACTime = r.time;
      cell.isAfterContest = afterEnd;
      if (!afterEnd) {
        const first = firstAc.get(r.displayId);
        if (first === undefined) firstAc.set(r.displayId, r.time);
        cell.isFirstAC = first === undefined || first === r.time;
      }
    } else if (PENALISED.includes(r.status)) {
      cell.errorNum += 1;
    }
  }

  const blank = { rank: 0, isWinAward: false, awardName: null, awardBackground: null, awardColor: null };
  const entries: { row: BoardRow; keys: number[] }[] = [];
  for (const u of users.values()) {
    if (cfg.type === 0) {
      let ac = 0;
      let minutes = 0;
      let last: number | null = null;
      const info: Record<string, AcmCell> = {};
      for (const [d, c] of u.acm) {
        info[d] = c;
        if (!c.isAC) continue;
        ac += 1;
        minutes += Math.floor(c.ACTime! / 60) + 20 * c.errorNum;
        last = last === null ? c.ACTime : Math.max(last, c.ACTime!);
      }
      const row: AcmRow = { uid: u.uid, ...blank, total: u.total, ac, totalTime: minutes * 60, lastAcTime: last, submissionInfo: info };
      entries.push({ row, keys: [-ac, minutes * 60, last ?? Number.MAX_SAFE_INTEGER, u.order] });
    } else {
      const scores: Record<string, number> = {};
      const times: Record<string, number> = {};
      let totalScore = 0;
      let totalTime = 0;
      for (const [d, recs] of u.oi) {
        let picked = recs[recs.length - 1]!;
        if (cfg.oiRankScoreType === 'Highest') {
          picked = recs[0]!;
          for (const r of recs) if ((r.score ?? -1) > (picked.score ?? -1)) picked = r;
        }
        scores[d] = picked.score ?? 0;
        totalScore += picked.score ?? 0;
        if (picked.status === 0) {
          const group = recs.filter((r) => r.status === 0 && (cfg.oiRankScoreType === 'Highest' ? r.score === picked.score : r.time === picked.time));
          const runs = group.map((r) => r.useTime).filter((t): t is number => t !== null);
          times[d] = runs.length > 0 ? Math.min(...runs) : 0;
          totalTime += times[d];
        }
      }
      const row: OiRow = { uid: u.uid, ...blank, total: u.total, totalScore, totalTime, submissionInfo: scores, timeInfo: times };
      entries.push({ row, keys: [-totalScore, totalTime, u.order] });
    }
  }
  entries.sort((x, y) => {
    for (let i = 0; i < x.keys.length; i++) if (x.keys[i] !== y.keys[i]) return x.keys[i]! - y.keys[i]!;
    return 0;
  });

  // Ranks and awards, again the plain way.
  const stars = new Set(cfg.starUids);
  const rows = entries.map((e) => e.row);
  const official = rows.filter((r) => !stars.has(r.uid));
  const levels = [...cfg.awards]
    .map((a, i) => ({ a, i }))
    .sort((x, y) => x.a.priority - y.a.priority || x.i - y.i)
    .map(({ a }) => ({ a, n: cfg.awardType === 1 ? Math.floor((a.num * official.length) / 100) : cfg.awardType === 2 ? a.num : 0 }))
    .filter((l) => l.n > 0);
  const given: AwardConfig[] = levels.flatMap((l) => Array.from({ length: l.n }, () => l.a));
  const primary = (r: BoardRow) => (cfg.type === 0 ? `${(r as AcmRow).ac}/${r.totalTime}` : `${(r as OiRow).totalScore}/${r.totalTime}`);
  let position = 0;
  let prev: BoardRow | null = null;
  for (const r of rows) {
    if (stars.has(r.uid)) {
      r.rank = -1;
      continue;
    }
    position += 1;
    r.rank = prev && primary(prev) === primary(r) ? prev.rank : position;
    prev = r;
    const scored = cfg.type === 0 ? (r as AcmRow).ac > 0 : (r as OiRow).totalScore > 0;
    const award = scored ? given.shift() : undefined;
    if (award) Object.assign(r, { isWinAward: true, awardName: award.name, awardBackground: award.background, awardColor: award.color });
  }
  return rows;
}

// ---------- random contests ----------

const STATUSES = [0, 0, 0, 0, -1, -1, -1, -3, 1, 2, 3, -2, -2, 4, 8, -4, 10, 5, 6, 7, 9];
const DURATION = 18_000;

interface Scenario {
  cfg: BoardConfig;
  displayIds: string[];
  arrivals: ScoreRecord[];
}

function scenario(seed: number, users: number, records: number, problems = 5): Scenario {
  const rand = mulberry32(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const type = rand() < 0.5 ? 0 : 1;
  const sealS = rand() < 0.4 ? pick([0, 9_000, 14_400, 17_999]) : null;
  const awardType = pick([0, 1, 2] as const);
  const awards: AwardConfig[] = Array.from({ length: Math.floor(rand() * 4) }, (_, i) => ({
    priority: Math.floor(rand() * 3),
    name: `L${i}`,
    background: `bg${i}`,
    color: `c${i}`,
    num: awardType === 1 ? Math.floor(rand() * 40) : Math.floor(rand() * 8),
  }));
  const uids = Array.from({ length: users }, (_, i) => `user${i}`);
  const cfg: BoardConfig = {
    type,
    durationS: DURATION,
    sealS,
    containsEnd: rand() < 0.5,
    oiRankScoreType: rand() < 0.5 ? 'Recent' : 'Highest',
    starUids: uids.filter(() => rand() < 0.08),
    awardType,
    awards,
  };
  const displayIds = Array.from({ length: problems }, (_, i) => String.fromCharCode(65 + i));
  // A few seconds only, so that ties (first blood, same-second records, equal penalties) are common.
  const time = () => (rand() < 0.05 ? pick([0, DURATION - 1, DURATION, DURATION + 1, sealS ?? 1, (sealS ?? 1) - 1]) : Math.floor(rand() * 400) * 50);
  const fresh = (id: number): ScoreRecord => {
    const status = pick(STATUSES);
    return {
      id,
      uid: pick(uids),
      displayId: rand() < 0.02 ? 'Z' : pick(displayIds),
      time: time(),
      status,
      score: status === 0 ? 100 : rand() < 0.2 ? null : pick([0, 10, 30, 50, 100]),
      useTime: rand() < 0.1 ? null : Math.floor(rand() * 20) * 10,
    };
  };
  const arrivals: ScoreRecord[] = [];
  let nextId = 1;
  for (let i = 0; i < records; i++) {
    if (arrivals.length > 0 && rand() < 0.2) {
      // An upsert: a re-judged (or, rarely, re-attributed) record with an existing id.
      const old = pick(arrivals);
      const again = fresh(old.id);
      arrivals.push(rand() < 0.9 ? { ...old, status: again.status, score: again.score, useTime: again.useTime } : again);
    } else {
      arrivals.push(fresh(nextId++));
    }
  }
  // Arrival order is not submission order: ids were handed out in order, times are random.
  return { cfg, displayIds, arrivals };
}

function checkRowMoves(moves: readonly RowMove[]): void {
  for (const m of moves) expect(Value.Check(RowMove, m)).toBe(true);
}

describe('engine against the naive reference', () => {
  it('matches after every verdict, and the client copy follows the moves exactly (100 seeds)', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const { cfg, displayIds, arrivals } = scenario(seed, 12, 120, 4);
      const engine = new ScoreboardEngine(cfg, displayIds);
      let client: BoardRow[] = [];
      for (let i = 0; i < arrivals.length; i++) {
        const moves = engine.apply(arrivals[i]!);
        checkRowMoves(moves);
        client = applyMoves(client, structuredClone(moves), cfg);
        expect(client, `seed ${seed} step ${i}`).toEqual(engine.rows());
        expect(engine.rows(), `seed ${seed} step ${i}`).toEqual(referenceBoard(cfg, displayIds, arrivals.slice(0, i + 1)));
      }
    }
  });

  it('matches on larger boards with thousands of records in random order (25 seeds)', () => {
    for (let seed = 1000; seed < 1025; seed++) {
      const { cfg, displayIds, arrivals } = scenario(seed, 150, 3000, 8);
      const engine = new ScoreboardEngine(cfg, displayIds);
      let client = structuredClone(engine.rows()) as BoardRow[];
      let changes = 0;
      for (let i = 0; i < arrivals.length; i++) {
        const moves = engine.apply(arrivals[i]!);
        changes += moves.length;
        client = applyMoves(client, structuredClone(moves), cfg);
        if (i % 500 === 499) expect(engine.rows(), `seed ${seed} step ${i}`).toEqual(referenceBoard(cfg, displayIds, arrivals.slice(0, i + 1)));
      }
      const reference = referenceBoard(cfg, displayIds, arrivals);
      if (reference.length > 0) expect(changes).toBeGreaterThan(0);
      expect(engine.rows(), `seed ${seed}`).toEqual(reference);
      expect(client, `seed ${seed}`).toEqual(reference);
      expect(ScoreboardEngine.build(cfg, displayIds, arrivals).rows(), `seed ${seed}`).toEqual(reference);
      expect(engine.size).toBe(reference.length);
      reference.forEach((row, i) => {
        expect(engine.indexOf(row.uid)).toBe(i);
        expect(engine.row(row.uid)).toEqual(row);
      });
    }
  });

  it('a copy reranked with rankRows keeps the same ranks and awards', () => {
    const { cfg, displayIds, arrivals } = scenario(77, 300, 4000, 10);
    const engine = ScoreboardEngine.build(cfg, displayIds, arrivals);
    const copy = structuredClone(engine.rows()) as BoardRow[];
    for (const r of copy) Object.assign(r, { rank: 0, isWinAward: true, awardName: 'stale' });
    rankRows(copy, cfg);
    expect(copy).toEqual(engine.rows());
  });

  it('exercises every interesting case at least once across the seeds', () => {
    const seen = { firstBloodMoved: 0, removed: 0, multiMove: 0, tries: 0, afterContest: 0, star: 0, award: 0, tie: 0 };
    for (let seed = 1; seed <= 200; seed++) {
      const { cfg, displayIds, arrivals } = scenario(seed, 12, 120, 4);
      const engine = new ScoreboardEngine(cfg, displayIds);
      for (const r of arrivals) {
        const moves = engine.apply(r);
        if (moves.length > 1) seen.multiMove++;
        if (moves.some((m) => m.removed)) seen.removed++;
        if (cfg.type === 0 && moves.some((m, i) => i > 0 && m.from === m.to)) seen.firstBloodMoved++;
      }
      for (const row of engine.rows()) {
        if (row.rank === -1) seen.star++;
        if (row.isWinAward) seen.award++;
        if (cfg.type === 0) {
          const cells = Object.values((row as AcmRow).submissionInfo);
          if (cells.some((c) => c.tryNum > 0)) seen.tries++;
          if (cells.some((c) => c.isAfterContest)) seen.afterContest++;
        }
      }
      const rows = engine.rows();
      if (rows.some((r, i) => i > 0 && r.rank > 0 && r.rank === rows[i - 1]!.rank)) seen.tie++;
    }
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(0);
  });
});

describe('pageBoard', () => {
  const { cfg, displayIds, arrivals } = scenario(5, 40, 600, 5);
  const engine = ScoreboardEngine.build({ ...cfg, starUids: ['user3', 'user7'] }, displayIds, arrivals);
  const rows = engine.rows();

  it('pages the board (1-based) and counts every row', () => {
    const p2 = pageBoard(rows, { currentPage: 2, limit: 10, starUids: [] });
    expect(p2.total).toBe(rows.length);
    expect(p2.records).toEqual(rows.slice(10, 20));
    expect(pageBoard(rows, { currentPage: 99, limit: 10, starUids: [] }).records).toEqual([]);
  });

  it('copies the own row then the concerned rows to the top as extras', () => {
    const own = rows[rows.length - 1]!.uid;
    const concerned = rows[5]!.uid;
    const p = pageBoard(rows, { currentPage: 1, limit: 5, starUids: [], pinUids: [own, concerned, 'nobody', own] });
    expect(p.total).toBe(rows.length + 2);
    expect(p.records.map((r) => r.uid)).toEqual([own, concerned, ...rows.slice(0, 3).map((r) => r.uid)]);
    expect(p.records[0]!.rank).toBe(rows[rows.length - 1]!.rank);
  });

  it('removes star rows (not pinned either) and filters by keyword keeping global ranks', () => {
    const noStar = pageBoard(rows, { currentPage: 1, limit: 1000, starUids: ['user3', 'user7'], removeStar: true, pinUids: ['user3'] });
    expect(noStar.records.some((r) => r.uid === 'user3' || r.uid === 'user7')).toBe(false);
    expect(noStar.total).toBe(rows.filter((r) => r.rank !== -1).length);
    const found = pageBoard(rows, { currentPage: 1, limit: 1000, starUids: [], keyword: '  USER1 ' });
    expect(found.records.map((r) => r.uid)).toEqual(rows.filter((r) => r.uid.startsWith('user1')).map((r) => r.uid));
    expect(found.records.map((r) => r.rank)).toEqual(rows.filter((r) => r.uid.startsWith('user1')).map((r) => r.rank));
    const custom = pageBoard(rows, { currentPage: 1, limit: 1000, starUids: [], keyword: 'x', match: (r) => r.uid === 'user2' });
    expect(custom.records.map((r) => r.uid)).toEqual(rows.some((r) => r.uid === 'user2') ? ['user2'] : []);
  });
});
