// The SQL of system notices as admins send and manage them: recipients by audience, the bulk copy for every user,
// the admin list with recipient counts.
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { ADMIN_ROLES } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { escapeLike } from '../db/paging';
import { adminNotice, roles, userNotice, userRole, users } from '../db/schema';

/** uid of each username given (unknown names are missing from the map). */
export async function uidsByUsername(db: DbOrTx, names: string[]): Promise<Map<string, string>> {
  if (!names.length) return new Map();
  const rows = await db.select({ uid: users.uuid, username: users.username }).from(users).where(inArray(users.username, names));
  return new Map(rows.map((r) => [r.username, r.uid]));
}

export async function adminUids(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ uid: userRole.uid })
    .from(userRole)
    .innerJoin(roles, eq(roles.id, userRole.roleId))
    .where(inArray(roles.role, [...ADMIN_ROLES]));
  return rows.map((r) => r.uid);
}

/** One copy of notice `noticeId` for every user, in one statement; how many. */
export async function insertNoticeForAll(tx: Tx, noticeId: number, type: string): Promise<number> {
  const r = await tx.execute(
    sql`insert into ${userNotice} (notice_id, recipient_id, type) select ${noticeId}, ${users.uuid}, ${type} from ${users}`,
  );
  return r.count ?? 0;
}

export async function noticeAdminPage(db: DbOrTx, type: string | undefined, size: number, offset: number) {
  const where = type ? eq(adminNotice.type, type) : undefined;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(adminNotice).where(where);
  const rows = await db
    .select({
      a: adminNotice,
      adminName: users.username,
      recipientCount: sql<number>`(select count(*)::int from ${userNotice} where ${userNotice.noticeId} = ${adminNotice.id})`,
    })
    .from(adminNotice)
    .leftJoin(users, eq(users.uuid, adminNotice.adminId))
    .where(where)
    .orderBy(desc(adminNotice.id))
    .limit(size)
    .offset(offset);
  return { total: n, rows };
}

/** Usernames of the first `limit` recipients of each notice. */
export async function recipientNames(db: DbOrTx, noticeIds: number[], limit = 20): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!noticeIds.length) return out;
  const rows = await db
    .select({ noticeId: userNotice.noticeId, username: users.username })
    .from(userNotice)
    .innerJoin(users, eq(users.uuid, userNotice.recipientId))
    .where(inArray(userNotice.noticeId, noticeIds))
    .orderBy(userNotice.id);
  for (const r of rows) {
    const list = out.get(r.noticeId) ?? [];
    if (list.length < limit) list.push(r.username);
    out.set(r.noticeId, list);
  }
  return out;
}

export async function findNotice(db: DbOrTx, id: number) {
  const [row] = await db.select().from(adminNotice).where(eq(adminNotice.id, id));
  return row ?? null;
}

export async function updateNotice(db: DbOrTx, id: number, set: { title: string; content: string }): Promise<void> {
  await db.update(adminNotice).set({ ...set, gmtModified: new Date() }).where(eq(adminNotice.id, id));
}

/** Deletes a notice and its copies; answers the recipients whose copy was still unread. */
export async function deleteNotice(tx: Tx, id: number): Promise<string[]> {
  const unread = await tx
    .select({ uid: userNotice.recipientId })
    .from(userNotice)
    .where(and(eq(userNotice.noticeId, id), eq(userNotice.state, false)));
  await tx.delete(adminNotice).where(eq(adminNotice.id, id));
  return unread.map((r) => r.uid);
}

/** Up to 20 users whose username or nickname contains `keyword`. */
export async function searchUsers(db: DbOrTx, keyword: string) {
  const like = `%${escapeLike(keyword)}%`;
  return db
    .select({ uid: users.uuid, username: users.username, nickname: users.nickname })
    .from(users)
    .where(or(ilike(users.username, like), ilike(users.nickname, like)))
    .orderBy(users.username)
    .limit(20);
}
