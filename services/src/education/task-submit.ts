// A submission made inside a homework or an exam (the submit's `homeworkId` / `examId`): the student must be in an
// assigned class, the problem one of the task's, an exam open for them; a homework after the deadline is accepted
// and filed late. The submission is filed under the task in the submit's transaction, which tells its grid.
import { OjError, type PushMessage, type SubmitBody, type TaskKind } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { isInt4, type DbOrTx, type Tx } from '../db/client';
import { reachedTask } from './task-access';
import { taskActivity } from './task-live';
import { fileSubmission, problemsOf } from './task.repo';
import { isLate, submitRefusal, type Window } from './task-rules';

export interface TaskSubmitTarget {
  taskId: number;
  kind: TaskKind;
  pid: number;
  window: Window | null;
}

/** Which task a submit names (null: none); refuses one naming both, or a task with a group or training. */
export function taskOfSubmit(body: SubmitBody): { kind: TaskKind; id: number } | null {
  const hw = body.homeworkId ?? null;
  const ex = body.examId ?? null;
  if (hw === null && ex === null) return null;
  if ((hw !== null && ex !== null) || body.gid || body.tid) throw new OjError('VALIDATION_FAILED', { detail: 'homeworkId / examId with another target' });
  return hw !== null ? { kind: 'homework', id: hw } : { kind: 'exam', id: ex! };
}

export async function taskSubmitTarget(db: DbOrTx, named: { kind: TaskKind; id: number }, problemId: string, v: Viewer): Promise<TaskSubmitTarget> {
  if (!isInt4(named.id)) throw new OjError('EDU_TASK_NOT_FOUND');
  const { t, window } = await reachedTask(db, named.id, named.kind, v);
  const refusal = window ? submitRefusal(t.kind, window, new Date()) : null;
  if (refusal) throw new OjError(refusal);
  const p = (await problemsOf(db, t.id)).find((x) => x.problemId === problemId);
  if (!p) throw new OjError('EDU_TASK_PROBLEM_NOT_FOUND', { problemId });
  return { taskId: t.id, kind: t.kind, pid: p.pid, window };
}

/** Files the new submission under its task (inside the submit's transaction); the push to send after commit. */
export async function fileUnderTask(tx: Tx, target: TaskSubmitTarget, uid: string, sub: { submitId: number; submitTime: Date }): Promise<PushMessage> {
  const late = target.window !== null && isLate(target.kind, target.window, sub.submitTime);
  await fileSubmission(tx, { submitId: sub.submitId, taskId: target.taskId, uid, pid: target.pid, late });
  return taskActivity(tx, { id: target.taskId, kind: target.kind }, uid, sub.submitId);
}
