// Training rules shared by the training services, the submit path and the topic authority: who administers a
// training (its author while a site admin, or a super admin), who may see it (visible, or its admin) and who may open
// its problems and rank (public, or registered with the password, or its admin).
import { isSiteAdminRole, OjError, TRAINING_AUTH } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { isInt4, type DbOrTx } from '../db/client';
import { findTraining, isRegistered, type TrainingRow } from './training.repo';

export const isRootViewer = (viewer: Viewer | null): boolean => viewer !== null && viewer.roles.includes('root');

/**
 * Training admin: a super admin, or the training's author while their CURRENT role still manages trainings (root or
 * admin: the roles are read from the database on every request), as for contests (spec §6).
 */
export function isTrainingAdmin(viewer: Viewer | null, t: Pick<TrainingRow, 'uid'>): boolean {
  return viewer !== null && (isRootViewer(viewer) || (viewer.uid === t.uid && isSiteAdminRole(viewer.roles)));
}

export const isPrivate = (t: Pick<TrainingRow, 'auth'>): boolean => t.auth === TRAINING_AUTH.PRIVATE;

/** The training if `viewer` may see it at all: visible, or its admin; TRAINING_NOT_FOUND otherwise. */
export async function visibleTraining(db: DbOrTx, tid: number, viewer: Viewer | null): Promise<TrainingRow> {
  const t = isInt4(tid) ? await findTraining(db, tid) : undefined;
  if (!t || (!t.status && !isTrainingAdmin(viewer, t))) throw new OjError('TRAINING_NOT_FOUND');
  return t;
}

/** Whether `viewer` may open the training's problems and rank (the training already known to be visible to them). */
export async function hasAccess(db: DbOrTx, t: TrainingRow, viewer: Viewer | null): Promise<boolean> {
  if (!viewer) return false;
  if (!isPrivate(t) || isTrainingAdmin(viewer, t)) return true;
  return isRegistered(db, t.id, viewer.uid);
}

/** The training if `viewer` may open its problems and rank; the catalogued refusal otherwise. */
export async function accessibleTraining(db: DbOrTx, tid: number, viewer: Viewer | null): Promise<TrainingRow> {
  if (!viewer) throw new OjError('AUTH_NOT_LOGGED_IN');
  const t = await visibleTraining(db, tid, viewer);
  if (!(await hasAccess(db, t, viewer))) throw new OjError('TRAINING_NOT_REGISTERED');
  return t;
}

/** The training if `viewer` administers it (TRAINING_NOT_FOUND / AUTH_FORBIDDEN otherwise). */
export async function managedTraining(db: DbOrTx, tid: number, viewer: Viewer): Promise<TrainingRow> {
  const t = isInt4(tid) ? await findTraining(db, tid) : undefined;
  if (!t) throw new OjError('TRAINING_NOT_FOUND');
  if (!isTrainingAdmin(viewer, t)) throw new OjError('AUTH_FORBIDDEN');
  return t;
}
