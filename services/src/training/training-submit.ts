// A submission made inside a training (the submit's `tid`): the training's access rules (a private one needs the
// password accepted, or its admin) and the problem must belong to it; the submission is then filed under the training
// in its own transaction (`training_record`), which makes the submitter one of the training's members.
import { OjError } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { DbOrTx } from '../db/client';
import { accessibleTraining } from './training-access';
import { findByDisplayId } from './training-problem.repo';
import { insertRecord } from './training-rank.repo';

export interface TrainingSubmitTarget {
  tid: number;
  /** The training-problem row. */
  tpid: number;
  pid: number;
}

/** Where a submit with `tid` goes, or the catalogued refusal. `problemId`: the problem's display id. */
export async function trainingSubmitTarget(db: DbOrTx, tid: number, problemId: string, viewer: Viewer): Promise<TrainingSubmitTarget> {
  const t = await accessibleTraining(db, tid, viewer);
  const hit = await findByDisplayId(db, t.id, problemId);
  if (!hit) throw new OjError('TRAINING_PROBLEM_NOT_FOUND');
  return { tid: t.id, tpid: hit.tp.id, pid: hit.p.id };
}

/** Files submission `submitId` of `uid` under its training (inside the submit's transaction). */
export async function fileUnderTraining(tx: DbOrTx, target: TrainingSubmitTarget, uid: string, submitId: number): Promise<void> {
  await insertRecord(tx, { ...target, uid, submitId });
}
