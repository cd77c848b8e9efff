// The SQL of roles and permissions: the 9 roles, the permission strings (`auth`) and their assignment (`role_auth`),
// seeded from ROLE_PERMISSIONS when missing.
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { PERMISSIONS, ROLE_PERMISSIONS, type RoleName } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { auth, roleAuth, roles, userRole } from '../db/schema';

export type AuthRow = typeof auth.$inferSelect;

/** The permission strings of the catalogue and every role's seed assignment (only rows missing are added). */
export async function seedAccess(tx: DbOrTx): Promise<void> {
  await tx
    .insert(auth)
    .values(PERMISSIONS.map((permission) => ({ permission, description: permission.replaceAll('_', ' ') })))
    .onConflictDoNothing();
  // A role that already has an assignment keeps the admins' edits; only a role with none gets the seed.
  const assigned = new Set((await tx.selectDistinct({ roleId: roleAuth.roleId }).from(roleAuth)).map((r) => r.roleId));
  const ids = new Map((await tx.select({ id: auth.id, permission: auth.permission }).from(auth)).map((a) => [a.permission, a.id]));
  const roleRows = await tx.select({ id: roles.id, role: roles.role }).from(roles);
  const values = roleRows
    .filter((r) => !assigned.has(r.id) && r.role in ROLE_PERMISSIONS)
    .flatMap((r) => ROLE_PERMISSIONS[r.role as RoleName].map((p) => ({ roleId: r.id, authId: ids.get(p)! })));
  if (values.length > 0) await tx.insert(roleAuth).values(values).onConflictDoNothing();
}

/** Role name → the permission strings it holds (enabled roles and enabled permissions only). */
export async function rolePermissionRows(db: DbOrTx): Promise<{ role: string; permission: string }[]> {
  return db
    .select({ role: roles.role, permission: auth.permission })
    .from(roleAuth)
    .innerJoin(roles, eq(roles.id, roleAuth.roleId))
    .innerJoin(auth, eq(auth.id, roleAuth.authId))
    .where(sql`${roles.status} = 0 and ${auth.status} = 0`);
}

export async function listRoles(db: DbOrTx) {
  const users = db.select({ roleId: userRole.roleId, n: count().as('n') }).from(userRole).groupBy(userRole.roleId).as('n');
  return db
    .select({ id: roles.id, role: roles.role, description: roles.description, status: roles.status, users: sql<number>`coalesce(${users.n}, 0)::int` })
    .from(roles)
    .leftJoin(users, eq(users.roleId, roles.id))
    .orderBy(asc(roles.id));
}

export async function listAuths(db: DbOrTx): Promise<AuthRow[]> {
  return db.select().from(auth).orderBy(asc(auth.id));
}

export async function assignments(db: DbOrTx): Promise<{ roleId: number; authId: number }[]> {
  return db.select({ roleId: roleAuth.roleId, authId: roleAuth.authId }).from(roleAuth).orderBy(asc(roleAuth.roleId), asc(roleAuth.authId));
}

export async function roleExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id))).length > 0;
}

export async function setRoleStatus(db: DbOrTx, id: number, status: number): Promise<void> {
  await db.update(roles).set({ status, gmtModified: new Date() }).where(eq(roles.id, id));
}

export async function authsByIds(db: DbOrTx, ids: number[]): Promise<AuthRow[]> {
  return ids.length === 0 ? [] : db.select().from(auth).where(inArray(auth.id, ids));
}

export async function replaceRoleAuth(db: DbOrTx, roleId: number, authIds: number[]): Promise<void> {
  await db.delete(roleAuth).where(eq(roleAuth.roleId, roleId));
  if (authIds.length > 0) await db.insert(roleAuth).values(authIds.map((authId) => ({ roleId, authId })));
}

export async function authByName(db: DbOrTx, permission: string): Promise<AuthRow | undefined> {
  const [row] = await db.select().from(auth).where(eq(auth.permission, permission));
  return row;
}

export async function insertAuth(db: DbOrTx, v: { permission: string; description: string | null; status: number }): Promise<AuthRow> {
  const [row] = await db.insert(auth).values(v).returning();
  return row!;
}

export async function updateAuth(db: DbOrTx, id: number, v: { permission: string; description: string | null; status: number }): Promise<void> {
  await db.update(auth).set({ ...v, gmtModified: new Date() }).where(eq(auth.id, id));
}
