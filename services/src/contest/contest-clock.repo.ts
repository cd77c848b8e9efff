// The SQL of the contest clock: the contests whose next phase boundary is due, claiming one boundary, and whether
// a board reset was already stored.
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { topics } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { contest, pushEvent } from '../db/schema';
import type { ContestRow } from './contest.repo';
import { contestChanged } from './contest-reads';

/** Ids of up to `limit` contests whose next boundary is at or before `now`, the most overdue first. */
export async function dueContests(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: contest.id })
    .from(contest)
    .where(and(isNotNull(contest.nextPhaseAt), lte(contest.nextPhaseAt, now)))
    .orderBy(asc(contest.nextPhaseAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The contest locked for this transaction, unless another process holds it (SKIP LOCKED). */
export async function lockContestIfFree(tx: Tx, id: number): Promise<ContestRow | undefined> {
  const [c] = await tx.select().from(contest).where(eq(contest.id, id)).for('update', { skipLocked: true });
  return c;
}

/** Moves the contest to `phase` if it is still in `from` (another process may have claimed it); whether it did. */
export async function claimPhase(tx: Tx, id: number, from: number, phase: number, nextPhaseAt: Date | null): Promise<boolean> {
  const claimed = await tx
    .update(contest)
    .set({ announcedPhase: phase, nextPhaseAt })
    .where(and(eq(contest.id, id), eq(contest.announcedPhase, from)))
    .returning({ id: contest.id });
  contestChanged(id);
  return claimed.length > 0;
}

/** Whether a board reset was already stored on `scoreboard:<cid>` since `since`. */
export async function resetStoredSince(tx: Tx, cid: number, since: Date): Promise<boolean> {
  const [hit] = await tx
    .select({ seq: pushEvent.seq })
    .from(pushEvent)
    .where(
      and(
        eq(pushEvent.topic, topics.scoreboard(cid)),
        eq(pushEvent.event, 'scoreboard.delta'),
        sql`(${pushEvent.data}->>'reset')::boolean is true`,
        sql`${pushEvent.createdAt} >= ${since.toISOString()}`,
      ),
    )
    .limit(1);
  return hit !== undefined;
}
