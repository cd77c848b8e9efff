// Board order, rank numbers and awards. Shared by the engine (services) and the browser, which applies pushed
// row moves to its copy of the board and then reassigns ranks with the same code.
import type { AcmRow, AwardConfig, BoardConfig, BoardRow, ContestType, OiRow, RowMove } from './types';

export type RankConfig = Pick<BoardConfig, 'type' | 'starUids' | 'awardType' | 'awards'>;

/**
 * Board order on the visible keys. ACM: solved desc, penalty asc, earlier last AC first (none last).
 * OI: total score desc, total time asc. 0 for a full tie (the engine then orders by first appearance).
 */
export function compareRows(type: ContestType, a: BoardRow, b: BoardRow): number {
  if (type === 0) {
    const x = a as AcmRow;
    const y = b as AcmRow;
    if (x.ac !== y.ac) return y.ac - x.ac;
    if (x.totalTime !== y.totalTime) return x.totalTime - y.totalTime;
    if (x.lastAcTime === y.lastAcTime) return 0;
    if (x.lastAcTime === null) return 1;
    if (y.lastAcTime === null) return -1;
    return x.lastAcTime - y.lastAcTime;
  }
  const x = a as OiRow;
  const y = b as OiRow;
  if (x.totalScore !== y.totalScore) return y.totalScore - x.totalScore;
  return x.totalTime - y.totalTime;
}

/** What equal ranks compare: ACM `[ac, totalTime]`, OI `[totalScore, totalTime]`. */
export function tieKey(row: BoardRow): [number, number] {
  return ['ac' in row ? (row as AcmRow).ac : (row as OiRow).totalScore, row.totalTime];
}

export interface AwardQuota {
  award: AwardConfig;
  count: number;
}

/**
 * How many rows each award level gets, in `priority` order (ties keep the configured order). Proportion:
 * ⌊num% × N⌋ with N the non-star rows; number: `num`. Levels that come out at 0 are dropped.
 */
export function awardQuotas(awardType: 0 | 1 | 2, awards: readonly AwardConfig[], nonStarRows: number): AwardQuota[] {
  if (awardType === 0) return [];
  return awards
    .map((award, i) => ({ award, i }))
    .sort((a, b) => a.award.priority - b.award.priority || a.i - b.i)
    .map(({ award }) => ({ award, count: awardType === 1 ? Math.floor((award.num * nonStarRows) / 100) : award.num }))
    .filter((q) => q.count > 0);
}

function setAward(row: BoardRow, award: AwardConfig | null): void {
  // Written only when different: this runs over the whole board after every verdict.
  if (award === null) {
    if (row.isWinAward || row.awardName !== null || row.awardBackground !== null || row.awardColor !== null) {
      row.isWinAward = false;
      row.awardName = null;
      row.awardBackground = null;
      row.awardColor = null;
    }
  } else if (!row.isWinAward || row.awardName !== award.name || row.awardBackground !== award.background || row.awardColor !== award.color) {
    row.isWinAward = true;
    row.awardName = award.name;
    row.awardBackground = award.background;
    row.awardColor = award.color;
  }
}

/**
 * Ranks and awards for rows already in board order. `star[i]` tells whether `rows[i]` is a star (unofficial) row
 * (null: no star rows). One pass; the hot path of every verdict, so it reads the two primary keys directly and
 * writes only what changed.
 */
export function rankRowsWith(
  rows: readonly BoardRow[],
  type: ContestType,
  star: readonly boolean[] | null,
  awardType: 0 | 1 | 2,
  awards: readonly AwardConfig[],
): void {
  const n = rows.length;
  let stars = 0;
  if (star !== null && awardType !== 0) for (let i = 0; i < n; i++) if (star[i]) stars++;
  const quotas = awardQuotas(awardType, awards, n - stars);
  let level = 0;
  let left = quotas.length > 0 ? quotas[0]!.count : 0;
  let seen = 0;
  let prevKey = NaN;
  let prevTime = NaN;
  let prevRank = 0;
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    if (star !== null && star[i]) {
      if (row.rank !== -1) row.rank = -1;
      setAward(row, null);
      continue;
    }
    seen++;
    const key = type === 0 ? (row as AcmRow).ac : (row as OiRow).totalScore;
    const time = row.totalTime;
    const rank = key === prevKey && time === prevTime ? prevRank : seen;
    if (row.rank !== rank) row.rank = rank;
    prevKey = key;
    prevTime = time;
    prevRank = rank;
    if (level < quotas.length && key > 0) {
      setAward(row, quotas[level]!.award);
      if (--left === 0 && ++level < quotas.length) left = quotas[level]!.count;
    } else {
      setAward(row, null);
    }
  }
}

/**
 * Assigns ranks (1, 1, 3 for ties; −1 for star rows, which use no number) and awards (in board order, star rows
 * and rows with nothing solved excluded; ties ignored) in place. `rows` must be in board order.
 */
export function rankRows(rows: BoardRow[], cfg: RankConfig): void {
  let star: boolean[] | null = null;
  if (cfg.starUids.length > 0) {
    const stars = new Set(cfg.starUids);
    star = rows.map((r) => stars.has(r.uid));
  }
  rankRowsWith(rows, cfg.type, star, cfg.awardType, cfg.awards);
}

/**
 * The browser's side of a `scoreboard.delta`: for each move, take the row with that uid out (if present) and put
 * `move.row` at `move.to` (nothing for a removal), then reassign ranks. Returns a new array; `rows` is not changed
 * (the row objects it shares get their rank and award fields reassigned).
 */
export function applyMoves(rows: BoardRow[], moves: readonly RowMove[], cfg: RankConfig): BoardRow[] {
  const out = rows.slice();
  for (const move of moves) {
    const uid = move.row.uid;
    let i = move.from >= 0 && move.from < out.length && out[move.from]!.uid === uid ? move.from : -1;
    if (i < 0) i = out.findIndex((r) => r.uid === uid);
    if (i >= 0) out.splice(i, 1);
    if (!move.removed) out.splice(Math.min(move.to, out.length), 0, move.row);
  }
  rankRows(out, cfg);
  return out;
}
