// The SQL of the users admin: the filtered list with roles, one user's edit (fields, role, session epoch), bulk
// inserts of imported and generated accounts, deletion, and the generated accounts' one-time sheet.
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLES, ROLE_CODE } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { escapeLike } from '../db/paging';
import { contest, generatedUserSheet, judge, roles, userRole, users } from '../db/schema';

export interface UserFilter {
  keyword?: string;
  onlyAdmin?: boolean;
  role?: number;
  status?: number;
}

export async function listUsers(db: DbOrTx, f: UserFilter, size: number, offset: number) {
  const conds: (SQL | undefined)[] = [];
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(users.username, like), ilike(users.nickname, like), ilike(users.realname, like), ilike(users.email, like)));
  }
  if (f.status !== undefined) conds.push(eq(users.status, f.status));
  const roleIds = f.role !== undefined ? [f.role] : f.onlyAdmin ? ADMIN_ROLES.map((r) => ROLE_CODE[r]) : null;
  if (roleIds) conds.push(inArray(users.uuid, db.select({ uid: userRole.uid }).from(userRole).where(inArray(userRole.roleId, roleIds))));
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db.select().from(users).where(where).orderBy(desc(users.gmtCreate), asc(users.username)).limit(size).offset(offset);
  return { total, rows };
}

/** uid → its roles (id and name), for the given users. */
export async function rolesOfUsers(db: DbOrTx, uids: string[]): Promise<Map<string, { id: number; role: string }[]>> {
  const out = new Map<string, { id: number; role: string }[]>();
  if (uids.length === 0) return out;
  const rows = await db
    .select({ uid: userRole.uid, id: roles.id, role: roles.role })
    .from(userRole)
    .innerJoin(roles, eq(roles.id, userRole.roleId))
    .where(inArray(userRole.uid, uids))
    .orderBy(asc(roles.id));
  for (const r of rows) out.set(r.uid, [...(out.get(r.uid) ?? []), { id: r.id, role: r.role }]);
  return out;
}

export async function userById(db: DbOrTx, uid: string) {
  const [u] = await db.select().from(users).where(eq(users.uuid, uid));
  return u;
}

/** Another user holding `field` = `value` (username or email), if any. */
export async function otherUserWith(db: DbOrTx, field: 'username' | 'email', value: string, uid: string): Promise<boolean> {
  const col = field === 'username' ? users.username : users.email;
  const rows = await db.select({ uid: users.uuid }).from(users).where(and(eq(col, value), sql`${users.uuid} <> ${uid}`));
  return rows.length > 0;
}

export async function updateUserFields(db: DbOrTx, uid: string, v: Partial<typeof users.$inferInsert>, bumpEpoch: boolean): Promise<void> {
  await db
    .update(users)
    .set({ ...v, gmtModified: new Date(), ...(bumpEpoch && { sessionEpoch: sql`${users.sessionEpoch} + 1` }) })
    .where(eq(users.uuid, uid));
}

export async function setOnlyRole(db: DbOrTx, uid: string, roleId: number): Promise<void> {
  await db.delete(userRole).where(eq(userRole.uid, uid));
  await db.insert(userRole).values({ uid, roleId });
}

/** Which of `values` are taken (usernames, or emails), matched exactly. */
export async function takenValues(db: DbOrTx, field: 'username' | 'email', values: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const col = field === 'username' ? users.username : users.email;
  for (let i = 0; i < values.length; i += 5000) {
    const chunk = values.slice(i, i + 5000);
    if (chunk.length === 0) continue;
    for (const r of await db.select({ v: col }).from(users).where(inArray(col, chunk))) if (r.v !== null) taken.add(r.v);
  }
  return taken;
}

/** Inserts users (each with one role) in chunks; run inside a transaction so a failure writes nothing. */
export async function insertUsersBulk(tx: DbOrTx, rows: (typeof users.$inferInsert)[], roleId: number): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await tx.insert(users).values(chunk);
    await tx.insert(userRole).values(chunk.map((u) => ({ uid: u.uuid, roleId })));
  }
}

/** The first of `uids` that has submissions or created contests (which keep a reference to the user), if any. */
export async function userWithHistory(db: DbOrTx, uids: string[]): Promise<string | undefined> {
  const [sub] = await db.select({ uid: judge.uid }).from(judge).where(inArray(judge.uid, uids)).limit(1);
  if (sub) return sub.uid;
  const [c] = await db.select({ uid: contest.uid }).from(contest).where(inArray(contest.uid, uids)).limit(1);
  return c?.uid;
}

export async function deleteUsers(db: DbOrTx, uids: string[]): Promise<string[]> {
  const rows = await db.delete(users).where(inArray(users.uuid, uids)).returning({ uid: users.uuid });
  return rows.map((r) => r.uid);
}

export async function insertSheet(db: DbOrTx, v: typeof generatedUserSheet.$inferInsert): Promise<void> {
  await db.insert(generatedUserSheet).values(v);
}

/** Takes (deletes and returns) the live sheet `key` of `ownerUid`. */
export async function takeSheet(db: DbOrTx, key: string, ownerUid: string): Promise<[string, string][] | undefined> {
  const [row] = await db
    .delete(generatedUserSheet)
    .where(and(eq(generatedUserSheet.key, key), eq(generatedUserSheet.ownerUid, ownerUid), gt(generatedUserSheet.expiresAt, new Date())))
    .returning({ rows: generatedUserSheet.rows });
  return row?.rows;
}

export async function pruneSheets(db: DbOrTx): Promise<void> {
  await db.delete(generatedUserSheet).where(lt(generatedUserSheet.expiresAt, new Date()));
}
