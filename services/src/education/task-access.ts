// Who reaches a homework or an exam: its course's teacher and the super admin manage it; a student reaches it only
// through an assigned class (their window is the widest of those classes' times). Another class's student and
// another teacher get nothing. Also which filed submissions an unreleased exam hides from whom.
import { OjError, type TaskKind } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { DbOrTx } from '../db/client';
import { isSuperAdmin, owns } from './edu-access';
import * as repo from './task.repo';
import { windowOf, type Window } from './task-rules';

export type LoadedTask = NonNullable<Awaited<ReturnType<typeof repo.findTask>>> & { kind: TaskKind };

async function load(db: DbOrTx, id: number, kind: TaskKind): Promise<LoadedTask> {
  const t = await repo.findTask(db, id);
  if (!t || t.kind !== kind) throw new OjError('EDU_TASK_NOT_FOUND');
  return t as LoadedTask;
}

/** Whether `v` manages the task: the course's teacher or the super admin. */
export const managesTask = (v: Viewer | null, t: { courseCreator: string }): boolean => owns(v, { creator: t.courseCreator });

/** The task if `v` manages it; AUTH_FORBIDDEN for another teacher. */
export async function managedTask(db: DbOrTx, id: number, kind: TaskKind, v: Viewer): Promise<LoadedTask> {
  const t = await load(db, id, kind);
  if (!managesTask(v, t)) throw new OjError('AUTH_FORBIDDEN');
  return t;
}

/**
 * The task as `v` reaches it: `window` is the student's (null for its teacher, who is not bound by it). A user in
 * none of the assigned classes is refused (EDU_TASK_NOT_ASSIGNED).
 */
export async function reachedTask(db: DbOrTx, id: number, kind: TaskKind, v: Viewer): Promise<{ t: LoadedTask; window: Window | null }> {
  const t = await load(db, id, kind);
  if (managesTask(v, t)) return { t, window: null };
  const window = windowOf(await repo.myClassesOf(db, [t.id], v.uid));
  if (!window) throw new OjError('EDU_TASK_NOT_ASSIGNED');
  return { t, window };
}

/** Of these submissions, those whose verdicts `v` may not see: filed under an exam not released yet, unless `v` teaches it. */
export async function examHiddenFrom(db: DbOrTx, submitIds: number[], v: Viewer | null): Promise<Set<number>> {
  if (isSuperAdmin(v)) return new Set();
  const hidden = await repo.unreleasedExamSubmissions(db, submitIds);
  return new Set([...hidden].filter(([, e]) => !managesTask(v, { courseCreator: e.teacher })).map(([id]) => id));
}
