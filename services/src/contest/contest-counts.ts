// The per-problem counts of a contest's problem list and problem page, cut at the seal for contestants and at the
// end unless the caller asks for after-contest submissions: from the board projection when it is at hand (each
// judged record counted once per board version and cut), else from SQL.
import { JudgeStatus, type ProblemCount } from '@oj/proto';
import { counterColumn } from '../judge/counters';
import { sealOffsetS } from './access';
import type { ContestRow } from './contest.repo';
import { recordCounts, unprojectedCounts, type CountCut, type CountRow } from './contest-record.repo';
import type { BoardProjector, BoardState } from './scoreboard/projector';

export type { CountRow };

/** The cuts for a caller: the end (`time < duration`) and the seal (`time < seal`), null when absent. */
export function countCuts(c: ContestRow, sealed: boolean, containsEnd: boolean): CountCut {
  // After-the-end submissions count only with the switch, where the contest allows them, never while sealed.
  const endS = containsEnd && c.allowEndSubmit && !sealed ? null : c.duration;
  const seal = sealOffsetS(c);
  return { endS, sealS: sealed && seal !== null ? seal : null };
}

/** Accepted and all counted submissions per display id (the problem list's AC / total). */
export function acAndTotal(rows: readonly CountRow[]): Map<string, { ac: number; total: number }> {
  const out = new Map<string, { ac: number; total: number }>();
  for (const r of rows) {
    const cell = out.get(r.displayId) ?? { ac: 0, total: 0 };
    cell.total += r.n;
    if (r.status === JudgeStatus.ACCEPTED) cell.ac += r.n;
    out.set(r.displayId, cell);
  }
  return out;
}

/** One problem's counters by verdict (the problem page's `problemCount`); pending records count in `total` only. */
export function problemCountOf(pid: number, rows: readonly CountRow[]): ProblemCount {
  const out: ProblemCount = { pid, total: 0, ac: 0, wa: 0, tle: 0, mle: 0, re: 0, pe: 0, ce: 0, se: 0, pa: 0 };
  for (const r of rows) {
    out.total += r.n;
    const field = r.status === null ? undefined : counterColumn(r.status);
    if (field) out[field] += r.n;
  }
  return out;
}

/** Judged-record counts of a board state per cut, kept while its version holds. */
const stateCounts = new WeakMap<BoardState, { version: number; byCut: Map<string, Map<string, Map<number, number>>> }>();

function judgedCounts(s: BoardState, { endS, sealS }: CountCut): Map<string, Map<number, number>> {
  let memo = stateCounts.get(s);
  if (!memo || memo.version !== s.version) {
    memo = { version: s.version, byCut: new Map() };
    stateCounts.set(s, memo);
  }
  const key = `${endS}|${sealS}`;
  let out = memo.byCut.get(key);
  if (!out) {
    out = new Map();
    for (const list of s.byCell.values()) {
      for (const r of list) {
        if ((endS !== null && r.time >= endS) || (sealS !== null && r.time >= sealS)) continue;
        let byStatus = out.get(r.displayId);
        if (!byStatus) out.set(r.displayId, (byStatus = new Map()));
        byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
      }
    }
    memo.byCut.set(key, out);
  }
  return out;
}

/**
 * The counts from the board projection: its state holds every judged record that reaches the board (the same
 * exclusions: creator, super admins, before the start); one small query adds what it lacks. Null when the board
 * version moved on meanwhile (the caller tries again, then falls back to SQL).
 */
async function projectedCounts(db: Parameters<typeof recordCounts>[0], boards: BoardProjector, c: ContestRow, cut: CountCut, displayId?: string): Promise<CountRow[] | null> {
  const s = await boards.current(c.id);
  const rest = await unprojectedCounts(db, c, cut, displayId);
  if (rest.version !== s.version) return null;
  const out: CountRow[] = [];
  for (const [d, byStatus] of judgedCounts(s, cut)) {
    if (displayId !== undefined && d !== displayId) continue;
    for (const [status, n] of byStatus) out.push({ displayId: d, status, n });
  }
  return [...out, ...rest.rows];
}

/** Counts the records of a contest under the caller's cuts, optionally of one problem. */
export type RecordCounter = (c: ContestRow, sealed: boolean, containsEnd: boolean, displayId?: string) => Promise<CountRow[]>;

/** `boards`: the process's board projection, which makes the counts cheap (without it: SQL). */
export function createRecordCounter(db: Parameters<typeof recordCounts>[0], boards?: BoardProjector): RecordCounter {
  return async function countRecords(c, sealed, containsEnd, displayId) {
    const cut = countCuts(c, sealed, containsEnd);
    if (boards) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const out = await projectedCounts(db, boards, c, cut, displayId);
        if (out) return out;
      }
    }
    return recordCounts(db, c, cut, displayId);
  };
}
