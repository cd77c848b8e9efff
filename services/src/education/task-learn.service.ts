// A student's homework and exam pages (`/homework/:id`, `/exam/:id`) and a course page's list of them, each with the
// student's own progress. An exam lists its problems only from its start (its teacher: always) and, until the
// teacher releases it, shows the student's verdicts as submitted (−5) only. Opening an open exam marks the student
// as in (the teacher's monitor is told).
import { OjError, type MyTaskVO, type ProblemDetailQuery, type ProblemInfo, type TaskKind, type TaskSummaryVO } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../db/client';
import { problemInfoOf } from '../problem/problem.service';
import { publishAll } from '../push/push.service';
import { reachedTask } from './task-access';
import { taskActivity } from './task-live';
import { taskOfSubmit, taskProblem } from './task-submit';
import * as repo from './task.repo';
import { cellOf, maskedCell, phaseOf, solvedCount, windowOf, type Window } from './task-rules';

export interface TaskLearnService {
  myTask(kind: TaskKind, id: number, v: Viewer): Promise<MyTaskVO>;
  /** A task's problem page (`get-problem-detail` with `homeworkId` / `examId`): a private problem of the task too. */
  taskProblemDetail(q: ProblemDetailQuery, v: Viewer): Promise<ProblemInfo>;
}

/** The task's window over all its classes (what its teacher sees). */
const wholeWindow = async (db: DbOrTx, id: number): Promise<Window> => windowOf(await repo.classesOf(db, [id])) ?? CLOSED;

/** A task left without classes (all deleted): ended. */
const CLOSED: Window = { start: null, end: new Date(0) };

/** Whether the student's results of this task are hidden: an exam not released yet. */
const hidesResults = (t: { kind: string; released: boolean }, teacher: boolean) => t.kind === 'exam' && !t.released && !teacher;

export function createTaskLearnService(ctx: ServiceContext): TaskLearnService {
  const { db, transport, logger } = ctx;
  return {
    async myTask(kind, id, v) {
      const { t, window } = await reachedTask(db, id, kind, v);
      const teacher = window === null;
      const w = window ?? (await wholeWindow(db, t.id));
      const phase = phaseOf(w, new Date());
      if (kind === 'exam' && !teacher && phase === 'open' && (await repo.enter(db, t.id, v.uid))) {
        const msg = await db.transaction((tx) => taskActivity(tx, t, v.uid, null));
        await publishAll(transport, [msg], logger);
      }
      const shown = kind === 'homework' || teacher || phase !== 'before';
      const problems = shown ? await repo.problemsOf(db, t.id) : [];
      const subs = await repo.submissionsOf(db, t.id, v.uid);
      const cells = problems.map((p) => cellOf(p.pid, subs));
      const hide = hidesResults(t, teacher);
      const out = hide ? cells.map(maskedCell) : cells;
      return {
        id: t.id,
        kind,
        courseId: t.courseId,
        courseTitle: t.courseTitle,
        title: t.title,
        description: t.description,
        startTime: w.start?.toISOString() ?? null,
        endTime: w.end.toISOString(),
        phase,
        released: t.released,
        problems: problems.map((p, i) => ({ pid: p.pid, problemId: p.problemId, title: p.title, status: out[i]!.status, score: out[i]!.score, submitCount: out[i]!.submitCount, late: out[i]!.late })),
        solved: hide ? 0 : solvedCount(cells),
        total: problems.length,
      };
    },
    async taskProblemDetail(q, v) {
      const named = taskOfSubmit(q);
      if (!named) throw new OjError('EDU_TASK_NOT_FOUND');
      return problemInfoOf(db, (await taskProblem(db, named, q.problemId, v, 'read')).problem);
    },
  };
}

/**
 * A course page's homework and exams: those assigned to the student's classes (all for its teacher, `uid` null)
 * with the student's solved count (an unreleased exam: the problems submitted).
 */
export async function courseTasks(db: DbOrTx, courseId: number, uid: string | null): Promise<TaskSummaryVO[]> {
  const rows = await repo.tasksForCoursePage(db, courseId, uid);
  const ids = rows.map((r) => r.id);
  const cls = uid === null ? await repo.classesOf(db, ids) : await repo.myClassesOf(db, ids, uid);
  return Promise.all(
    rows.map(async (t) => {
      const w = windowOf(cls.filter((c) => c.taskId === t.id)) ?? CLOSED;
      const problems = await repo.problemsOf(db, t.id);
      const subs = uid === null ? [] : await repo.submissionsOf(db, t.id, uid);
      const cells = problems.map((p) => cellOf(p.pid, subs));
      const hide = hidesResults(t, uid === null);
      return {
        id: t.id,
        kind: t.kind as TaskKind,
        title: t.title,
        startTime: w.start?.toISOString() ?? null,
        endTime: w.end.toISOString(),
        released: t.released,
        solved: hide ? cells.filter((c) => c.submitCount > 0).length : solvedCount(cells),
        total: problems.length,
      };
    }),
  );
}
