// The SQL of a contest's problems: the list, one by problem id or display id, the admin list's candidates, edits
// (a new display id is renamed in submissions, records and balloons), adding, removing and copying them.
import { and, asc, count, eq, ilike, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { escapeLike } from '../db/paging';
import { contestAcInfo, contestProblem, contestRecord, judge, problems } from '../db/schema';
import { contestChanged } from './contest-reads';

export type ContestProblemRow = typeof contestProblem.$inferSelect;

/** The contest's problems, in no particular order. */
export async function contestProblemsOf(db: DbOrTx, cid: number) {
  return db.select().from(contestProblem).where(eq(contestProblem.cid, cid));
}

/** A contest problem by display id, with its problem row. */
export async function findContestProblemWithProblem(db: DbOrTx, cid: number, displayId: string) {
  const [hit] = await db
    .select({ cp: contestProblem, p: problems })
    .from(contestProblem)
    .innerJoin(problems, eq(problems.id, contestProblem.pid))
    .where(and(eq(contestProblem.cid, cid), eq(contestProblem.displayId, displayId)));
  return hit;
}

/** A clone's problems: the same problems under the same display ids, titles and colours. */
export async function copyContestProblems(tx: Tx, fromCid: number, toCid: number): Promise<void> {
  const cps = await contestProblemsOf(tx, fromCid);
  if (cps.length > 0) {
    await tx.insert(contestProblem).values(cps.map((cp) => ({ cid: toCid, pid: cp.pid, displayId: cp.displayId, displayTitle: cp.displayTitle, color: cp.color })));
  }
  contestChanged(toCid);
}

export async function findContestProblem(db: DbOrTx, cid: number, pid: number): Promise<ContestProblemRow | undefined> {
  const [cp] = await db
    .select()
    .from(contestProblem)
    .where(and(eq(contestProblem.cid, cid), eq(contestProblem.pid, pid)));
  return cp;
}

export interface ProblemPickFilter {
  /** The add-from-public dialog: problems of this type (or remote) not in `pids`; without it: exactly `pids`. */
  problemType?: number;
  pids: number[];
  keyword?: string;
  /** A remote OJ key (problem ids `KEY-…`), or true for our own problems only. */
  oj?: string | true;
  /**
   * Where candidates come from (with `problemType`): the bank (default: every problem of the bank, no group's own),
   * the bank's public problems only (a group contest's add-from-public), or one group's own problems.
   */
  source?: 'bank' | 'public' | { gid: number };
}

/** Problems for the admin contest problem list, by id. */
export async function listProblemsForContest(db: DbOrTx, f: ProblemPickFilter, size: number, offset: number | null) {
  const conds: (SQL | undefined)[] = [];
  if (f.problemType !== undefined) {
    conds.push(or(eq(problems.type, f.problemType), eq(problems.isRemote, true)));
    if (f.pids.length > 0) conds.push(notInArray(problems.id, f.pids));
    const source = f.source ?? 'bank';
    if (typeof source === 'object') conds.push(eq(problems.gid, source.gid), eq(problems.isGroup, true));
    else conds.push(eq(problems.isGroup, false), source === 'public' ? eq(problems.auth, 1) : undefined);
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
  contestChanged(row!.cid);
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
  contestChanged(v.cid);
}

/** The problem out of the contest with its records, balloons and submissions (the problem itself stays). */
export async function deleteContestProblem(tx: Tx, cid: number, cp: ContestProblemRow): Promise<void> {
  await tx.delete(contestRecord).where(and(eq(contestRecord.cid, cid), eq(contestRecord.displayId, cp.displayId)));
  await tx.delete(contestAcInfo).where(and(eq(contestAcInfo.cid, cid), eq(contestAcInfo.displayId, cp.displayId)));
  await tx.delete(judge).where(and(eq(judge.cid, cid), eq(judge.pid, cp.pid)));
  await tx.delete(contestProblem).where(eq(contestProblem.id, cp.id));
  contestChanged(cid);
}
