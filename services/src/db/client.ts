// One postgres.js pool wrapped by drizzle, shared by every service of a process.
import postgres from 'postgres';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import * as schema from './schema';
import { instrumentPool, type PoolStats } from '../ops/pool-stats';

export type Db = PostgresJsDatabase<typeof schema>;
/** A transaction handle; the repositories accept it or the pool itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  /** The pool's connections and queued statements (metrics). */
  poolStats(): PoolStats;
  /** Resolves once PostgreSQL answered a trivial query (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function openDb(databaseUrl: string, opts: { max?: number } = {}): DbHandle {
  const max = opts.max ?? 10;
  const client = postgres(databaseUrl, {
    max,
    onnotice: () => {},
    connection: { application_name: 'oj-services' },
  });
  const pool = instrumentPool(client, max);
  const db = drizzle(pool.sql, { schema });
  return {
    db,
    poolStats: pool.stats,
    ping: async () => {
      await pool.sql.unsafe('select 1');
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** Largest value of a PostgreSQL `integer` column (ids, counters, times). */
export const INT4_MAX = 2_147_483_647;

/** Whether `n` fits an `integer` column; request values outside it can match no row (and must not reach SQL). */
export const isInt4 = (n: number): boolean => Number.isSafeInteger(n) && n >= -INT4_MAX - 1 && n <= INT4_MAX;

