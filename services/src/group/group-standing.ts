// A group as the caller stands in it, read from the database on every call: the group (or GROUP_NOT_FOUND when it
// does not exist for the caller: missing, banned, or hidden from a non-member) and the caller's standing, with the
// checks each route needs (member, admin, root). Other areas (submissions, test data) ask the same questions here.
import { OjError } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { DbOrTx } from '../db/client';
import { isGroupAdmin, isGroupMember, isGroupRoot, isSuperAdmin, maySee, standingOf, type Standing } from './group-access';
import { findGroup, memberAuthOf, type GroupWithCount } from './group.repo';

export interface GroupInView {
  group: GroupWithCount;
  standing: Standing;
}

/** The group and the caller's standing; GROUP_NOT_FOUND when the group does not exist for the caller. */
export async function groupFor(db: DbOrTx, gid: number, viewer: Viewer): Promise<GroupInView> {
  const group = await findGroup(db, gid);
  if (!group) throw new OjError('GROUP_NOT_FOUND');
  const standing = standingOf(viewer, group, await memberAuthOf(db, gid, viewer.uid));
  if (!maySee(group, standing)) throw new OjError('GROUP_NOT_FOUND');
  return { group, standing };
}

export async function memberView(db: DbOrTx, gid: number, viewer: Viewer): Promise<GroupInView> {
  const v = await groupFor(db, gid, viewer);
  if (!isGroupMember(v.standing)) throw new OjError('GROUP_NOT_MEMBER');
  return v;
}

export async function adminView(db: DbOrTx, gid: number, viewer: Viewer): Promise<GroupInView> {
  const v = await groupFor(db, gid, viewer);
  if (!isGroupAdmin(v.standing)) throw new OjError('GROUP_FORBIDDEN');
  return v;
}

export async function rootView(db: DbOrTx, gid: number, viewer: Viewer): Promise<GroupInView> {
  const v = await groupFor(db, gid, viewer);
  if (!isGroupRoot(v.standing)) throw new OjError('GROUP_FORBIDDEN');
  return v;
}

/** Whether `viewer` is a member proper of group `gid` (or a super admin), for the other areas' visibility checks. */
export async function isMemberOf(db: DbOrTx, gid: number, viewer: Viewer | null): Promise<boolean> {
  if (!viewer) return false;
  if (isSuperAdmin(viewer)) return true;
  const group = await findGroup(db, gid);
  if (!group || group.status !== 0) return false;
  return isGroupMember(standingOf(viewer, group, await memberAuthOf(db, gid, viewer.uid)));
}

/** Whether `viewer` is an admin of group `gid` (or a super admin). */
export async function isAdminOf(db: DbOrTx, gid: number, viewer: Viewer | null): Promise<boolean> {
  if (!viewer) return false;
  if (isSuperAdmin(viewer)) return true;
  const group = await findGroup(db, gid);
  if (!group || group.status !== 0) return false;
  return isGroupAdmin(standingOf(viewer, group, await memberAuthOf(db, gid, viewer.uid)));
}
