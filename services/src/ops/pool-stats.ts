// What the PostgreSQL pool of one process is doing, for the metrics: postgres.js keeps its queues private, so the
// pool's client is wrapped where drizzle reaches it (`unsafe` for statements, `begin` for transactions).
import type { Sql } from 'postgres';

export interface PoolStats {
  /** Connections the pool may open (`max`). */
  total: number;
  /** Of them, free: not executing a statement and not held by a transaction. */
  idle: number;
  /** Statements handed to the pool that are not executing yet (queued for a connection, or pipelined behind another). */
  waiting: number;
}

/** The part of a postgres.js `Query` the wrapper touches (its fields are instance properties). */
interface QueryInternals {
  handler: ((q: QueryInternals) => void) & { debug?: unknown };
  resolve: (x: unknown) => void;
  reject: (x: unknown) => void;
  active: boolean;
}

/** Wraps `client`; the statements and transactions made through the answer are counted. */
export function instrumentPool(client: Sql, max: number): { sql: Sql; stats(): PoolStats } {
  const inFlight = new Set<QueryInternals>();
  let transactions = 0;
  const track = (q: QueryInternals): QueryInternals => {
    const { handler, resolve, reject } = q;
    // Called once, when the statement is executed (postgres.js queries are lazy): from then on it is the pool's.
    q.handler = Object.assign((query: QueryInternals) => {
      inFlight.add(query);
      handler(query);
    }, { debug: handler.debug });
    q.resolve = (x) => {
      inFlight.delete(q);
      resolve(x);
    };
    q.reject = (x) => {
      inFlight.delete(q);
      reject(x);
    };
    return q;
  };
  const sql = new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') return (...args: Parameters<Sql['unsafe']>) => track(target.unsafe(...args) as unknown as QueryInternals);
      if (prop === 'begin') {
        return (...args: unknown[]) => {
          transactions++;
          return (target.begin as (...a: unknown[]) => Promise<unknown>)(...args).finally(() => transactions--);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return {
    sql,
    stats() {
      let active = 0;
      for (const q of inFlight) if (q.active) active++;
      // A transaction holds its connection from BEGIN to COMMIT, between its statements too.
      const busy = Math.min(max, active + transactions);
      return { total: max, idle: max - busy, waiting: inFlight.size - active };
    },
  };
}
