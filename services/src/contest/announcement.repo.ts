// The SQL of contest announcements and the per-user read marks.
import { and, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ContestAnnouncementVO } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { contestAnnouncement, contestAnnouncementRead, users } from '../db/schema';

/** Which announcements of a contest: all, the visible ones, the visible ones a user has not read, or one by id. */
export type AnnouncementFilter =
  | { cid: number; visibleOnly?: number; unreadBy?: { uid: string; readIds: number[] } }
  | { id: number };

function where(f: AnnouncementFilter): SQL | undefined {
  if ('id' in f) return eq(contestAnnouncement.id, f.id);
  const conds: (SQL | undefined)[] = [eq(contestAnnouncement.cid, f.cid)];
  if (f.visibleOnly !== undefined) conds.push(eq(contestAnnouncement.status, f.visibleOnly));
  if (f.unreadBy) {
    if (f.unreadBy.readIds.length > 0) conds.push(notInArray(contestAnnouncement.id, f.unreadBy.readIds));
    conds.push(
      sql`not exists (select 1 from ${contestAnnouncementRead} where ${contestAnnouncementRead.aid} = ${contestAnnouncement.id} and ${contestAnnouncementRead.uid} = ${f.unreadBy.uid})`,
    );
  }
  return and(...conds);
}

/** Announcements as answers, newest first (a page when `limit` is given). */
export async function announcementVOs(db: DbOrTx, f: AnnouncementFilter, limit?: number, offset?: number): Promise<ContestAnnouncementVO[]> {
  let q = db
    .select({ a: contestAnnouncement, username: users.username })
    .from(contestAnnouncement)
    .innerJoin(users, eq(users.uuid, contestAnnouncement.uid))
    .where(where(f))
    .orderBy(desc(contestAnnouncement.id))
    .$dynamic();
  if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0);
  return (await q).map(({ a, username }) => ({
    id: a.id,
    cid: a.cid,
    title: a.title,
    content: a.content,
    uid: a.uid,
    username,
    status: a.status,
    gmtCreate: a.gmtCreate.toISOString(),
    gmtModified: a.gmtModified.toISOString(),
  }));
}

export async function countAnnouncements(db: DbOrTx, f: AnnouncementFilter): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(contestAnnouncement).where(where(f));
  return total;
}

export async function insertAnnouncement(tx: Tx, v: { cid: number; uid: string; title: string; content: string; status: number }): Promise<number> {
  const [row] = await tx.insert(contestAnnouncement).values(v).returning({ id: contestAnnouncement.id });
  return row!.id;
}

/** Edits announcement `id` of contest `cid`; false when there is none. Its read marks go: nobody has read this version. */
export async function updateAnnouncement(tx: Tx, cid: number, id: number, v: { title: string; content: string; status?: number }): Promise<boolean> {
  const updated = await tx
    .update(contestAnnouncement)
    .set({ ...v, gmtModified: new Date() })
    .where(and(eq(contestAnnouncement.id, id), eq(contestAnnouncement.cid, cid)))
    .returning({ id: contestAnnouncement.id });
  if (updated.length === 0) return false;
  await tx.delete(contestAnnouncementRead).where(eq(contestAnnouncementRead.aid, id));
  return true;
}

export async function announcementContest(db: DbOrTx, id: number): Promise<number | undefined> {
  const [a] = await db.select({ cid: contestAnnouncement.cid }).from(contestAnnouncement).where(eq(contestAnnouncement.id, id));
  return a?.cid;
}

export async function deleteAnnouncement(db: DbOrTx, id: number): Promise<void> {
  await db.delete(contestAnnouncement).where(eq(contestAnnouncement.id, id));
}

/** Marks those of `aids` that belong to contest `cid` read by `uid`. */
export async function markAnnouncementsRead(db: DbOrTx, cid: number, uid: string, aids: number[]): Promise<void> {
  const mine = await db
    .select({ id: contestAnnouncement.id })
    .from(contestAnnouncement)
    .where(and(eq(contestAnnouncement.cid, cid), inArray(contestAnnouncement.id, aids)));
  if (mine.length === 0) return;
  await db
    .insert(contestAnnouncementRead)
    .values(mine.map((a) => ({ cid, uid, aid: a.id })))
    .onConflictDoNothing();
}
