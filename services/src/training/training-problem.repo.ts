// The SQL of a training's problems: the ordered list (rank, then when added), one problem by id or display id, the
// admin's paged list and the public problems that may still be added, insert, rank change, removal.
import { and, asc, count, eq, ilike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { escapeLike } from '../db/paging';
import { problems, trainingProblem, type TrainingProblemRow } from '../db/schema';

export type { TrainingProblemRow };
export type ProblemRow = typeof problems.$inferSelect;

const order = [asc(trainingProblem.rank), asc(trainingProblem.id)] as const;

/** The training's problems in rank order, with their problem rows. */
export async function problemsOf(db: DbOrTx, tid: number): Promise<{ tp: TrainingProblemRow; p: ProblemRow }[]> {
  return db
    .select({ tp: trainingProblem, p: problems })
    .from(trainingProblem)
    .innerJoin(problems, eq(problems.id, trainingProblem.pid))
    .where(eq(trainingProblem.tid, tid))
    .orderBy(...order);
}

/** The rank's columns: pid and display id of each problem, in rank order. */
export async function columnsOf(db: DbOrTx, tid: number): Promise<{ pid: number; problemId: string; title: string }[]> {
  return db
    .select({ pid: problems.id, problemId: problems.problemId, title: problems.title })
    .from(trainingProblem)
    .innerJoin(problems, eq(problems.id, trainingProblem.pid))
    .where(eq(trainingProblem.tid, tid))
    .orderBy(...order);
}

export async function findTrainingProblem(db: DbOrTx, tid: number, pid: number): Promise<TrainingProblemRow | undefined> {
  const [row] = await db
    .select()
    .from(trainingProblem)
    .where(and(eq(trainingProblem.tid, tid), eq(trainingProblem.pid, pid)));
  return row;
}

/** The training's problem whose display id is `problemId` (a submit inside the training names it so). */
export async function findByDisplayId(db: DbOrTx, tid: number, problemId: string): Promise<{ tp: TrainingProblemRow; p: ProblemRow } | undefined> {
  const [row] = await db
    .select({ tp: trainingProblem, p: problems })
    .from(trainingProblem)
    .innerJoin(problems, eq(problems.id, trainingProblem.pid))
    .where(and(eq(trainingProblem.tid, tid), eq(problems.problemId, problemId)));
  return row;
}

export async function countProblems(db: DbOrTx, tid: number): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(trainingProblem).where(eq(trainingProblem.tid, tid));
  return n;
}

/** Appends the problem after the training's last one (rank = highest + 1); false when it is already in. */
export async function insertTrainingProblem(db: DbOrTx, v: { tid: number; pid: number; displayId: string }): Promise<boolean> {
  const next = sql<number>`(select coalesce(max(${trainingProblem.rank}), 0) + 1 from ${trainingProblem} where ${trainingProblem.tid} = ${v.tid})`;
  const rows = await db
    .insert(trainingProblem)
    .values({ ...v, rank: next })
    .onConflictDoNothing()
    .returning({ id: trainingProblem.id });
  return rows.length > 0;
}

export async function updateTrainingProblemRank(db: DbOrTx, tid: number, pid: number, rank: number): Promise<boolean> {
  const rows = await db
    .update(trainingProblem)
    .set({ rank, gmtModified: new Date() })
    .where(and(eq(trainingProblem.tid, tid), eq(trainingProblem.pid, pid)))
    .returning({ id: trainingProblem.id });
  return rows.length > 0;
}

/** Takes the problem out of the training (its training records cascade; the submissions stay practice ones). */
export async function deleteTrainingProblem(db: DbOrTx, tid: number, pid: number): Promise<boolean> {
  const rows = await db
    .delete(trainingProblem)
    .where(and(eq(trainingProblem.tid, tid), eq(trainingProblem.pid, pid)))
    .returning({ id: trainingProblem.id });
  return rows.length > 0;
}

const keywordOf = (keyword: string | undefined): SQL | undefined => {
  if (!keyword) return undefined;
  const like = `%${escapeLike(keyword)}%`;
  return or(ilike(problems.title, like), ilike(problems.problemId, like));
};

/** A page of the training's problems in rank order (the admin's list). */
export async function listTrainingProblems(db: DbOrTx, tid: number, keyword: string | undefined, size: number, offset: number | null) {
  const where = and(eq(trainingProblem.tid, tid), keywordOf(keyword));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(trainingProblem).innerJoin(problems, eq(problems.id, trainingProblem.pid)).where(where);
  if (offset === null) return { total, rows: [] };
  const rows = await db
    .select({ tp: trainingProblem, p: problems })
    .from(trainingProblem)
    .innerJoin(problems, eq(problems.id, trainingProblem.pid))
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset(offset);
  return { total, rows };
}

/** A page of the public problems (auth 1, not a group's own: `is_group`, as a problem made public keeps its gid) that are not in the training yet, by id. */
export async function listCandidates(db: DbOrTx, tid: number, keyword: string | undefined, size: number, offset: number | null) {
  const inTraining = db.select({ pid: trainingProblem.pid }).from(trainingProblem).where(eq(trainingProblem.tid, tid));
  const where = and(eq(problems.auth, 1), eq(problems.isGroup, false), notInArray(problems.id, inTraining), keywordOf(keyword));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(problems).where(where);
  if (offset === null) return { total, rows: [] };
  const rows = await db.select().from(problems).where(where).orderBy(asc(problems.id)).limit(size).offset(offset);
  return { total, rows };
}
