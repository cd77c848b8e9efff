// The SQL of contest administration: the admin list, insert, edit (record times follow a moved start), delete with
// its submissions, clone with its problems, and the contest problems with the renames a display id change implies.
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { escapeLike } from '../db/paging';
import { contest, contestAcInfo, contestProblem, contestRecord, judge, problems } from '../db/schema';

export type ContestProblemRow = typeof contestProblem.$inferSelect;

/** Contests for the admin list (only `uid`'s unless null), newest start first. */
export async function listAdminContests(db: DbOrTx, f: { uid: string | null; keyword?: string }, size: number, offset: number | null) {
  const conds: (SQL | undefined)[] = [];
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
}

export async function copyContestProblems(tx: Tx, fromCid: number, toCid: number): Promise<void> {
  const cps = await tx.select().from(contestProblem).where(eq(contestProblem.cid, fromCid));
  if (cps.length > 0) {
    await tx.insert(contestProblem).values(cps.map((cp) => ({ cid: toCid, pid: cp.pid, displayId: cp.displayId, displayTitle: cp.displayTitle, color: cp.color })));
  }
}

export async function findContestProblem(db: DbOrTx, cid: number, pid: number): Promise<ContestProblemRow | undefined> {
  const [cp] = await db
    .select()
    .from(contestProblem)
    .where(and(eq(contestProblem.cid, cid), eq(contestProblem.pid, pid)));
  return cp;
}

export async function findProblem(db: DbOrTx, pid: number) {
  const [p] = await db.select().from(problems).where(eq(problems.id, pid));
  return p;
}

export interface ProblemPickFilter {
  /** The add-from-public dialog: problems of this type (or remote) not in `pids`; without it: exactly `pids`. */
  problemType?: number;
  pids: number[];
  keyword?: string;
  /** A remote OJ key (problem ids `KEY-…`), or true for our own problems only. */
  oj?: string | true;
}

/** Problems for the admin contest problem list, by id. */
export async function listProblemsForContest(db: DbOrTx, f: ProblemPickFilter, size: number, offset: number | null) {
  const conds: (SQL | undefined)[] = [];
  if (f.problemType !== undefined) {
    conds.push(or(eq(problems.type, f.problemType), eq(problems.isRemote, true)));
    if (f.pids.length > 0) conds.push(notInArray(problems.id, f.pids));
  } else conds.push(inArray(problems.id, f.pids));
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(problems.title, like), ilike(problems.problemId, like), ilike(problems.author, like)));
  }
  if (f.oj !== undefined) conds.push(f.oj === true ? eq(problems.isRemote, false) : ilike(problems.problemId, `${escapeLike(f.oj)}-%`));
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(problems).where(where);
  const rows = offset === null ? [] : await db.select().from(problems).where(where).orderBy(asc(problems.id)).limit(size).offset(offset);
  return { total, rows };
}

export async function updateContestProblem(tx: Tx, id: number, v: { displayId: string; displayTitle: string; color: string | null }): Promise<ContestProblemRow> {
  const [row] = await tx
    .update(contestProblem)
    .set({ ...v, gmtModified: new Date() })
    .where(eq(contestProblem.id, id))
    .returning();
  return row!;
}

/** The display id names the problem in submissions, records and balloons: renamed everywhere. */
export async function renameDisplayId(tx: Tx, cid: number, cpid: number, from: string, to: string): Promise<void> {
  await tx.update(judge).set({ displayPid: to }).where(and(eq(judge.cid, cid), eq(judge.cpid, cpid)));
  await tx
    .update(contestRecord)
    .set({ displayId: to })
    .where(and(eq(contestRecord.cid, cid), eq(contestRecord.displayId, from)));
  await tx
    .update(contestAcInfo)
    .set({ displayId: to })
    .where(and(eq(contestAcInfo.cid, cid), eq(contestAcInfo.displayId, from)));
}

export async function insertContestProblem(tx: Tx, v: { cid: number; pid: number; displayId: string; displayTitle: string; color: string | null }): Promise<void> {
  await tx.insert(contestProblem).values(v);
}

/** The problem out of the contest with its records, balloons and submissions (the problem itself stays). */
export async function deleteContestProblem(tx: Tx, cid: number, cp: ContestProblemRow): Promise<void> {
  await tx.delete(contestRecord).where(and(eq(contestRecord.cid, cid), eq(contestRecord.displayId, cp.displayId)));
  await tx.delete(contestAcInfo).where(and(eq(contestAcInfo.cid, cid), eq(contestAcInfo.displayId, cp.displayId)));
  await tx.delete(judge).where(and(eq(judge.cid, cid), eq(judge.pid, cp.pid)));
  await tx.delete(contestProblem).where(eq(contestProblem.id, cp.id));
}
