// Training rules shared by the training services, the submit path and the topic authority: who administers a
// training (its author while a site admin, or a super admin; a group's training: the group's rules), who may see it
// (visible, or its admin; a group's training: the group's members only) and who may open its problems and rank
// (public, or registered with the password, or its admin).
import { isSiteAdminRole, OjError, TRAINING_AUTH } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { isInt4, type DbOrTx } from '../db/client';
import { isGroupMember, mayManageItem } from '../group/group-access';
import { groupFor } from '../group/group-standing';
import { findTraining, isRegistered, type TrainingRow } from './training.repo';

export const isRootViewer = (viewer: Viewer | null): boolean => viewer !== null && viewer.roles.includes('root');

/**
 * Training admin: a super admin, or the training's author while their CURRENT role still manages trainings (root or
 * admin: the roles are read from the database on every request), as for contests (spec §6).
 */
export function isTrainingAdmin(viewer: Viewer | null, t: Pick<TrainingRow, 'uid'>): boolean {
  return viewer !== null && (isRootViewer(viewer) || (viewer.uid === t.uid && isSiteAdminRole(viewer.roles)));
}

/** A training of a group (`is_group` with its `gid`): the group's rules apply to it. */
export const groupOfTraining = (t: Pick<TrainingRow, 'isGroup' | 'gid'>): number | null => (t.isGroup && t.gid !== null ? t.gid : null);

/**
 * The caller's rights on training `t`: `member` (may see it at all, before its visible switch) and `admin`. A group's
 * training: the group's members see it (GROUP_NOT_FOUND for whom the group does not exist), its root administers any
 * and another group admin the ones they created (as for the group's problems).
 */
export async function trainingRights(db: DbOrTx, t: TrainingRow, viewer: Viewer | null): Promise<{ member: boolean; admin: boolean }> {
  const gid = groupOfTraining(t);
  if (gid === null) return { member: true, admin: isTrainingAdmin(viewer, t) };
  if (!viewer) return { member: false, admin: false };
  const { standing } = await groupFor(db, gid, viewer);
  return { member: isGroupMember(standing), admin: mayManageItem(standing, t.uid === viewer.uid) };
}

export const isPrivate = (t: Pick<TrainingRow, 'auth'>): boolean => t.auth === TRAINING_AUTH.PRIVATE;

/** The training if `viewer` may see it at all: visible (a group's: to its members), or its admin; refused otherwise. */
export async function visibleTraining(db: DbOrTx, tid: number, viewer: Viewer | null): Promise<TrainingRow> {
  const t = isInt4(tid) ? await findTraining(db, tid) : undefined;
  if (!t) throw new OjError('TRAINING_NOT_FOUND');
  const rights = await trainingRights(db, t, viewer);
  if (!rights.admin && !rights.member) throw new OjError('GROUP_NOT_MEMBER');
  if (!t.status && !rights.admin) throw new OjError('TRAINING_NOT_FOUND');
  return t;
}

/** Whether `viewer` may open the training's problems and rank (the training already known to be visible to them). */
export async function hasAccess(db: DbOrTx, t: TrainingRow, viewer: Viewer | null): Promise<boolean> {
  if (!viewer) return false;
  if (!isPrivate(t) || (await trainingRights(db, t, viewer)).admin) return true;
  return isRegistered(db, t.id, viewer.uid);
}

/** The training if `viewer` may open its problems and rank; the catalogued refusal otherwise. */
export async function accessibleTraining(db: DbOrTx, tid: number, viewer: Viewer | null): Promise<TrainingRow> {
  if (!viewer) throw new OjError('AUTH_NOT_LOGGED_IN');
  const t = await visibleTraining(db, tid, viewer);
  if (!(await hasAccess(db, t, viewer))) throw new OjError('TRAINING_NOT_REGISTERED');
  return t;
}

/**
 * The training if `viewer` administers it (TRAINING_NOT_FOUND / AUTH_FORBIDDEN otherwise). `inGroup`: the group's
 * routes, which act on group trainings only (group rules); false: the site's admin routes, on the site's trainings only.
 */
export async function managedTraining(db: DbOrTx, tid: number, viewer: Viewer, inGroup = false): Promise<TrainingRow> {
  const t = isInt4(tid) ? await findTraining(db, tid) : undefined;
  if (!t || (groupOfTraining(t) !== null) !== inGroup) throw new OjError('TRAINING_NOT_FOUND');
  if (!(await trainingRights(db, t, viewer)).admin) throw new OjError(inGroup ? 'GROUP_FORBIDDEN' : 'AUTH_FORBIDDEN');
  return t;
}
