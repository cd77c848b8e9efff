// The role → permissions table every access check reads: loaded from `role_auth` and kept for a short while
// (`ttlMs`); a change at /admin/role_auth clears it here at once and, through the `access.changed` push that every
// gateway receives, everywhere else.
import { isRoleName, type RolePermissionTable } from '../account/viewer';
import { PERMISSIONS, ROLE, type Permission, type RoleName } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { rolePermissionRows } from './access.repo';

export interface RolePermissions {
  table(): Promise<RolePermissionTable>;
  /** Forgets the loaded table (the next check reloads it). */
  invalidate(): void;
}

const isPermission = (p: string): p is Permission => (PERMISSIONS as readonly string[]).includes(p);

export function createRolePermissions(db: DbOrTx, ttlMs = 30_000): RolePermissions {
  let loaded: { table: Promise<RolePermissionTable>; until: number } | null = null;

  async function load(): Promise<RolePermissionTable> {
    const table = Object.fromEntries(Object.values(ROLE).map((r) => [r, [] as Permission[]])) as Record<RoleName, Permission[]>;
    // Strings an admin added that no server rule knows are shown at /admin/auth but grant nothing here.
    for (const { role, permission } of await rolePermissionRows(db)) if (isRoleName(role) && isPermission(permission)) table[role].push(permission);
    return table;
  }

  return {
    table() {
      if (!loaded || loaded.until <= Date.now()) {
        const table = load();
        const entry = { table, until: Date.now() + ttlMs };
        loaded = entry;
        // A failed load is not kept.
        table.catch(() => {
          if (loaded === entry) loaded = null;
        });
      }
      return loaded.table;
    },
    invalidate() {
      loaded = null;
    },
  };
}
