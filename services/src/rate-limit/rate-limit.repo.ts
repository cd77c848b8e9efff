// The SQL of the shared rate limits: one statement per hit (an upsert on `rate_counter`), and the pruning.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

export interface CounterRow {
  ok: boolean;
  cur: number;
  prev: number;
  /** Milliseconds into the current window. */
  intoMs: number;
}

/**
 * One hit on `key`: counted (and `ok`) when the sliding estimate — the previous window's count weighted by how much
 * of it still overlaps the last `windowMs`, plus the current window's count — stays within `max` with it.
 * A refused hit is not counted, so a client that keeps trying is let in again as the window slides.
 */
export async function hitCounter(db: DbOrTx, key: string, max: number, windowMs: number): Promise<CounterRow> {
  const w = sql`${windowMs}::bigint`;
  // Expressions over the stored row (`r`) and the hit being inserted (`excluded`), evaluated before the update.
  const prev = sql`(case when r.win = excluded.win then r.prev when r.win = excluded.win - 1 then r.cur else 0 end)`;
  const cur = sql`(case when r.win = excluded.win then r.cur else 0 end)`;
  const frac = sql`((excluded.at_ms - excluded.win * ${w})::float8 / ${w})`;
  const ok = sql`(${prev} * (1 - ${frac}) + ${cur} + 1 <= ${max}::int)`;
  const rows = await db.execute<{ ok: boolean; cur: number; prev: number; into_ms: string }>(sql`
    with now_ms as (
      -- The counters are disposable: this statement's commit does not wait for the disk (transaction-local setting).
      select floor(extract(epoch from clock_timestamp()) * 1000)::bigint as ms, set_config('synchronous_commit', 'off', true) as async
    )
    insert into rate_counter as r (key, window_ms, win, cur, prev, at_ms, ok)
    select ${key}::text, ${windowMs}::int, ms / ${w}, 1, 0, ms, ${max >= 1 ? sql`true` : sql`false`} from now_ms
    on conflict (key) do update set
      prev = ${prev},
      cur = ${cur} + (case when ${ok} then 1 else 0 end),
      ok = ${ok},
      win = excluded.win,
      at_ms = excluded.at_ms,
      window_ms = excluded.window_ms
    returning ok, cur, prev, (at_ms - win * window_ms) as into_ms`);
  const row = rows[0]!;
  return { ok: row.ok, cur: Number(row.cur), prev: Number(row.prev), intoMs: Number(row.into_ms) };
}

/** Forgets counters idle for two of their windows (they count as zero by then). */
export async function pruneCounters(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_counter where at_ms < floor(extract(epoch from clock_timestamp()) * 1000)::bigint - 2 * window_ms::bigint`);
}
