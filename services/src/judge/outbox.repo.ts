// The SQL of the judge outbox: due rows taken with SKIP LOCKED, marks and back-off, and pruning.
import { and, asc, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { judge, outbox } from '../db/schema';

/**
 * Up to `limit` unsent rows that are due, oldest first, locked for this transaction; SKIP LOCKED lets several
 * services processes relay at once without sending a row twice.
 */
export async function takeDueRows(tx: Tx, limit: number) {
  return tx
    .select()
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lte(outbox.availableAt, sql`now()`)))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function findSubmission(tx: Tx, submitId: number) {
  const [sub] = await tx.select().from(judge).where(eq(judge.submitId, submitId));
  return sub;
}

export async function markSent(tx: Tx, id: number): Promise<void> {
  await tx.update(outbox).set({ sentAt: sql`now()` }).where(eq(outbox.id, id));
}

/** A failed send: counted, and not due again before `at`. */
export async function postpone(tx: Tx, id: number, attempts: number, at: Date): Promise<void> {
  await tx.update(outbox).set({ attempts, availableAt: at }).where(eq(outbox.id, id));
}


/** Forgets outbox rows sent more than a day ago. */
export async function pruneSentOutbox(db: DbOrTx): Promise<void> {
  await db.delete(outbox).where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, sql`now() - interval '1 day'`)));
}
