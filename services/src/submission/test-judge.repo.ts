// The SQL of online tests: one row per run key (its owner, the pending or final result, an expiry).
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { testJudge } from '../db/schema';

export type TestJudgeRow = typeof testJudge.$inferSelect;

export async function insertTestRun(db: DbOrTx, v: typeof testJudge.$inferInsert): Promise<void> {
  await db.insert(testJudge).values(v);
}

/** The run, locked for this transaction. */
export async function lockTestRun(tx: Tx, key: string): Promise<TestJudgeRow | undefined> {
  const [row] = await tx.select().from(testJudge).where(eq(testJudge.key, key)).for('update');
  return row;
}

export async function storeTestResult(tx: Tx, key: string, status: number, result: unknown): Promise<void> {
  await tx.update(testJudge).set({ status, result }).where(eq(testJudge.key, key));
}

/** `uid`'s unexpired run `key`. */
export async function ownTestRun(db: DbOrTx, key: string, uid: string): Promise<TestJudgeRow | undefined> {
  const [row] = await db
    .select()
    .from(testJudge)
    .where(and(eq(testJudge.key, key), eq(testJudge.uid, uid), gt(testJudge.expiresAt, sql`now()`)));
  return row;
}

export async function testRunOwner(db: DbOrTx, key: string): Promise<string | undefined> {
  const [row] = await db.select({ uid: testJudge.uid }).from(testJudge).where(eq(testJudge.key, key));
  return row?.uid;
}

/** Deletes the run; whether it was there (so only one reader gets a result). */
export async function deleteTestRun(db: DbOrTx, key: string): Promise<boolean> {
  const gone = await db.delete(testJudge).where(eq(testJudge.key, key)).returning({ key: testJudge.key });
  return gone.length > 0;
}

export async function pruneExpiredTestRuns(db: DbOrTx): Promise<void> {
  await db.delete(testJudge).where(lt(testJudge.expiresAt, sql`now()`));
}
