// The SQL of homework and exams ("tasks"): the task with its problems and classes, the students it reaches, the
// submissions filed under it and the exam entries.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TaskKind } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { PUBLIC_PROBLEM } from '../problem/problem.repo';
import { classes, classStudent, course, judge, problems, task, taskClass, taskEntry, taskProblem, taskSubmission, users } from '../db/schema';

export type TaskRow = typeof task.$inferSelect;
export type TaskClassRow = typeof taskClass.$inferSelect;

export async function findTask(db: DbOrTx, id: number): Promise<(TaskRow & { courseTitle: string; courseCreator: string }) | undefined> {
  const [r] = await db
    .select({ t: task, courseTitle: course.title, courseCreator: course.creator })
    .from(task)
    .innerJoin(course, eq(course.id, task.courseId))
    .where(eq(task.id, id));
  return r && { ...r.t, courseTitle: r.courseTitle, courseCreator: r.courseCreator };
}

export async function tasksOfCourse(db: DbOrTx, courseId: number, kind?: TaskKind): Promise<TaskRow[]> {
  return db
    .select()
    .from(task)
    .where(and(eq(task.courseId, courseId), kind ? eq(task.kind, kind) : undefined))
    .orderBy(desc(task.id));
}

export async function problemsOf(db: DbOrTx, taskId: number) {
  return db
    .select({ pid: problems.id, problemId: problems.problemId, title: problems.title, type: problems.type })
    .from(taskProblem)
    .innerJoin(problems, eq(problems.id, taskProblem.pid))
    .where(eq(taskProblem.taskId, taskId))
    .orderBy(asc(taskProblem.rank), asc(problems.id));
}

export async function classesOf(db: DbOrTx, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return db
    .select({ taskId: taskClass.taskId, classId: taskClass.classId, className: classes.name, startAt: taskClass.startAt, endAt: taskClass.endAt })
    .from(taskClass)
    .innerJoin(classes, eq(classes.id, taskClass.classId))
    .where(inArray(taskClass.taskId, taskIds))
    .orderBy(asc(classes.name));
}

/** The assignments of `taskIds` reaching student `uid` (through the classes they are in). */
export async function myClassesOf(db: DbOrTx, taskIds: number[], uid: string): Promise<TaskClassRow[]> {
  if (taskIds.length === 0) return [];
  return db
    .select({ taskId: taskClass.taskId, classId: taskClass.classId, startAt: taskClass.startAt, endAt: taskClass.endAt })
    .from(taskClass)
    .innerJoin(classStudent, and(eq(classStudent.classId, taskClass.classId), eq(classStudent.uid, uid)))
    .where(inArray(taskClass.taskId, taskIds));
}

/** Display id → pid of the public problems among `problemIds`, and the private ones if `withPrivate` (the others are absent). */
export async function pidsOfDisplayIds(db: DbOrTx, problemIds: string[], withPrivate: boolean): Promise<Map<string, number>> {
  if (problemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: problems.id, problemId: problems.problemId })
    .from(problems)
    .where(and(inArray(problems.problemId, problemIds), withPrivate ? and(inArray(problems.auth, [1, 2]), eq(problems.isGroup, false)) : PUBLIC_PROBLEM));
  return new Map(rows.map((r) => [r.problemId, r.id]));
}

export interface TaskValues {
  kind: TaskKind;
  courseId: number;
  title: string;
  description: string;
  creator: string;
}

/** Writes the task, its problems (in order) and its classes, replacing the old ones; returns its id. */
export async function saveTask(db: DbOrTx, id: number | undefined, v: TaskValues, pids: number[], cls: Omit<TaskClassRow, 'taskId'>[]): Promise<number> {
  let taskId = id;
  if (taskId === undefined) {
    const [r] = await db.insert(task).values(v).returning({ id: task.id });
    taskId = r!.id;
  } else {
    await db.update(task).set({ title: v.title, description: v.description, gmtModified: new Date() }).where(eq(task.id, taskId));
    await db.delete(taskProblem).where(eq(taskProblem.taskId, taskId));
    await db.delete(taskClass).where(eq(taskClass.taskId, taskId));
  }
  const tid = taskId;
  await db.insert(taskProblem).values(pids.map((pid, rank) => ({ taskId: tid, pid, rank })));
  await db.insert(taskClass).values(cls.map((c) => ({ ...c, taskId: tid })));
  return tid;
}

export async function deleteTask(db: DbOrTx, id: number): Promise<void> {
  await db.delete(task).where(eq(task.id, id));
}

export async function setReleased(db: DbOrTx, id: number, released: boolean): Promise<void> {
  await db.update(task).set({ released, gmtModified: new Date() }).where(eq(task.id, id));
}

/** The students of the classes a task is assigned to (a student in two of them once, under the first class by name). */
export async function studentsOf(db: DbOrTx, taskId: number) {
  const rows = await db
    .select({ uid: users.uuid, username: users.username, realname: users.realname, className: classes.name })
    .from(taskClass)
    .innerJoin(classes, eq(classes.id, taskClass.classId))
    .innerJoin(classStudent, eq(classStudent.classId, taskClass.classId))
    .innerJoin(users, eq(users.uuid, classStudent.uid))
    .where(eq(taskClass.taskId, taskId))
    .orderBy(asc(classes.name), asc(users.username));
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.uid) && seen.add(r.uid));
}

/** The submissions filed under a task (of one student when `uid` is given), oldest first. */
export async function submissionsOf(db: DbOrTx, taskId: number, uid?: string) {
  return db
    .select({ submitId: judge.submitId, uid: taskSubmission.uid, pid: taskSubmission.pid, late: taskSubmission.late, status: judge.status, score: judge.score, submitTime: judge.submitTime })
    .from(taskSubmission)
    .innerJoin(judge, eq(judge.submitId, taskSubmission.submitId))
    .where(and(eq(taskSubmission.taskId, taskId), uid ? eq(taskSubmission.uid, uid) : undefined))
    .orderBy(asc(judge.submitId));
}

export async function fileSubmission(db: DbOrTx, v: typeof taskSubmission.$inferInsert): Promise<void> {
  await db.insert(taskSubmission).values(v);
}

/** The task a submission is filed under, if any. */
export async function taskOfSubmission(db: DbOrTx, submitId: number): Promise<{ taskId: number; kind: string; released: boolean; uid: string } | undefined> {
  const [r] = await db
    .select({ taskId: task.id, kind: task.kind, released: task.released, uid: taskSubmission.uid })
    .from(taskSubmission)
    .innerJoin(task, eq(task.id, taskSubmission.taskId))
    .where(eq(taskSubmission.submitId, submitId));
  return r;
}

/** Of these submissions, the ones filed under an unreleased exam, with the exam's course teacher. */
export async function unreleasedExamSubmissions(db: DbOrTx, submitIds: number[]): Promise<Map<number, { taskId: number; teacher: string }>> {
  if (submitIds.length === 0) return new Map();
  const rows = await db
    .select({ submitId: taskSubmission.submitId, taskId: task.id, teacher: course.creator })
    .from(taskSubmission)
    .innerJoin(task, and(eq(task.id, taskSubmission.taskId), eq(task.kind, 'exam'), eq(task.released, false)))
    .innerJoin(course, eq(course.id, task.courseId))
    .where(inArray(taskSubmission.submitId, submitIds));
  return new Map(rows.map((r) => [r.submitId, { taskId: r.taskId, teacher: r.teacher }]));
}

/** Records that `uid` opened exam `taskId`; true the first time. */
export async function enter(db: DbOrTx, taskId: number, uid: string): Promise<boolean> {
  const r = await db.insert(taskEntry).values({ taskId, uid }).onConflictDoNothing().returning({ uid: taskEntry.uid });
  return r.length > 0;
}

export async function entriesOf(db: DbOrTx, taskId: number): Promise<Map<string, Date>> {
  const rows = await db.select({ uid: taskEntry.uid, at: taskEntry.enteredAt }).from(taskEntry).where(eq(taskEntry.taskId, taskId));
  return new Map(rows.map((r) => [r.uid, r.at]));
}

/** The courses' tasks for a course page: all of them, or those assigned to `uid`'s classes. */
export async function tasksForCoursePage(db: DbOrTx, courseId: number, uid: string | null): Promise<TaskRow[]> {
  const assigned = uid === null ? undefined : sql`exists (select 1 from ${taskClass} join ${classStudent} on ${classStudent.classId} = ${taskClass.classId} where ${taskClass.taskId} = ${task.id} and ${classStudent.uid} = ${uid})`;
  return db
    .select()
    .from(task)
    .where(and(eq(task.courseId, courseId), assigned))
    .orderBy(asc(task.kind), desc(task.id));
}
