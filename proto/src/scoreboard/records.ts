// From contest records to one board cell: which records count under a board config, and what a cell shows.
// Pure functions over the records of one user and one problem, sorted by (time, id).
import { isInProgress } from '../judge-status';
import type { BoardConfig, ScoreRecord } from './types';

/** AC → 1; penalised rejections (WA, PE, TLE, MLE, RE) → −1; everything else (CE, SE, PA, Cancelled, …) → 0. */
export function recordKind(judgeStatus: number): 1 | -1 | 0 {
  switch (judgeStatus) {
    case 0:
      return 1;
    case -1: // Wrong Answer
    case -3: // Presentation Error
    case 1: // Time Limit Exceeded
    case 2: // Memory Limit Exceeded
    case 3: // Runtime Error
      return -1;
    default:
      return 0;
  }
}

/** Pending, compiling, judging and submitting records are not on any board yet. */
export function isJudgedStatus(judgeStatus: number): boolean {
  return !isInProgress(judgeStatus);
}

/** Board order of records: by second, then by id (submission order within a second). */
export function compareRecords(a: ScoreRecord, b: ScoreRecord): number {
  return a.time - b.time || a.id - b.id;
}

/** Whether a record takes part in this board at all (otherwise it is as if it did not exist). */
export function isCounted(rec: ScoreRecord, cfg: BoardConfig): boolean {
  if (rec.time < 0) return false;
  // After the end: only with the include-after-contest switch, and never on a sealed view.
  if (rec.time >= cfg.durationS && (!cfg.containsEnd || cfg.sealS !== null)) return false;
  // OI boards under the seal use only what was submitted before it; ACM shows the rest as pending tries.
  if (cfg.type === 1 && cfg.sealS !== null && rec.time >= cfg.sealS) return false;
  return true;
}

/** What one cell contributes to its row; `total === 0` means the cell is not on the board. */
export interface CellState {
  /** Counted records. */
  total: number;
  /** Earliest counted record (the user's first appearance is the earliest over the cells). */
  firstTime: number;
  firstId: number;
  // ACM
  errorNum: number;
  tryNum: number;
  isAC: boolean;
  acTime: number | null;
  isAfterContest: boolean;
  /** Time of an AC that competes for first blood (in the contest, not hidden by the seal); −1 when none. */
  fbTime: number;
  // OI
  score: number;
  /** Best AC run time of the picked record's group, or null when the picked record is not AC. */
  oiTime: number | null;
}

/** A cell with no counted record. */
export const EMPTY_CELL: CellState = {
  total: 0,
  firstTime: 0,
  firstId: 0,
  errorNum: 0,
  tryNum: 0,
  isAC: false,
  acTime: null,
  isAfterContest: false,
  fbTime: -1,
  score: 0,
  oiTime: null,
};

export function computeCell(recs: readonly ScoreRecord[], cfg: BoardConfig): CellState {
  return cfg.type === 0 ? computeAcmCell(recs, cfg) : computeOiCell(recs, cfg);
}

/**
 * ACM (ICPC) cell: penalised rejections before the first AC, the first AC's second; records after the first AC
 * only count in `total`; records inside the seal window only raise `tryNum`.
 */
export function computeAcmCell(recs: readonly ScoreRecord[], cfg: BoardConfig): CellState {
  let total = 0;
  let firstTime = 0;
  let firstId = 0;
  let errorNum = 0;
  let tryNum = 0;
  let isAC = false;
  let acTime: number | null = null;
  let isAfterContest = false;
  const sealS = cfg.sealS;
  for (const r of recs) {
    if (!isCounted(r, cfg)) continue;
    if (total === 0) {
      firstTime = r.time;
      firstId = r.id;
    }
    total++;
    if (isAC) continue;
    if (sealS !== null && r.time >= sealS) {
      tryNum++;
      continue;
    }
    const kind = recordKind(r.status);
    if (kind === 1) {
      isAC = true;
      acTime = r.time;
      isAfterContest = r.time >= cfg.durationS;
    } else if (kind === -1) {
      errorNum++;
    }
  }
  if (total === 0) return EMPTY_CELL;
  const fbTime = isAC && !isAfterContest ? (acTime as number) : -1;
  return { total, firstTime, firstId, errorNum, tryNum, isAC, acTime, isAfterContest, fbTime, score: 0, oiTime: null };
}

/**
 * OI cell: the picked record is the latest one (Recent; same second: the largest id) or the first one with the
 * highest score (Highest). Its score counts (null adds nothing); when it is AC, the cell's time is the smallest
 * run time among the AC records of the picked group (Recent: the same second; Highest: the same score).
 */
export function computeOiCell(recs: readonly ScoreRecord[], cfg: BoardConfig): CellState {
  let total = 0;
  let first: ScoreRecord | null = null;
  let picked: ScoreRecord | null = null;
  const highest = cfg.oiRankScoreType === 'Highest';
  for (const r of recs) {
    if (!isCounted(r, cfg)) continue;
    total++;
    if (first === null) first = r;
    if (picked === null || !highest) picked = r;
    else if (r.score !== null && (picked.score === null || r.score > picked.score)) picked = r;
  }
  if (picked === null || first === null) return EMPTY_CELL;
  let oiTime: number | null = null;
  if (recordKind(picked.status) === 1) {
    let best: number | null = null;
    for (const r of recs) {
      if (recordKind(r.status) !== 1 || r.useTime === null || !isCounted(r, cfg)) continue;
      if (highest ? r.score !== picked.score : r.time !== picked.time) continue;
      if (best === null || r.useTime < best) best = r.useTime;
    }
    oiTime = best ?? 0;
  }
  return {
    ...EMPTY_CELL,
    total,
    firstTime: first.time,
    firstId: first.id,
    score: picked.score ?? 0,
    oiTime,
  };
}
