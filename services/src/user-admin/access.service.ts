// Roles and permissions (`/admin/role`, `/admin/auth`, `/admin/role_auth`, super admin): the 9 roles and their
// status, the permission strings, and which role holds which. A change reloads the table every check reads, here
// at once and on every other gateway through the `access.changed` push.
import { OjError, PERMISSIONS, ROLE_CODE, topics, type AuthBody, type AuthVO, type PushMessage, type RoleAuthVO, type RoleVO } from '@oj/proto';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { appendPush, publishAll } from '../push/push.service';
import { assignments, authByName, authsByIds, insertAuth, listAuths, listRoles, replaceRoleAuth, roleExists, setRoleStatus, updateAuth } from './access.repo';
import type { RolePermissions } from './role-permissions';

export interface AccessService {
  roles(): Promise<RoleVO[]>;
  auths(): Promise<AuthVO[]>;
  roleAuth(): Promise<RoleAuthVO>;
  setRoleStatus(id: number, status: number): Promise<void>;
  setRoleAuth(roleId: number, authIds: number[]): Promise<void>;
  saveAuth(body: AuthBody): Promise<AuthVO>;
  /** Called when another process changed the assignment (the `access.changed` push). */
  reload(): void;
}

/** What the super admin must keep, or nobody could manage users and roles any more. */
const ROOT_KEEPS = ['user_admin'];

export function createAccessService(ctx: ServiceContext, perms: RolePermissions, onChange: () => void): AccessService {
  const { db } = ctx;

  /** Runs a change and announces it; the local table is reloaded before the answer. */
  async function change(work: (tx: Tx) => Promise<void>): Promise<void> {
    const msg: PushMessage = await db.transaction(async (tx) => {
      await work(tx);
      return appendPush(tx, topics.access(), 'access.changed', { version: Date.now() });
    });
    perms.invalidate();
    onChange();
    await publishAll(ctx.transport, [msg], ctx.logger);
  }

  const roles = () => listRoles(db);
  const auths = () => listAuths(db).then((rows) => rows.map((a) => ({ id: a.id, permission: a.permission, description: a.description, status: a.status })));

  return {
    roles,
    auths,

    async roleAuth() {
      const [roleRows, authRows, pairs] = await Promise.all([roles(), auths(), assignments(db)]);
      const assigned: Record<string, number[]> = Object.fromEntries(roleRows.map((r) => [String(r.id), [] as number[]]));
      for (const p of pairs) assigned[String(p.roleId)]?.push(p.authId);
      return { roles: roleRows, auths: authRows, assigned };
    },

    async setRoleStatus(id, status) {
      if (!(await roleExists(db, id))) throw new OjError('ROLE_NOT_FOUND');
      if (id === ROLE_CODE.root && status !== 0) throw new OjError('AUTH_ROOT_LOCKOUT', { permission: 'root' });
      await change((tx) => setRoleStatus(tx, id, status));
    },

    async setRoleAuth(roleId, authIds) {
      if (!(await roleExists(db, roleId))) throw new OjError('ROLE_NOT_FOUND');
      const ids = [...new Set(authIds)];
      const found = await authsByIds(db, ids);
      const missing = ids.find((id) => !found.some((a) => a.id === id));
      if (missing !== undefined) throw new OjError('AUTH_UNKNOWN', { id: missing });
      if (roleId === ROLE_CODE.root) {
        const keep = ROOT_KEEPS.find((p) => !found.some((a) => a.permission === p));
        if (keep) throw new OjError('AUTH_ROOT_LOCKOUT', { permission: keep });
      }
      await change((tx) => replaceRoleAuth(tx, roleId, ids));
    },

    async saveAuth(body) {
      const v = { permission: body.permission, description: body.description?.trim() || null, status: body.status ?? 0 };
      const same = await authByName(db, v.permission);
      if (same && same.id !== body.id) throw new OjError('AUTH_EXISTS', { permission: v.permission });
      const before = body.id === undefined ? undefined : (await authsByIds(db, [body.id]))[0];
      if (body.id !== undefined && !before) throw new OjError('AUTH_UNKNOWN', { id: body.id });
      // The server's rules name the catalogue's strings: those keep their names, and user_admin stays enabled.
      if (before && (PERMISSIONS as readonly string[]).includes(before.permission) && before.permission !== v.permission) {
        throw new OjError('AUTH_BUILTIN', { permission: before.permission });
      }
      if (before && ROOT_KEEPS.includes(before.permission) && v.status !== 0) throw new OjError('AUTH_ROOT_LOCKOUT', { permission: before.permission });
      let id = body.id;
      await change(async (tx) => {
        if (id === undefined) id = (await insertAuth(tx, v)).id;
        else await updateAuth(tx, id, v);
      });
      return { id: id!, ...v };
    },

    reload() {
      perms.invalidate();
      onChange();
    },
  };
}
