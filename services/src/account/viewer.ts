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

/** The union of the permissions of `roles`, in catalogue order. */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const set = new Set<Permission>();
  for (const r of roles) if (isRoleName(r)) for (const p of ROLE_PERMISSIONS[r]) set.add(p);
  return [...set];
}

export function makeViewer(uid: string, username: string, roles: readonly string[]): Viewer {
  const known = roles.filter(isRoleName);
  return { uid, username, roles: known, permissions: permissionsOf(known) };
}

export function isAdmin(viewer: Viewer | null): boolean {
  return viewer !== null && isAdminRole(viewer.roles);
}
