// The SQL of the message center: user messages (Discuss, Reply, Like), admin notices and their per-user copies,
// unread counts.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { UnreadCounts } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { adminNotice, discussion, userMsg, userNotice, users } from '../db/schema';

/** The user's unread messages per tab. */
export async function unreadCounts(db: DbOrTx, uid: string): Promise<UnreadCounts> {
  const counts: UnreadCounts = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };
  const msgs = await db
    .select({ action: userMsg.action, n: count() })
    .from(userMsg)
    .where(and(eq(userMsg.recipientId, uid), eq(userMsg.state, false)))
    .groupBy(userMsg.action);
  for (const r of msgs) {
    if (r.action === 'Discuss') counts.comment = r.n;
    else if (r.action === 'Reply') counts.reply = r.n;
    else if (r.action === 'Like') counts.like = r.n;
  }
  const notices = await db
    .select({ type: userNotice.type, n: count() })
    .from(userNotice)
    .where(and(eq(userNotice.recipientId, uid), eq(userNotice.state, false)))
    .groupBy(userNotice.type);
  for (const r of notices) {
    if (r.type === 'Sys') counts.sys = r.n;
    else if (r.type === 'Mine') counts.mine = r.n;
  }
  return counts;
}

export async function insertUserMsg(tx: Tx, m: typeof userMsg.$inferInsert): Promise<void> {
  await tx.insert(userMsg).values(m);
}

/** Whether the recipient already holds this message (same action, sender, source and text), read or not. */
export async function userMsgExists(db: DbOrTx, m: Pick<typeof userMsg.$inferInsert, 'action' | 'recipientId' | 'senderId' | 'sourceId' | 'sourceType' | 'sourceContent'>): Promise<boolean> {
  const [hit] = await db
    .select({ id: userMsg.id })
    .from(userMsg)
    .where(
      and(
        eq(userMsg.recipientId, m.recipientId),
        eq(userMsg.action, m.action),
        eq(userMsg.senderId, m.senderId),
        eq(userMsg.sourceType, m.sourceType),
        eq(userMsg.sourceId, m.sourceId),
        eq(userMsg.sourceContent, m.sourceContent),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/** One page of the user's messages of `action`, newest first, with the senders; and the total. */
export async function userMsgPage(db: DbOrTx, uid: string, action: string, size: number, offset: number) {
  const where = and(eq(userMsg.recipientId, uid), eq(userMsg.action, action));
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(userMsg).where(where);
  const rows = await db
    .select({ m: userMsg, senderUsername: users.username, senderAvatar: users.avatar })
    .from(userMsg)
    .innerJoin(users, eq(users.uuid, userMsg.senderId))
    .where(where)
    .orderBy(desc(userMsg.id))
    .limit(size)
    .offset(offset);
  return { total: n, rows };
}

/** Discussion id → title. */
export async function discussionTitles(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const titles = new Map<number, string>();
  if (ids.length) for (const d of await db.select({ id: discussion.id, title: discussion.title }).from(discussion).where(inArray(discussion.id, ids))) titles.set(d.id, d.title);
  return titles;
}

/** Marks messages read; how many. */
export async function markUserMsgsRead(tx: Tx, ids: number[]): Promise<number> {
  return (await tx.update(userMsg).set({ state: true }).where(inArray(userMsg.id, ids)).returning({ id: userMsg.id })).length;
}

/** One page of the user's notices of `type` (Sys or Mine), newest first, with the notice; and the total. */
export async function noticePage(db: DbOrTx, uid: string, type: string, size: number, offset: number) {
  const where = and(eq(userNotice.recipientId, uid), eq(userNotice.type, type));
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(userNotice).where(where);
  const rows = await db
    .select({ u: userNotice, a: adminNotice })
    .from(userNotice)
    .innerJoin(adminNotice, eq(adminNotice.id, userNotice.noticeId))
    .where(where)
    .orderBy(desc(userNotice.id))
    .limit(size)
    .offset(offset);
  return { total: n, rows };
}

export async function markNoticesRead(tx: Tx, ids: number[]): Promise<number> {
  return (await tx.update(userNotice).set({ state: true }).where(inArray(userNotice.id, ids)).returning({ id: userNotice.id })).length;
}

/** Deletes the user's notices of `type` (one when `id` is given); how many. */
export async function deleteNotices(tx: Tx, uid: string, type: string, id?: number): Promise<number> {
  const where = and(eq(userNotice.recipientId, uid), eq(userNotice.type, type), id === undefined ? undefined : eq(userNotice.id, id));
  return (await tx.delete(userNotice).where(where).returning({ id: userNotice.id })).length;
}

/** Deletes the user's messages of `action` (one when `id` is given); how many. */
export async function deleteUserMsgs(tx: Tx, uid: string, action: string, id?: number): Promise<number> {
  const where = and(eq(userMsg.recipientId, uid), eq(userMsg.action, action), id === undefined ? undefined : eq(userMsg.id, id));
  return (await tx.delete(userMsg).where(where).returning({ id: userMsg.id })).length;
}

export async function insertAdminNotice(tx: Tx, v: typeof adminNotice.$inferInsert): Promise<number> {
  const [n] = await tx.insert(adminNotice).values(v).returning({ id: adminNotice.id });
  return n!.id;
}

/** Every user's uid, or just `uid`'s when it exists. */
export async function recipientUids(tx: Tx, uid?: string): Promise<string[]> {
  const rows = uid === undefined ? await tx.select({ uid: users.uuid }).from(users) : await tx.select({ uid: users.uuid }).from(users).where(eq(users.uuid, uid));
  return rows.map((u) => u.uid);
}

export async function insertUserNotices(tx: Tx, noticeId: number, recipients: string[], type: string): Promise<void> {
  await tx.insert(userNotice).values(recipients.map((uid) => ({ noticeId, recipientId: uid, type })));
}
