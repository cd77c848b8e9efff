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

/**
 * A URL naming a Unix socket with libpq's `?host=/dir` (`postgres://u:p@localhost:5432/oj?host=/var/run/postgresql`)
 * as postgres.js takes it: the socket `<dir>/.s.PGSQL.<port>` as its `path` option, and the URL without `host` (which
 * postgres.js would send the server as a setting). Other URLs unchanged (TCP).
 */
export function connectionOf(databaseUrl: string): { url: string; path?: string } {
  const url = new URL(databaseUrl);
  const dir = url.searchParams.get('host');
  if (!dir?.startsWith('/')) return { url: databaseUrl };
  url.searchParams.delete('host');
  return { url: url.toString(), path: `${dir}/.s.PGSQL.${url.port || '5432'}` };
}

export function openDb(databaseUrl: string, opts: { max?: number } = {}): DbHandle {
  const max = opts.max ?? 10;
  const { url, path } = connectionOf(databaseUrl);
  const client = postgres(url, {
    ...(path && { path }),
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

