// The pool figures of the metrics, measured on a real PostgreSQL through drizzle (the path every repository takes).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../db/client';
import { startTestDb, type TestDb } from '../testing/test-db';

let t: TestDb;
let h: DbHandle;

beforeAll(async () => {
  t = await startTestDb();
  h = openDb(t.url, { max: 2 });
});
afterAll(async () => {
  await h?.close();
  await t?.stop();
});

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('PostgreSQL pool statistics', () => {
  it('are all idle at rest', async () => {
    await h.ping();
    expect(h.poolStats()).toEqual({ total: 2, idle: 2, waiting: 0 });
  });

  it('count statements executing and those queued behind them', async () => {
    // drizzle's queries run when awaited: Promise.all starts all five at once.
    const sleeps = Promise.all(Array.from({ length: 5 }, () => h.db.execute(sql`select pg_sleep(0.4)`)));
    await until(() => h.poolStats().idle === 0);
    const busy = h.poolStats();
    expect(busy.idle).toBe(0);
    // Two connections execute one statement each; the other three wait (queued or pipelined behind them).
    expect(busy.waiting).toBe(3);
    await sleeps;
    expect(h.poolStats()).toEqual({ total: 2, idle: 2, waiting: 0 });
  });

  it('count a transaction as a busy connection from BEGIN to COMMIT, between its statements too', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = Promise.resolve(
      h.db.transaction(async (t) => {
        await t.execute(sql`select 1`);
        await held;
      }),
    );
    await until(() => h.poolStats().idle === 1);
    expect(h.poolStats()).toEqual({ total: 2, idle: 1, waiting: 0 });
    release();
    await tx;
    expect(h.poolStats()).toEqual({ total: 2, idle: 2, waiting: 0 });
  });

  it('forget a statement that failed', async () => {
    await expect(h.db.execute(sql`select no_such_column from judge`)).rejects.toThrow();
    expect(h.poolStats()).toEqual({ total: 2, idle: 2, waiting: 0 });
  });
});
