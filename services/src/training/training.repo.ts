// The SQL of the training row, its category and its registrations: the public list, the admin list, one training,
// insert/update/delete. The training's problems are in training-problem.repo.ts, its rank in training-rank.repo.ts.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { escapeLike } from '../db/paging';
import { training, trainingCategory, trainingProblem, trainingRegister, type TrainingRow } from '../db/schema';

export type { TrainingRow };

/** A training with its category's name and colour and its number of problems. */
export interface TrainingListed {
  t: TrainingRow;
  categoryName: string | null;
  categoryColor: string | null;
  problemCount: number;
}

const listedColumns = {
  t: training,
  categoryName: trainingCategory.name,
  categoryColor: trainingCategory.color,
  problemCount: sql<number>`(select count(*)::int from ${trainingProblem} where ${trainingProblem.tid} = ${training.id})`,
};

export async function findTraining(db: DbOrTx, tid: number): Promise<TrainingRow | undefined> {
  const [t] = await db.select().from(training).where(eq(training.id, tid));
  return t;
}

/** One training as the list shows it. */
export async function findTrainingListed(db: DbOrTx, tid: number): Promise<TrainingListed | undefined> {
  const [row] = await db.select(listedColumns).from(training).leftJoin(trainingCategory, eq(trainingCategory.id, training.categoryId)).where(eq(training.id, tid));
  return row ? { ...row, problemCount: Number(row.problemCount) } : undefined;
}

export interface TrainingListFilter {
  keyword?: string;
  categoryId?: number;
  auth?: string;
  /** Only the trainings of this author (the admin list of a non-root admin); null: all. */
  uid?: string | null;
  /** Visible ones only (the public list). */
  visibleOnly: boolean;
  /** The trainings of this group; absent: the site's (a group's training is never in the site's lists). */
  gid?: number;
}

/** A page of trainings by rank (then newest first), with their category and problem count. */
export async function listTrainings(db: DbOrTx, f: TrainingListFilter, size: number, offset: number | null) {
  const conds: (SQL | undefined)[] = [];
  if (f.visibleOnly) conds.push(eq(training.status, true));
  conds.push(f.gid === undefined ? eq(training.isGroup, false) : and(eq(training.isGroup, true), eq(training.gid, f.gid)));
  if (f.uid) conds.push(eq(training.uid, f.uid));
  if (f.categoryId !== undefined) conds.push(eq(training.categoryId, f.categoryId));
  if (f.auth) conds.push(eq(training.auth, f.auth));
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(training.title, like), ilike(training.author, like), sql`${training.id}::text = ${f.keyword}`));
  }
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(training).where(where);
  if (offset === null) return { total, rows: [] as TrainingListed[] };
  const rows = await db
    .select(listedColumns)
    .from(training)
    .leftJoin(trainingCategory, eq(trainingCategory.id, training.categoryId))
    .where(where)
    .orderBy(asc(training.rank), desc(training.id))
    .limit(size)
    .offset(offset);
  return { total, rows: rows.map((r) => ({ ...r, problemCount: Number(r.problemCount) })) };
}

export async function insertTraining(db: DbOrTx, values: typeof training.$inferInsert): Promise<number> {
  const [row] = await db.insert(training).values(values).returning({ id: training.id });
  return row!.id;
}

export async function updateTraining(db: DbOrTx, tid: number, values: Partial<typeof training.$inferInsert>): Promise<void> {
  await db.update(training).set(values).where(eq(training.id, tid));
}

/** Deletes the training; its problems, registrations and records cascade (the submissions stay practice ones). */
export async function deleteTraining(db: DbOrTx, tid: number): Promise<void> {
  await db.delete(training).where(eq(training.id, tid));
}

export async function isRegistered(db: DbOrTx, tid: number, uid: string): Promise<boolean> {
  const [r] = await db
    .select({ id: trainingRegister.id })
    .from(trainingRegister)
    .where(and(eq(trainingRegister.tid, tid), eq(trainingRegister.uid, uid), eq(trainingRegister.status, true)));
  return r !== undefined;
}

/** Registers `uid`; false when already registered. */
export async function addRegistration(db: DbOrTx, tid: number, uid: string): Promise<boolean> {
  const added = await db.insert(trainingRegister).values({ tid, uid }).onConflictDoNothing().returning({ id: trainingRegister.id });
  return added.length > 0;
}
