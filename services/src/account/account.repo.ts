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

/** Applies `set` to the user and bumps the session epoch (every older session ends); the new epoch. */
export async function updateUserBumpingEpoch(db: DbOrTx, uid: string, set: Partial<typeof users.$inferInsert>): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ ...set, gmtModified: new Date(), sessionEpoch: sql`${users.sessionEpoch} + 1` })
    .where(eq(users.uuid, uid))
    .returning({ epoch: users.sessionEpoch });
  if (!row) throw new Error(`user ${uid} vanished`);
  return row.epoch;
}

export async function loginFailureOf(db: DbOrTx, username: string, ip: string): Promise<LoginFailureRow | undefined> {
  const [failure] = await db
    .select()
    .from(loginFailure)
    .where(and(eq(loginFailure.username, username), eq(loginFailure.ip, ip)));
  return failure;
}

/**
 * One more failure of `username` from `ip`. A failure after the count's window (`lockMs`, or the lock's own length
 * once locked) starts a new count; reaching `maxFailures` adds a lock (each lock lasts twice the one before, up to
 * 2^maxDoublings × lockMs); locks are forgotten `forgetAfterMs` after the last one ended.
 */
export async function recordLoginFailure(
  db: DbOrTx,
  username: string,
  ip: string,
  rule: { maxFailures: number; lockMs: number; maxDoublings: number; forgetAfterMs: number },
): Promise<void> {
  const lockS = sql`(${rule.lockMs / 1000}::float8 * power(2, least(greatest(${loginFailure.locks}, 1) - 1, ${rule.maxDoublings}::int)))`;
  const windowS = sql`(case when ${loginFailure.count} >= ${rule.maxFailures}::int then ${lockS} else ${rule.lockMs / 1000}::float8 end)`;
  const expired = sql`(${loginFailure.lastAt} < now() - make_interval(secs => ${windowS}))`;
  const forget = sql`(${loginFailure.lastAt} < now() - make_interval(secs => ${lockS} + ${rule.forgetAfterMs / 1000}::float8))`;
  const count = sql`(case when ${expired} then 1 else ${loginFailure.count} + 1 end)`;
  await db
    .insert(loginFailure)
    .values({ username, ip, count: 1, lastAt: new Date() })
    .onConflictDoUpdate({
      target: [loginFailure.username, loginFailure.ip],
      set: {
        count,
        locks: sql`(case when ${forget} then 0 else ${loginFailure.locks} end) + (case when ${count} >= ${rule.maxFailures}::int then 1 else 0 end)`,
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
