// The SQL of group members: one row, the lists (members proper, or every relation for the admins' table with the
// applications first), and the writes of joining, applying, changing an auth and leaving.
import { and, asc, count, desc, eq, gte, ilike, type SQL } from 'drizzle-orm';
import { GROUP_MEMBER_AUTH } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { escapeLike } from '../db/paging';
import { groupMember, users } from '../db/schema';

export type MemberRow = typeof groupMember.$inferSelect;

export async function memberRow(db: DbOrTx, gid: number, uid: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(groupMember)
    .where(and(eq(groupMember.gid, gid), eq(groupMember.uid, uid)));
  return row;
}

export interface MemberListFilter {
  gid: number;
  /** Only members proper (auth 3–5); otherwise every relation. */
  membersOnly: boolean;
  /** One auth only. */
  auth?: number;
  keyword?: string;
}

export async function listMembers(db: DbOrTx, f: MemberListFilter, size: number, offset: number | null) {
  const conds: (SQL | undefined)[] = [eq(groupMember.gid, f.gid)];
  if (f.membersOnly) conds.push(gte(groupMember.auth, GROUP_MEMBER_AUTH.MEMBER));
  if (f.auth) conds.push(eq(groupMember.auth, f.auth));
  if (f.keyword) conds.push(ilike(users.username, `%${escapeLike(f.keyword)}%`));
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(groupMember).innerJoin(users, eq(users.uuid, groupMember.uid)).where(where);
  if (offset === null) return { total, rows: [] };
  const rows = await db
    .select({ m: groupMember, username: users.username })
    .from(groupMember)
    .innerJoin(users, eq(users.uuid, groupMember.uid))
    .where(where)
    // The admins' table: applications first, newest first; the member list: the group's root first, oldest first.
    .orderBy(...(f.membersOnly ? [desc(groupMember.auth), asc(groupMember.id)] : [asc(groupMember.auth), desc(groupMember.gmtModified), asc(groupMember.id)]))
    .limit(size)
    .offset(offset);
  return { total, rows };
}

/** Joins or applies: the row of (`gid`, `uid`) now has `auth` and `reason`, whatever it had before. */
export async function putMember(tx: Tx, gid: number, uid: string, auth: number, reason: string | null): Promise<void> {
  await tx
    .insert(groupMember)
    .values({ gid, uid, auth, reason })
    .onConflictDoUpdate({ target: [groupMember.gid, groupMember.uid], set: { auth, reason, gmtModified: new Date() } });
}

/** Sets the auth of an existing row; false when there is none. */
export async function setMemberAuth(tx: Tx, gid: number, uid: string, auth: number): Promise<boolean> {
  const rows = await tx
    .update(groupMember)
    .set({ auth, gmtModified: new Date() })
    .where(and(eq(groupMember.gid, gid), eq(groupMember.uid, uid)))
    .returning({ id: groupMember.id });
  return rows.length > 0;
}

export async function deleteMember(tx: Tx, gid: number, uid: string): Promise<boolean> {
  const rows = await tx
    .delete(groupMember)
    .where(and(eq(groupMember.gid, gid), eq(groupMember.uid, uid)))
    .returning({ id: groupMember.id });
  return rows.length > 0;
}
