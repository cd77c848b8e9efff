// The SQL of group announcements: a page of a group's (visible ones, or all for its admins), one by id, and writes.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { GroupAnnouncementVO } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { groupAnnouncement } from '../db/schema';

export type GroupAnnouncementRow = typeof groupAnnouncement.$inferSelect;

export function toAnnouncementVO(a: GroupAnnouncementRow): GroupAnnouncementVO {
  return {
    id: a.id,
    title: a.title,
    content: a.content,
    status: a.status,
    uid: a.uid,
    username: a.username,
    gid: a.gid,
    gmtCreate: a.gmtCreate.toISOString(),
    gmtModified: a.gmtModified.toISOString(),
  };
}

/** A page of group `gid`'s announcements, newest first; only the visible ones (status 0) when `visibleOnly`. */
export async function announcementPage(db: DbOrTx, gid: number, visibleOnly: boolean, size: number, offset: number | null) {
  const where: SQL | undefined = and(eq(groupAnnouncement.gid, gid), visibleOnly ? eq(groupAnnouncement.status, 0) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(groupAnnouncement).where(where);
  const rows = offset === null ? [] : await db.select().from(groupAnnouncement).where(where).orderBy(desc(groupAnnouncement.id)).limit(size).offset(offset);
  return { total, rows };
}

export async function findAnnouncement(db: DbOrTx, id: number): Promise<GroupAnnouncementRow | undefined> {
  const [row] = await db.select().from(groupAnnouncement).where(eq(groupAnnouncement.id, id));
  return row;
}

export async function insertAnnouncement(tx: Tx, v: Pick<GroupAnnouncementRow, 'gid' | 'title' | 'content' | 'status' | 'uid' | 'username'>): Promise<number> {
  const [row] = await tx.insert(groupAnnouncement).values(v).returning({ id: groupAnnouncement.id });
  return row!.id;
}

export async function updateAnnouncement(tx: Tx, id: number, set: Partial<Pick<GroupAnnouncementRow, 'title' | 'content' | 'status'>>): Promise<void> {
  await tx
    .update(groupAnnouncement)
    .set({ ...set, gmtModified: new Date() })
    .where(eq(groupAnnouncement.id, id));
}

export async function deleteAnnouncement(tx: Tx, id: number): Promise<void> {
  await tx.delete(groupAnnouncement).where(eq(groupAnnouncement.id, id));
}
