// The SQL of tags and their classifications.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { problemTag, tagClassification, tags } from '../db/schema';

export type TagRow = typeof tags.$inferSelect;
export type ClassificationRow = typeof tagClassification.$inferSelect;

export async function tagsOfOj(db: DbOrTx, oj: string): Promise<TagRow[]> {
  return db.select().from(tags).where(eq(tags.oj, oj)).orderBy(asc(tags.id));
}

export async function classificationsOfOj(db: DbOrTx, oj: string): Promise<ClassificationRow[]> {
  return db.select().from(tagClassification).where(eq(tagClassification.oj, oj)).orderBy(asc(tagClassification.rank), asc(tagClassification.id));
}

export async function tagsOfProblem(db: DbOrTx, pid: number): Promise<TagRow[]> {
  return db
    .select({ tag: tags })
    .from(problemTag)
    .innerJoin(tags, eq(tags.id, problemTag.tid))
    .where(eq(problemTag.pid, pid))
    .orderBy(asc(tags.id))
    .then((rows) => rows.map((r) => r.tag));
}

/** Whether a tag named `name` (any case) exists in `oj`, other than `exceptId`. */
export async function tagNameTaken(db: DbOrTx, name: string, oj: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(sql`lower(${tags.name}) = lower(${name})`, eq(tags.oj, oj), exceptId !== undefined ? ne(tags.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function findTag(db: DbOrTx, id: number): Promise<TagRow | undefined> {
  const [row] = await db.select().from(tags).where(eq(tags.id, id));
  return row;
}

export async function insertTag(db: DbOrTx, v: { name: string; color: string | null; oj: string; tcid: number | null }): Promise<TagRow> {
  const [row] = await db.insert(tags).values(v).returning();
  return row!;
}

export async function updateTag(db: DbOrTx, id: number, v: { name: string; color: string | null; oj: string; tcid: number | null }): Promise<boolean> {
  const rows = await db.update(tags).set({ ...v, gmtModified: new Date() }).where(eq(tags.id, id)).returning({ id: tags.id });
  return rows.length > 0;
}

/** Deletes the tag (problems lose it). */
export async function deleteTag(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
  return rows.length > 0;
}

export async function findClassification(db: DbOrTx, id: number): Promise<ClassificationRow | undefined> {
  const [row] = await db.select().from(tagClassification).where(eq(tagClassification.id, id));
  return row;
}

export async function classificationNameTaken(db: DbOrTx, name: string, oj: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tagClassification.id })
    .from(tagClassification)
    .where(and(sql`lower(${tagClassification.name}) = lower(${name})`, eq(tagClassification.oj, oj), exceptId !== undefined ? ne(tagClassification.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insertClassification(db: DbOrTx, v: { name: string; oj: string; rank: number }): Promise<ClassificationRow> {
  const [row] = await db.insert(tagClassification).values(v).returning();
  return row!;
}

export async function updateClassification(db: DbOrTx, id: number, v: { name: string; oj: string; rank: number }): Promise<boolean> {
  const rows = await db.update(tagClassification).set({ ...v, gmtModified: new Date() }).where(eq(tagClassification.id, id)).returning({ id: tagClassification.id });
  return rows.length > 0;
}

/** Deletes the classification; its tags become unclassified. */
export async function deleteClassification(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(tagClassification).where(eq(tagClassification.id, id)).returning({ id: tagClassification.id });
  return rows.length > 0;
}
