// Who may do what in a group, as the specification's roles say: group root (auth 5, or a super admin), group admin
// (root or auth 4), member (admin or auth 3); the owner or a super admin may disband; hidden groups are seen by their
// members only; a non-root admin acts only on the items they wrote. Pure functions over the caller's standing, which
// the services read from the database on every call (group-standing.ts).
import { GROUP_MEMBER_AUTH as M, ROLE } from '@oj/proto';
import type { Viewer } from '../account/viewer';

/** The facts of a group the rules need. */
export interface GroupFacts {
  /** The owner's uid. */
  uid: string;
  visible: boolean;
  /** 0 normal, 1 banned. */
  status: number;
}

/** The caller's standing in one group. */
export interface Standing {
  superAdmin: boolean;
  /** The caller created the group. */
  owner: boolean;
  /** The caller's member auth (0: no relation). */
  auth: number;
  uid: string;
}

export const isSuperAdmin = (v: Viewer | null): boolean => v !== null && v.roles.includes(ROLE.ROOT);

export function standingOf(viewer: Viewer, group: GroupFacts, memberAuth: number): Standing {
  return { superAdmin: isSuperAdmin(viewer), owner: viewer.uid === group.uid, auth: memberAuth, uid: viewer.uid };
}

export const isGroupMember = (s: Standing): boolean => s.superAdmin || s.auth >= M.MEMBER;
export const isGroupAdmin = (s: Standing): boolean => s.superAdmin || s.auth >= M.ADMIN;
export const isGroupRoot = (s: Standing): boolean => s.superAdmin || s.auth === M.ROOT;
export const mayDisband = (s: Standing): boolean => s.superAdmin || s.owner;

/** Whether the group exists for the caller at all: not banned (super admins see banned ones) and, if hidden, only for members. */
export function maySee(g: GroupFacts, s: Pick<Standing, 'superAdmin' | 'auth'>): boolean {
  if (s.superAdmin) return true;
  return g.status === 0 && (g.visible || s.auth >= M.MEMBER);
}

/** A member row the admin table acts on. */
export interface MemberTarget {
  uid: string;
  auth: number;
  /** The row is the group owner's. */
  owner: boolean;
}

/**
 * Changing `target`'s auth to `next`: never the owner's row; a super admin or the owner any other row to any level;
 * another group admin only a row below their own level, and only to a level below their own.
 */
export function mayChangeMember(s: Standing, target: MemberTarget, next: number): boolean {
  if (target.owner) return false;
  if (s.superAdmin || s.owner) return true;
  if (!isGroupAdmin(s)) return false;
  return target.auth < s.auth && next < s.auth;
}

/** Removing `target`: never oneself (that is exiting) nor the owner; the owner or a super admin anyone else; an admin a lower auth. */
export function mayRemoveMember(s: Standing, target: MemberTarget): boolean {
  if (target.owner || target.uid === s.uid) return false;
  if (s.superAdmin || s.owner) return true;
  return isGroupAdmin(s) && target.auth < s.auth;
}

/** Editing or deleting an item of the group (problem, announcement): its root any, another admin the ones they wrote. */
export function mayManageItem(s: Standing, writtenByCaller: boolean): boolean {
  return isGroupRoot(s) || (isGroupAdmin(s) && writtenByCaller);
}
