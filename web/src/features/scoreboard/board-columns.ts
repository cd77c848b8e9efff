// The board tab's problem columns (display id, title, colour: the counts in them come with the board), read once per
// contest page and kept across the tab's visits: a contestant switching between the problems and the board does not
// read them again. Dropped when the contest page closes (the contest shell), and read again when the board names a
// problem the kept columns lack (a contest problem added or renamed meanwhile; such an edit also resets the board).
// No imports beyond types: the contest shell imports it, and the board's own code stays in the board's chunk.
import type { ContestProblemVO } from '@oj/proto';

const kept = new Map<number, Promise<ContestProblemVO[]>>();

/** Contest `cid`'s problem columns: the kept ones, else read with `read` (a failed read is not kept). */
export function boardColumns(cid: number, read: (cid: number) => Promise<ContestProblemVO[]>, fresh = false): Promise<ContestProblemVO[]> {
  let p = fresh ? undefined : kept.get(cid);
  if (!p) {
    p = read(cid);
    kept.set(cid, p);
    p.catch(() => kept.get(cid) === p && kept.delete(cid));
  }
  return p;
}

/** The contest page closed: its columns are read again next time. */
export function forgetBoardColumns(cid: number): void {
  kept.delete(cid);
}

/** Whether the board's per-problem figures name a problem the columns lack. */
export function columnsLack(columns: readonly { displayId: string }[], stats: Record<string, unknown>): boolean {
  const known = new Set(columns.map((c) => c.displayId));
  return Object.keys(stats).some((d) => !known.has(d));
}
