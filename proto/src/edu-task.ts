// Homework and exams of a course (issue 20, items 5 and 6): one model, a "task" of kind homework or exam, with its
// problems from the bank and the classes it is assigned to (a homework's deadline, an exam's start and end, per
// class). docs/education.md "Homework and exams" gives the rules and the paths.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable } from './contest/common';

export const TASK_KINDS = ['homework', 'exam'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const TASK_LIMITS = { titleMax: 60, descriptionMax: 5_000, problemsMax: 50, classesMax: 100 } as const;

const Time = Type.String({ format: 'date-time', maxLength: 40 });

export const TaskClassBody = Type.Object({
  classId: Id,
  /** An exam's start (required for an exam, ignored for a homework). */
  startTime: Type.Optional(Nullable(Time)),
  /** A homework's deadline, an exam's end. */
  endTime: Time,
});
export type TaskClassBody = Static<typeof TaskClassBody>;

/** Create (no id) or edit a homework or an exam. `problemIds`: display ids of the bank, in order. */
export const TaskBody = Type.Object({
  id: Type.Optional(Id),
  courseId: Id,
  title: Type.String({ minLength: 1, maxLength: TASK_LIMITS.titleMax }),
  description: Type.Optional(Type.String({ maxLength: TASK_LIMITS.descriptionMax })),
  problemIds: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { minItems: 1, maxItems: TASK_LIMITS.problemsMax }),
  classes: Type.Array(TaskClassBody, { minItems: 1, maxItems: TASK_LIMITS.classesMax }),
});
export type TaskBody = Static<typeof TaskBody>;

export const TaskListQuery = Type.Object({ courseId: Id });
export type TaskListQuery = Static<typeof TaskListQuery>;
export const ReleaseExamBody = Type.Object({ id: Id, released: Type.Boolean() });
export type ReleaseExamBody = Static<typeof ReleaseExamBody>;

export const TaskProblemVO = Type.Object({ pid: Type.Integer(), problemId: Type.String(), title: Type.String() });
export type TaskProblemVO = Static<typeof TaskProblemVO>;
export const TaskClassVO = Type.Object({ classId: Type.Integer(), className: Type.String(), startTime: Nullable(Type.String()), endTime: Type.String() });
export type TaskClassVO = Static<typeof TaskClassVO>;

/** A homework or exam as its teacher edits it. */
export const TaskVO = Type.Object({
  id: Type.Integer(),
  kind: Type.Union(TASK_KINDS.map((k) => Type.Literal(k))),
  courseId: Type.Integer(),
  courseTitle: Type.String(),
  title: Type.String(),
  description: Type.String(),
  released: Type.Boolean(),
  creator: Type.String(),
  problems: Type.Array(TaskProblemVO),
  classes: Type.Array(TaskClassVO),
});
export type TaskVO = Static<typeof TaskVO>;

/** One problem of a student's homework/exam page with their own status (−5 "submitted" while an exam is unreleased). */
export const MyTaskProblemVO = Type.Object({
  pid: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  /** Best status of the student's submissions under this task; null: none. */
  status: Nullable(Type.Integer()),
  score: Nullable(Type.Integer()),
  submitCount: Type.Integer(),
  late: Type.Boolean(),
});
export type MyTaskProblemVO = Static<typeof MyTaskProblemVO>;

/** A student's homework or exam page (`/homework/:id`, `/exam/:id`); an exam lists its problems only while open. */
export const MyTaskVO = Type.Object({
  id: Type.Integer(),
  kind: Type.Union(TASK_KINDS.map((k) => Type.Literal(k))),
  courseId: Type.Integer(),
  courseTitle: Type.String(),
  title: Type.String(),
  description: Type.String(),
  startTime: Nullable(Type.String()),
  endTime: Type.String(),
  /** before / open / ended (a homework is open before its deadline and stays submittable, late, after it). */
  phase: Type.Union([Type.Literal('before'), Type.Literal('open'), Type.Literal('ended')]),
  released: Type.Boolean(),
  problems: Type.Array(MyTaskProblemVO),
  solved: Type.Integer(),
  total: Type.Integer(),
});
export type MyTaskVO = Static<typeof MyTaskVO>;

/** A course page's homework or exam line with the student's progress. */
export const TaskSummaryVO = Type.Object({
  id: Type.Integer(),
  kind: Type.Union(TASK_KINDS.map((k) => Type.Literal(k))),
  title: Type.String(),
  startTime: Nullable(Type.String()),
  endTime: Type.String(),
  released: Type.Boolean(),
  /** Accepted problems (an unreleased exam: submitted problems). */
  solved: Type.Integer(),
  total: Type.Integer(),
});
export type TaskSummaryVO = Static<typeof TaskSummaryVO>;

export const TaskCellVO = Type.Object({
  pid: Type.Integer(),
  status: Nullable(Type.Integer()),
  score: Nullable(Type.Integer()),
  submitCount: Type.Integer(),
  late: Type.Boolean(),
});
export type TaskCellVO = Static<typeof TaskCellVO>;

/** One student's row of the teacher's grid (homework) or monitor (exam). */
export const TaskRowVO = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  realname: Nullable(Type.String()),
  className: Type.String(),
  cells: Type.Array(TaskCellVO),
  solved: Type.Integer(),
  /** Accepted problems over all, 0–100. */
  percent: Type.Integer(),
  /** An exam's total score (OI: the best scores; ACM: 100 a problem accepted). */
  score: Type.Integer(),
  /** When the student opened the exam (null: not in). */
  enteredAt: Nullable(Type.String()),
  lastSubmitTime: Nullable(Type.String()),
});
export type TaskRowVO = Static<typeof TaskRowVO>;

export const TaskStatusVO = Type.Object({
  id: Type.Integer(),
  kind: Type.Union(TASK_KINDS.map((k) => Type.Literal(k))),
  title: Type.String(),
  courseId: Type.Integer(),
  released: Type.Boolean(),
  problems: Type.Array(TaskProblemVO),
  rows: Type.Array(TaskRowVO),
  /** The topic's seq when read (subscribe from it). */
  seq: Type.Integer(),
});
export type TaskStatusVO = Static<typeof TaskStatusVO>;

/** Pushed on `homework:<id>` / `exam:<id>` (teacher and super admin): ids only, the screen reads the grid again. */
export const TaskActivityEvent = Type.Object({
  taskId: Type.Integer(),
  uid: Type.String(),
  /** The submission that was filed or judged; null when the student entered the exam or the teacher released it. */
  submitId: Nullable(Type.Integer()),
});
export type TaskActivityEvent = Static<typeof TaskActivityEvent>;

/** What a problem page opened inside a homework or exam adds to its submits. */
export type TaskRef = { homeworkId: number } | { examId: number };
