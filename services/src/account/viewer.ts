// The caller as the services see it (`Viewer`), building one from role names, and the permission checks the other services share.
import { isAdminRole, ROLE_PERMISSIONS, type Permission, type RoleName } from '@oj/proto';

/** The caller as the services see it (from a verified JWT). */
export interface Viewer {
  uid: string;
  username: string;
  roles: RoleName[];
  permissions: Permission[];
}

export function isRoleName(r: string): r is RoleName {
  return Object.prototype.hasOwnProperty.call(ROLE_PERMISSIONS, r);
}

/** Which permissions each role holds: the `role_auth` table as loaded (role-permissions.ts), or the seed. */
export type RolePermissionTable = Readonly<Record<RoleName, readonly Permission[]>>;

/** The union of the permissions of `roles` in `table`. */
export function permissionsOf(roles: readonly string[], table: RolePermissionTable = ROLE_PERMISSIONS): Permission[] {
  const set = new Set<Permission>();
  for (const r of roles) if (isRoleName(r)) for (const p of table[r]) set.add(p);
  return [...set];
}

export function makeViewer(uid: string, username: string, roles: readonly string[], table: RolePermissionTable = ROLE_PERMISSIONS): Viewer {
  const known = roles.filter(isRoleName);
  return { uid, username, roles: known, permissions: permissionsOf(known, table) };
}

export function isAdmin(viewer: Viewer | null): boolean {
  return viewer !== null && isAdminRole(viewer.roles);
}
