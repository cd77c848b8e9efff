// Homework and exams as their teacher manages them (`/admin/homework/:id`, `/admin/exam/:id`): CRUD inside their own
// courses, an exam's release, the status grid / live monitor and its XLSX. Each action needs its kind's string
// (homework_manage / exam_manage) and the lesson_* string of the action, and the course must be the caller's
// (the super admin: any). Problems are the bank's public problems; classes must be allocated to the course.
import { OjError, type Permission, type ReleaseExamBody, type TaskBody, type TaskKind, type TaskListQuery, type TaskStatusVO, type TaskVO } from '@oj/proto';
import { isAdmin, type Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { pushCounts } from '../judge/ingester';
import { recountFiled } from '../judge/judging.repo';
import { publishAll } from '../push/push.service';
import type { Tx } from '../db/client';
import { findAllocation, findCourse } from './course.repo';
import { managed, requirePermissions } from './edu-access';
import { managedTask, managesTask, type LoadedTask } from './task-access';
import { taskSheet, taskStatus } from './task-grid';
import { taskActivity } from './task-live';
import * as repo from './task.repo';

export interface TaskService {
  listTasks(kind: TaskKind, q: TaskListQuery, v: Viewer): Promise<TaskVO[]>;
  getTask(kind: TaskKind, id: number, v: Viewer): Promise<TaskVO>;
  saveTask(kind: TaskKind, body: TaskBody, v: Viewer): Promise<{ id: number }>;
  deleteTask(kind: TaskKind, id: number, v: Viewer): Promise<void>;
  releaseExam(body: ReleaseExamBody, v: Viewer): Promise<void>;
  taskStatus(kind: TaskKind, id: number, v: Viewer): Promise<TaskStatusVO>;
  exportTask(kind: TaskKind, id: number, lang: 'zh' | 'en', v: Viewer): Promise<{ filename: string; body: Buffer }>;
  /** Who may watch `homework:<id>` / `exam:<id>`: the course's teacher and the super admin. */
  canWatchTask(kind: TaskKind, id: number, v: Viewer | null): Promise<boolean>;
}

export const KIND_PERMISSION: Record<TaskKind, Permission> = { homework: 'homework_manage', exam: 'exam_manage' };

/** The caller holds the kind's string and, for a change, the lesson string of the action (and). */
const allow = (v: Viewer, kind: TaskKind, lesson?: Permission) => requirePermissions(v, KIND_PERMISSION[kind], ...(lesson ? [lesson] : []));

async function toVO(db: ServiceContext['db'], t: LoadedTask): Promise<TaskVO> {
  const [problems, cls] = await Promise.all([repo.problemsOf(db, t.id), repo.classesOf(db, [t.id])]);
  return {
    id: t.id,
    kind: t.kind,
    courseId: t.courseId,
    courseTitle: t.courseTitle,
    title: t.title,
    description: t.description,
    released: t.released,
    creator: t.creator,
    problems: problems.map(({ pid, problemId, title }) => ({ pid, problemId, title })),
    classes: cls.map((c) => ({ classId: c.classId, className: c.className, startTime: c.startAt?.toISOString() ?? null, endTime: c.endAt.toISOString() })),
  };
}

/** The body's classes as rows: allocated to the course, an exam's start before its end (a homework has no start). */
async function classRows(db: ServiceContext['db'], kind: TaskKind, body: TaskBody) {
  const seen = new Set<number>();
  const rows = [];
  for (const c of body.classes) {
    if (seen.has(c.classId)) continue;
    seen.add(c.classId);
    if (!(await findAllocation(db, body.courseId, c.classId))) throw new OjError('EDU_CLASS_NOT_ALLOCATED');
    const endAt = new Date(c.endTime);
    const startAt = kind === 'exam' ? (c.startTime ? new Date(c.startTime) : null) : null;
    if (Number.isNaN(endAt.getTime()) || (kind === 'exam' && (!startAt || Number.isNaN(startAt.getTime()) || startAt >= endAt))) {
      throw new OjError('EDU_TASK_TIME_INVALID', { classId: c.classId });
    }
    rows.push({ classId: c.classId, startAt, endAt });
  }
  return rows;
}

/**
 * The body's problems as pids, in order: problems of the bank (not a group's own), public ones, and private ones for
 * a caller who sees them in the bank (an admin: an exam paper kept secret until the exam opens it) or that the task
 * already holds (its teacher may save it again).
 */
async function problemPids(db: ServiceContext['db'], ids: string[], v: Viewer, taskId: number | undefined): Promise<number[]> {
  const unique = [...new Set(ids.map((s) => s.trim()))];
  const found = await repo.pidsOfDisplayIds(db, unique, isAdmin(v));
  if (taskId !== undefined) for (const p of await repo.problemsOf(db, taskId)) found.set(p.problemId, p.pid);
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw new OjError('EDU_TASK_PROBLEM_NOT_FOUND', { problemId: missing });
  return unique.map((id) => found.get(id)!);
}

export function createTaskService(ctx: ServiceContext): TaskService {
  const { db, transport, logger } = ctx;

  return {
    async listTasks(kind, q, v) {
      allow(v, kind);
      managed(v, await findCourse(db, q.courseId), 'EDU_COURSE_NOT_FOUND');
      const rows = await repo.tasksOfCourse(db, q.courseId, kind);
      return Promise.all(rows.map(async (r) => toVO(db, await managedTask(db, r.id, kind, v))));
    },
    async getTask(kind, id, v) {
      allow(v, kind);
      return toVO(db, await managedTask(db, id, kind, v));
    },
    async saveTask(kind, body, v) {
      allow(v, kind, body.id === undefined ? 'lesson_add' : 'lesson_update');
      if (body.id !== undefined) {
        const t = await managedTask(db, body.id, kind, v);
        if (t.courseId !== body.courseId) throw new OjError('VALIDATION_FAILED', { detail: 'courseId cannot change' });
      }
      managed(v, await findCourse(db, body.courseId), 'EDU_COURSE_NOT_FOUND');
      const cls = await classRows(db, kind, body);
      const pids = await problemPids(db, body.problemIds, v, body.id);
      const values = { kind, courseId: body.courseId, title: body.title.trim(), description: body.description ?? '', creator: v.uid };
      const id = await db.transaction((tx) => repo.saveTask(tx, body.id, values, pids, cls));
      return { id };
    },
    async deleteTask(kind, id, v) {
      allow(v, kind, 'lesson_delete');
      await managedTask(db, id, kind, v);
      // Its filings go, so an unreleased exam's submissions become plain practice: counted first (docs/education.md).
      const msgs = await db.transaction(async (tx) => {
        await repo.setReleased(tx, id, true);
        const pushes = await countPushes(tx, await recountFiled(tx, id));
        await repo.deleteTask(tx, id);
        return pushes;
      });
      await publishAll(transport, msgs, logger);
    },
    async releaseExam(body, v) {
      allow(v, 'exam', 'lesson_update');
      const t = await managedTask(db, body.id, 'exam', v);
      const msg = await db.transaction(async (tx) => {
        await repo.setReleased(tx, t.id, body.released);
        // Released results count as practice from now on, hidden ones no longer: the problem counters follow.
        const counts = await countPushes(tx, await recountFiled(tx, t.id));
        return [await taskActivity(tx, t, v.uid, null), ...counts];
      });
      await publishAll(transport, msg, logger);
    },
    async taskStatus(kind, id, v) {
      allow(v, kind);
      return taskStatus(db, await managedTask(db, id, kind, v));
    },
    async exportTask(kind, id, lang, v) {
      allow(v, kind);
      const s = await taskStatus(db, await managedTask(db, id, kind, v));
      return { filename: `${kind}-${id}.xlsx`, body: taskSheet(s, lang) };
    },
    async canWatchTask(kind, id, v) {
      const t = await repo.findTask(db, id);
      return t !== undefined && t.kind === kind && v !== null && v.permissions.includes(KIND_PERMISSION[kind]) && managesTask(v, t);
    },
  };
}

/** The problem list's `problem.counts` pushes for the problems whose counters a recount moved. */
async function countPushes(tx: Tx, pids: number[]) {
  const out = [];
  for (const pid of pids) out.push(...(await pushCounts(tx, pid)));
  return out;
}
