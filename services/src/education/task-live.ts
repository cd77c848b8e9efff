// What `homework:<id>` and `exam:<id>` carry (audience: the course's teacher and the super admin), written in the
// transaction of the change: ids only (`task.activity`), the grid or monitor reads itself again.
import { topics, type PushMessage, type TaskKind } from '@oj/proto';
import type { Tx } from '../db/client';
import { appendPush } from '../push/push.service';
import { taskOfSubmission } from './task.repo';

export const taskTopic = (kind: TaskKind, id: number) => (kind === 'exam' ? topics.exam(id) : topics.homework(id));

export async function taskActivity(tx: Tx, t: { id: number; kind: TaskKind }, uid: string, submitId: number | null): Promise<PushMessage> {
  return appendPush(tx, taskTopic(t.kind, t.id), 'task.activity', { taskId: t.id, uid, submitId });
}

/** A verdict of a submission filed under a task: its grid moves. */
export async function taskVerdictPushes(tx: Tx, row: { submitId: number; cid: number }): Promise<PushMessage[]> {
  if (row.cid !== 0) return [];
  const t = await taskOfSubmission(tx, row.submitId);
  return t ? [await taskActivity(tx, { id: t.taskId, kind: t.kind as TaskKind }, t.uid, row.submitId)] : [];
}
