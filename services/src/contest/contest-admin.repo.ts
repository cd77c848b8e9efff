// The SQL of contest administration: the admin list, insert, edit (record times follow a moved start) and delete
// with its submissions. The contest's problems are in contest-problem.repo.ts.
import { and, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { escapeLike } from '../db/paging';
import { contest, contestRecord, judge } from '../db/schema';
import { contestChanged } from './contest-reads';

/** Contests for the admin list (only `uid`'s unless null), newest start first. */
/** The site's contests (`gid` undefined) or one group's. */
export async function listAdminContests(db: DbOrTx, f: { uid: string | null; keyword?: string; gid?: number }, size: number, offset: number | null) {
  const conds: (SQL | undefined)[] = [f.gid === undefined ? isNull(contest.gid) : eq(contest.gid, f.gid)];
  if (f.uid !== null) conds.push(eq(contest.uid, f.uid));
  if (f.keyword) conds.push(ilike(contest.title, `%${escapeLike(f.keyword)}%`));
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(contest).where(where);
  const rows = offset === null ? [] : await db.select().from(contest).where(where).orderBy(desc(contest.startTime), desc(contest.id)).limit(size).offset(offset);
  return { total, rows };
}

export async function insertContest(db: DbOrTx, values: typeof contest.$inferInsert): Promise<number> {
  const [row] = await db.insert(contest).values(values).returning({ id: contest.id });
  return row!.id;
}

export async function updateContest(db: DbOrTx, cid: number, values: Partial<typeof contest.$inferInsert>): Promise<void> {
  await db.update(contest).set(values).where(eq(contest.id, cid));
  contestChanged(cid);
}

/** Record times are seconds from the start: recomputed for a new start. */
export async function retimeRecords(tx: Tx, cid: number, startTime: Date): Promise<void> {
  await tx
    .update(contestRecord)
    .set({ time: sql`greatest(0, floor(extract(epoch from (${contestRecord.submitTime} - ${startTime.toISOString()}::timestamptz))))::int` })
    .where(eq(contestRecord.cid, cid));
}

/** The contest and its submissions (their cases and queued jobs cascade; the contest's own rows cascade too). */
export async function deleteContest(tx: Tx, cid: number): Promise<void> {
  await tx.delete(judge).where(eq(judge.cid, cid));
  await tx.delete(contest).where(eq(contest.id, cid));
  contestChanged(cid);
}

/** Contests whose password is stored in plain text (an older version's): not of the `$argon2…` or `scrypt$…` form. */
export async function plainContestPasswords(db: DbOrTx): Promise<{ id: number; pwd: string }[]> {
  const rows = await db
    .select({ id: contest.id, pwd: contest.pwd })
    .from(contest)
    .where(sql`${contest.pwd} is not null and ${contest.pwd} not like '$argon2%' and ${contest.pwd} not like 'scrypt$%'`);
  return rows.map((r) => ({ id: r.id, pwd: r.pwd! }));
}

/** Stores `hash` as contest `id`'s password if it is still `plain` (another process may have done it); whether it did. */
export async function replaceContestPassword(db: DbOrTx, id: number, plain: string, hash: string): Promise<boolean> {
  const done = await db
    .update(contest)
    .set({ pwd: hash })
    .where(and(eq(contest.id, id), eq(contest.pwd, plain)))
    .returning({ id: contest.id });
  contestChanged(id);
  return done.length === 1;
}
