// The SQL of training categories: the list, one category, insert/update/delete, and how many trainings use one.
import { asc, count, eq, and, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { training, trainingCategory, type TrainingCategoryRow } from '../db/schema';

export type { TrainingCategoryRow };

export async function listCategories(db: DbOrTx): Promise<TrainingCategoryRow[]> {
  return db.select().from(trainingCategory).orderBy(asc(trainingCategory.id));
}

export async function findCategory(db: DbOrTx, id: number): Promise<TrainingCategoryRow | undefined> {
  const [c] = await db.select().from(trainingCategory).where(eq(trainingCategory.id, id));
  return c;
}

/** Whether another category (not `exceptId`) already has this name, compared case-insensitively. */
export async function categoryNameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: trainingCategory.id })
    .from(trainingCategory)
    .where(and(sql`lower(${trainingCategory.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(trainingCategory.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function insertCategory(db: DbOrTx, v: { name: string; color: string; gid: number | null }): Promise<TrainingCategoryRow> {
  const [row] = await db.insert(trainingCategory).values(v).returning();
  return row!;
}

export async function updateCategory(db: DbOrTx, id: number, v: { name: string; color: string }): Promise<boolean> {
  const rows = await db.update(trainingCategory).set({ ...v, gmtModified: new Date() }).where(eq(trainingCategory.id, id)).returning({ id: trainingCategory.id });
  return rows.length > 0;
}

export async function deleteCategory(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(trainingCategory).where(eq(trainingCategory.id, id)).returning({ id: trainingCategory.id });
  return rows.length > 0;
}

export async function trainingsInCategory(db: DbOrTx, id: number): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(training).where(eq(training.categoryId, id));
  return n;
}
