// A submission made inside a training (the submit's `tid`): the training's access rules (a private one needs the
// password accepted, or its admin) and the problem must belong to it; the submission is then filed under the training
// in its own transaction (`training_record`), which makes the submitter one of the training's members.
import { OjError } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { DbOrTx } from '../db/client';
import { accessibleTraining, groupOfTraining } from './training-access';
import { findByDisplayId, type ProblemRow } from './training-problem.repo';
import { insertRecord } from './training-rank.repo';

export interface TrainingSubmitTarget {
  tid: number;
  /** The training-problem row. */
  tpid: number;
  pid: number;
  /** A group's training: its group (the submission is made inside it). */
  gid: number | null;
  /** The problem, as the training holds it (a group's training may hold the group's own problems). */
  problem: ProblemRow;
}

/** Where a submit with `tid` goes, or the catalogued refusal. `problemId`: the problem's display id. */
export async function trainingSubmitTarget(db: DbOrTx, tid: number, problemId: string, viewer: Viewer): Promise<TrainingSubmitTarget> {
  const t = await accessibleTraining(db, tid, viewer);
  const hit = await findByDisplayId(db, t.id, problemId);
  if (!hit) throw new OjError('TRAINING_PROBLEM_NOT_FOUND');
  return { tid: t.id, tpid: hit.tp.id, pid: hit.p.id, gid: groupOfTraining(t), problem: hit.p };
}

/** Files submission `submitId` of `uid` under its training (inside the submit's transaction). */
export async function fileUnderTraining(tx: DbOrTx, target: TrainingSubmitTarget, uid: string, submitId: number): Promise<void> {
  await insertRecord(tx, { tid: target.tid, tpid: target.tpid, pid: target.pid, uid, submitId });
}
