// Request counters shared by every gateway (rate-limit/): one row per limited key, a sliding window approximated
// from the current and the previous fixed window. Made UNLOGGED after the migrations (db/migrate.ts): no WAL per
// request, and losing the counters in a crash only forgets a minute of limits.
import { bigint, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const rateCounter = pgTable('rate_counter', {
  /** `<limit name>:<key>`, e.g. `login-ip:10.0.0.7`. */
  key: text('key').primaryKey(),
  windowMs: integer('window_ms').notNull(),
  /** Index of the current window: epoch ms / window_ms. */
  win: bigint('win', { mode: 'number' }).notNull(),
  /** Hits counted in the current window, and in the one before it. */
  cur: integer('cur').notNull(),
  prev: integer('prev').notNull(),
  /** Time of the last hit, epoch ms (PostgreSQL's clock, the same for every gateway). */
  atMs: bigint('at_ms', { mode: 'number' }).notNull(),
  /** Whether the last hit was allowed (and so counted). */
  ok: boolean('ok').notNull(),
});
