// The per-problem status counters (problems.total/ac/wa/…): which column a verdict counts in, and the
// correction to apply when a submission's counted verdict changes (first final, or a rejudge). Only practice
// submissions count: a contest's verdicts stay inside the contest (docs/security.md).
import { JudgeStatus } from '@oj/proto';

export const COUNTER_COLUMNS = ['ac', 'wa', 'tle', 'mle', 're', 'pe', 'ce', 'se', 'pa'] as const;
export type CounterColumn = (typeof COUNTER_COLUMNS)[number];
export type CounterDelta = Partial<Record<'total' | CounterColumn, number>>;

const COLUMN_OF: Partial<Record<number, CounterColumn>> = {
  [JudgeStatus.ACCEPTED]: 'ac',
  [JudgeStatus.WRONG_ANSWER]: 'wa',
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: 'tle',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: 'mle',
  [JudgeStatus.RUNTIME_ERROR]: 're',
  [JudgeStatus.PRESENTATION_ERROR]: 'pe',
  [JudgeStatus.COMPILE_ERROR]: 'ce',
  [JudgeStatus.SYSTEM_ERROR]: 'se',
  [JudgeStatus.PARTIAL_ACCEPTED]: 'pa',
};

/** The judge status each column counts. */
export const STATUS_OF_COLUMN = Object.fromEntries(Object.entries(COLUMN_OF).map(([status, col]) => [col, Number(status)])) as Record<CounterColumn, number>;

export function counterColumn(status: number): CounterColumn | undefined {
  return COLUMN_OF[status];
}

/**
 * The change to the counters when a submission previously counted as `prev` (null: never counted) is now
 * counted as `next`. Applying it once per final, and storing `next` as the counted status, keeps the
 * counters exact however often a final is delivered.
 */
export function counterDelta(prev: number | null, next: number | null): CounterDelta {
  const d: CounterDelta = {};
  const add = (k: 'total' | CounterColumn, n: number) => {
    d[k] = (d[k] ?? 0) + n;
    if (d[k] === 0) delete d[k];
  };
  if (prev === null) {
    if (next !== null) add('total', 1);
  } else {
    const old = counterColumn(prev);
    if (old) add(old, -1);
    if (next === null) add('total', -1);
  }
  const col = next === null ? undefined : counterColumn(next);
  if (col) add(col, 1);
  return d;
}

/**
 * What a submission is counted as from now on, given its verdict `next`: the verdict for a practice submission,
 * nothing (null) for a contest one, whose verdicts never reach the public counters, nor for one of an exam whose
 * results are not released (`sealed`, see submission/practice-scope.ts).
 */
export function countedAs(row: { cid: number }, next: number, sealed = false): number | null {
  return row.cid > 0 || sealed ? null : next;
}
