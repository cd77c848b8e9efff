// The per-problem figures of a board's header (AC/total and the tooltip's counts), computed from the rows. The
// services send them with a window read and with every delta (a client holding a window cannot count them).
import type { AcmRow, BoardRow, OiRow, ProblemStat } from './types';

const empty = (): ProblemStat => ({ ac: 0, rejected: 0, pending: 0, total: 0 });

/** Figures of the given problems over the whole board. */
export function problemStats(rows: readonly BoardRow[], displayIds: readonly string[], type: 0 | 1): Record<string, ProblemStat> {
  const out: Record<string, ProblemStat> = {};
  for (const id of displayIds) out[id] = empty();
  for (const r of rows) {
    for (const id of displayIds) {
      const s = out[id]!;
      if (type === 0) {
        const cell = (r as AcmRow).submissionInfo[id];
        if (!cell) continue;
        if (cell.isAC) s.ac++;
        s.rejected += cell.errorNum;
        s.pending += cell.tryNum;
        s.total += cell.errorNum + cell.tryNum + (cell.isAC ? 1 : 0);
      } else {
        const score = (r as OiRow).submissionInfo[id];
        if (score === undefined) continue;
        if ((r as OiRow).timeInfo[id] !== undefined) s.ac++;
        else s.rejected++;
        s.total++;
      }
    }
  }
  return out;
}
