// A problem opened or submitted inside a homework or an exam (`homeworkId` / `examId` of the problem detail, the
// submit and the online test): the student must be in an assigned class, the problem one of the task's; an exam's
// problems open for its students from their start, and take submissions only while it is open; a homework after the
// deadline is accepted and filed late. The task makes its problem readable whatever the problem's own visibility (a
// private problem of an exam paper is read here only). The submission is filed under the task in the submit's
// transaction, which tells its grid.
import { OjError, type PushMessage, type SubmitBody, type TaskKind } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { isInt4, type DbOrTx, type Tx } from '../db/client';
import { findProblemById } from '../problem/problem.repo';
import type { ProblemRow } from '../problem/problem.service';
import { reachedTask } from './task-access';
import { taskActivity } from './task-live';
import { fileSubmission, problemsOf } from './task.repo';
import { isLate, phaseOf, submitRefusal, type Window } from './task-rules';

export interface TaskSubmitTarget {
  taskId: number;
  kind: TaskKind;
  pid: number;
  window: Window | null;
}

/** What names a task: a submit's, an online test's or a problem detail's fields. */
type NamesTask = Pick<SubmitBody, 'homeworkId' | 'examId' | 'gid' | 'tid'> & { cid?: number };

/** Which task a call names (null: none); refuses one naming both, or a task with a group, training or contest. */
export function taskOfSubmit(body: NamesTask): { kind: TaskKind; id: number } | null {
  const hw = body.homeworkId ?? null;
  const ex = body.examId ?? null;
  if (hw === null && ex === null) return null;
  if ((hw !== null && ex !== null) || body.gid || body.tid || body.cid) throw new OjError('VALIDATION_FAILED', { detail: 'homeworkId / examId with another target' });
  return hw !== null ? { kind: 'homework', id: hw } : { kind: 'exam', id: ex! };
}

/** Why `v` may not read the task's problems now: a student before their exam's start. */
const readRefusal = (kind: TaskKind, w: Window | null): 'EDU_EXAM_NOT_STARTED' | null =>
  kind === 'exam' && w !== null && phaseOf(w, new Date()) === 'before' ? 'EDU_EXAM_NOT_STARTED' : null;

/**
 * The task's problem `problemId` as `v` uses it: `read` (the statement, the online test) from an exam's start, `submit`
 * only while an exam is open (a homework: always). Its own visibility does not matter: the task opens it.
 */
export async function taskProblem(db: DbOrTx, named: { kind: TaskKind; id: number }, problemId: string, v: Viewer, use: 'read' | 'submit'): Promise<{ target: TaskSubmitTarget; problem: ProblemRow }> {
  if (!isInt4(named.id)) throw new OjError('EDU_TASK_NOT_FOUND');
  const { t, window } = await reachedTask(db, named.id, named.kind, v);
  const refusal = use === 'read' ? readRefusal(t.kind, window) : window ? submitRefusal(t.kind, window, new Date()) : null;
  if (refusal) throw new OjError(refusal);
  const p = (await problemsOf(db, t.id)).find((x) => x.problemId === problemId);
  const problem = p ? await findProblemById(db, p.pid) : undefined;
  if (!p || !problem) throw new OjError('EDU_TASK_PROBLEM_NOT_FOUND', { problemId });
  return { target: { taskId: t.id, kind: t.kind, pid: p.pid, window }, problem };
}

/** Files the new submission under its task (inside the submit's transaction); the push to send after commit. */
export async function fileUnderTask(tx: Tx, target: TaskSubmitTarget, uid: string, sub: { submitId: number; submitTime: Date }): Promise<PushMessage> {
  const late = target.window !== null && isLate(target.kind, target.window, sub.submitTime);
  await fileSubmission(tx, { submitId: sub.submitId, taskId: target.taskId, uid, pid: target.pid, late });
  return taskActivity(tx, { id: target.taskId, kind: target.kind }, uid, sub.submitId);
}
