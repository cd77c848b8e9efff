// What `training:<tid>` carries, written in the transaction of the change it describes (docs/realtime.md): a
// member's new standing after a practice verdict (ingester), a cancel or a manual judge (judge admin) or their
// registration, and `training.changed` when an admin edits the training or its problems.
import { topics, type PushMessage, type TrainingProgressEvent } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { rankPush } from '../group/group-live';
import { appendPush } from '../push/push.service';
import { cellOf, totalsOf } from './training-rank';
import { columnsOf } from './training-problem.repo';
import { groupOfTraining } from './training-access';
import { standings, trainingsOfMember } from './training-rank.repo';
import { findTraining } from './training.repo';

/** `uid`'s solved count and run time in training `tid`, and their cell of problem `pid` (none: null). */
export async function progressOf(db: DbOrTx, tid: number, uid: string, pid: number | null): Promise<TrainingProgressEvent> {
  const [columns, t] = await Promise.all([columnsOf(db, tid), findTraining(db, tid)]);
  const rows = await standings(
    db,
    columns.map((c) => c.pid),
    { uids: [uid] },
    t ? groupOfTraining(t) : null,
  );
  const col = pid === null ? undefined : columns.find((c) => c.pid === pid);
  const standing = col && rows.find((r) => r.pid === col.pid);
  return { tid, uid, ...totalsOf(rows), cell: col && standing ? { pid: col.pid, problemId: col.problemId, ...cellOf(standing) } : null };
}

/**
 * A practice submission's final status changed: `training.progress` on every training of its problem the user is in,
 * and for a submission made inside a group, `group.rank` on the group (its rank counts those).
 */
export async function trainingVerdictPushes(tx: Tx, row: { uid: string; pid: number; cid: number; gid: number | null }): Promise<PushMessage[]> {
  if (row.cid !== 0) return [];
  const out: PushMessage[] = row.gid !== null ? [await rankPush(tx, row.gid)] : [];
  for (const tid of await trainingsOfMember(tx, row.uid, row.pid)) {
    out.push(await appendPush(tx, topics.training(tid), 'training.progress', await progressOf(tx, tid, row.uid, row.pid)));
  }
  return out;
}

/** A new member (registered with the password): their row joins the rank. */
export async function memberJoined(tx: Tx, tid: number, uid: string): Promise<PushMessage> {
  return appendPush(tx, topics.training(tid), 'training.progress', await progressOf(tx, tid, uid, null));
}

/** The training or its problems changed: open screens read it again. */
export async function trainingChanged(tx: Tx, tid: number): Promise<PushMessage> {
  return appendPush(tx, topics.training(tid), 'training.changed', { tid });
}
