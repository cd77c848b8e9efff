// The SQL of accounts and sessions: users and their roles, the failed-login counts per username + ip, revoked
// sessions.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { loginFailure, revokedSession, roles, userRole, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type LoginFailureRow = typeof loginFailure.$inferSelect;

/** The user's role names, in role order. */
export async function rolesOf(db: DbOrTx, uid: string): Promise<string[]> {
  const rows = await db
    .select({ role: roles.role })
    .from(userRole)
    .innerJoin(roles, eq(roles.id, userRole.roleId))
    .where(eq(userRole.uid, uid))
    .orderBy(roles.id);
  return rows.map((r) => r.role);
}

export async function userByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  return user;
}

/** What a session check needs of a user. */
export async function userStanding(db: DbOrTx, uid: string) {
  const [user] = await db.select({ username: users.username, status: users.status, sessionEpoch: users.sessionEpoch }).from(users).where(eq(users.uuid, uid));
  return user;
}

/** A user with its roles (role ids), in one transaction. */
export async function insertUser(db: DbOrTx, v: typeof users.$inferInsert, roleIds: number[]): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(users).values(v).returning();
    if (roleIds.length > 0) await tx.insert(userRole).values(roleIds.map((roleId) => ({ uid: v.uuid, roleId })));
    return inserted!;
  });
}

export async function setUserStatus(db: DbOrTx, uid: string, status: number): Promise<void> {
  await db.update(users).set({ status, gmtModified: new Date() }).where(eq(users.uuid, uid));
}

/** Stores a stronger hash of the same password (a bulk-made account's first login). */
export async function setPasswordHash(db: DbOrTx, uid: string, hash: string): Promise<void> {
  await db.update(users).set({ password: hash }).where(eq(users.uuid, uid));
}

export async function loginFailureOf(db: DbOrTx, username: string, ip: string): Promise<LoginFailureRow | undefined> {
  const [failure] = await db
    .select()
    .from(loginFailure)
    .where(and(eq(loginFailure.username, username), eq(loginFailure.ip, ip)));
  return failure;
}

/** One more failure of `username` from `ip`; a failure after an expired lock (`lockMs`) starts a new count. */
export async function recordLoginFailure(db: DbOrTx, username: string, ip: string, lockMs: number): Promise<void> {
  await db
    .insert(loginFailure)
    .values({ username, ip, count: 1, lastAt: new Date() })
    .onConflictDoUpdate({
      target: [loginFailure.username, loginFailure.ip],
      set: {
        count: sql`case when ${loginFailure.lastAt} < now() - make_interval(secs => ${lockMs / 1000}) then 1 else ${loginFailure.count} + 1 end`,
        lastAt: sql`now()`,
      },
    });
}

export async function clearLoginFailures(db: DbOrTx, username: string, ip: string): Promise<void> {
  await db.delete(loginFailure).where(and(eq(loginFailure.username, username), eq(loginFailure.ip, ip)));
}

export async function revokeSession(db: DbOrTx, jti: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedSession).values({ jti, expiresAt }).onConflictDoNothing();
}

export async function isRevoked(db: DbOrTx, jti: string): Promise<boolean> {
  const revoked = await db.select({ jti: revokedSession.jti }).from(revokedSession).where(eq(revokedSession.jti, jti));
  return revoked.length > 0;
}

/** Forgets revoked sessions that expired anyway; how many. */
export async function pruneRevokedSessions(db: DbOrTx): Promise<number> {
  const gone = await db.delete(revokedSession).where(lt(revokedSession.expiresAt, new Date())).returning({ jti: revokedSession.jti });
  return gone.length;
}
