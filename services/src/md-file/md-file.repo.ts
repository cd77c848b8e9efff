// The SQL of statement images and files (`md_file`).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mdFile } from '../db/schema';

export type MdFileRow = typeof mdFile.$inferSelect;

export async function insertMdFile(db: DbOrTx, v: { name: string; kind: string; contentType: string; data: Buffer; uid: string | null; gid: number | null }): Promise<number> {
  const [row] = await db.insert(mdFile).values(v).returning({ id: mdFile.id });
  return row!.id;
}

export async function findMdFile(db: DbOrTx, kind: string, name: string): Promise<MdFileRow | undefined> {
  const [row] = await db.select().from(mdFile).where(eq(mdFile.name, name));
  return row?.kind === kind ? row : undefined;
}

export async function findMdFileById(db: DbOrTx, id: number): Promise<Omit<MdFileRow, 'data'> | undefined> {
  const [row] = await db
    .select({ id: mdFile.id, name: mdFile.name, kind: mdFile.kind, contentType: mdFile.contentType, uid: mdFile.uid, gid: mdFile.gid, gmtCreate: mdFile.gmtCreate, gmtModified: mdFile.gmtModified })
    .from(mdFile)
    .where(eq(mdFile.id, id));
  return row;
}

export async function deleteMdFile(db: DbOrTx, id: number): Promise<void> {
  await db.delete(mdFile).where(eq(mdFile.id, id));
}
