// The SQL of the contest row and its registrations, as the access rules read them.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contest, contestRegister } from '../db/schema';

export type ContestRow = typeof contest.$inferSelect;

export async function findContest(db: DbOrTx, cid: number): Promise<ContestRow | undefined> {
  const [c] = await db.select().from(contest).where(eq(contest.id, cid));
  return c;
}

export async function isRegistered(db: DbOrTx, cid: number, uid: string): Promise<boolean> {
  const [r] = await db
    .select({ uid: contestRegister.uid })
    .from(contestRegister)
    .where(and(eq(contestRegister.cid, cid), eq(contestRegister.uid, uid)));
  return r !== undefined;
}
