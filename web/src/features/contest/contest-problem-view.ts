// Display rules of the contest problem list: the status cell per rule, counts hidden as '?'.
import { CONTEST_STATUS } from '@oj/proto';

/** Never submitted; −5: the result is hidden while the OI board is sealed. */
const NOT_SUBMITTED = -10;
const HIDDEN = -5;

export type StatusCell =
  | { kind: 'none' }
  | { kind: 'ac' }
  | { kind: 'tried' }
  | { kind: 'hidden' }
  | { kind: 'score'; score: number };

/** ACM shows a check (or a cross once tried); OI a score tag; nothing before the first submission. */
export function statusCell(type: number, s: { status: number; score: number | null } | undefined): StatusCell {
  if (!s || s.status === NOT_SUBMITTED) return { kind: 'none' };
  if (s.status === HIDDEN) return { kind: 'hidden' };
  if (type === 1) return { kind: 'score', score: s.score ?? 0 };
  return s.status === 0 ? { kind: 'ac' } : { kind: 'tried' };
}

/** AC rate in percent (two decimals) or null when the counts are not shown. */
export function acRate(ac: number | null, total: number | null): number | null {
  if (ac === null || total === null) return null;
  return total > 0 ? Math.round((ac / total) * 10_000) / 100 : 0;
}

/** A count, or '?' when real-time data is not permitted. */
export const countText = (n: number | null) => (n === null ? '?' : String(n));

/** The contest clock's status as the problem page's submit rule sees it. */
export const submitOpen = (status: number, allowEndSubmit: boolean, isAdmin: boolean) =>
  isAdmin || status === CONTEST_STATUS.RUNNING || (status === CONTEST_STATUS.ENDED && allowEndSubmit);
