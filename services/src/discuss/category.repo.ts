// The SQL of discussion categories.
import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { discussionCategory } from '../db/schema';

export async function listCategories(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return db.select({ id: discussionCategory.id, name: discussionCategory.name }).from(discussionCategory).orderBy(asc(discussionCategory.id));
}

export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: discussionCategory.id }).from(discussionCategory).where(eq(discussionCategory.id, id));
  return row !== undefined;
}

/** Which of `ids` exist. */
export async function existingCategoryIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: discussionCategory.id }).from(discussionCategory).where(inArray(discussionCategory.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Makes the stored list `list`: renames the kept ones, removes the others, adds those without an id. */
export async function replaceCategories(tx: Tx, list: { id?: number; name: string }[]): Promise<void> {
  const kept = list.flatMap((c) => (c.id === undefined ? [] : [c.id]));
  await tx.delete(discussionCategory).where(kept.length ? notInArray(discussionCategory.id, kept) : undefined);
  for (const c of list) {
    if (c.id !== undefined) await tx.update(discussionCategory).set({ name: c.name, gmtModified: new Date() }).where(eq(discussionCategory.id, c.id));
  }
  const added = list.filter((c) => c.id === undefined).map((c) => ({ name: c.name }));
  if (added.length) await tx.insert(discussionCategory).values(added);
}
