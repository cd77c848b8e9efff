// The one rate-limit facility of the judge: counters in PostgreSQL, so every gateway (and every services process)
// counts against the same limit (docs/security.md, "Limits"). The gateway names each limit and its key; the values
// live in one place, the gateway's config (`rateLimit`). One statement per limited request (~0.3 ms locally).
import type { DbOrTx } from '../db/client';
import { hitCounter, pruneCounters, type CounterRow } from './rate-limit.repo';

export interface RateRule {
  max: number;
  windowMs: number;
}

export interface RateHit {
  allowed: boolean;
  /** Seconds until a hit would be allowed again (0 when allowed). */
  retryAfterS: number;
}

export interface RateLimits {
  /** Counts one hit of `key` under `rule` (allowed hits only); `name` keeps the limits apart. */
  hit(name: string, key: string, rule: RateRule): Promise<RateHit>;
  /** Forgets idle counters. */
  prune(): Promise<void>;
}

/** How long until the sliding estimate leaves room for one more hit, given a refused hit's row. */
export function retryAfterMs(row: Pick<CounterRow, 'cur' | 'prev' | 'intoMs'>, rule: RateRule): number {
  const { max, windowMs: w } = rule;
  const f = row.intoMs / w;
  // Still in this window: the previous window's weight must fall far enough.
  if (row.cur + 1 <= max && row.prev > 0) return Math.max(0, (1 - (max - 1 - row.cur) / row.prev - f) * w);
  // In the next window this one's count becomes the weighted one.
  const fNext = row.cur > 0 ? Math.max(0, 1 - (max - 1) / row.cur) : 0;
  return (1 - f) * w + fNext * w;
}

export function createRateLimits(db: DbOrTx): RateLimits {
  return {
    async hit(name, key, rule) {
      const row = await hitCounter(db, `${name}:${key}`, rule.max, rule.windowMs);
      if (row.ok) return { allowed: true, retryAfterS: 0 };
      return { allowed: false, retryAfterS: Math.max(1, Math.ceil(retryAfterMs(row, rule) / 1000)) };
    },
    prune: () => pruneCounters(db),
  };
}
