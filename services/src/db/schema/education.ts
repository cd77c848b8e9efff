// Education (issue 20): grades hold classes, classes hold students; a course is allocated to classes, and each
// allocation carries that class's invite code. Chapters order a course's resources (markdown, a file, a problem).
// Homework and exams (`edu_task`) belong to a course and are assigned to its allocated classes (docs/education.md).
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt } from './columns';
import { users } from './accounts';
import { problems } from './problems';
import { judge } from './submissions';

export const grade = pgTable('edu_grade', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The teacher who created it: they (and a super admin) manage it. */
  creator: text('creator')
    .notNull()
    .references(() => users.uuid),
  ...gmt,
});

export const classes = pgTable(
  'edu_class',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grade.id, { onDelete: 'restrict' }),
    creator: text('creator')
      .notNull()
      .references(() => users.uuid),
    ...gmt,
  },
  (t) => [index('edu_class_grade_idx').on(t.gradeId)],
);

export const classStudent = pgTable(
  'edu_class_student',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.uid] }), index('edu_class_student_uid_idx').on(t.uid)],
);

export const course = pgTable('edu_course', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  coverImage: text('cover_image'),
  creator: text('creator')
    .notNull()
    .references(() => users.uuid),
  ...gmt,
});

/** A class allocated to a course, with that class's invite code (joining by it puts the student in the class). */
export const courseClass = pgTable(
  'edu_course_class',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    inviteCode: text('invite_code').notNull(),
    inviteExpireAt: timestamp('invite_expire_at', { withTimezone: true }).notNull(),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.classId] }), uniqueIndex('edu_course_class_code_idx').on(t.inviteCode), index('edu_course_class_class_idx').on(t.classId)],
);

export const courseChapter = pgTable(
  'edu_course_chapter',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    rank: integer('rank').notNull().default(0),
    ...gmt,
  },
  (t) => [index('edu_course_chapter_course_idx').on(t.courseId, t.rank)],
);

/** A chapter's resource: kind 'markdown' (content), 'file' (link to an uploaded file) or 'problem' (pid). */
export const courseResource = pgTable(
  'edu_course_resource',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => courseChapter.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    link: text('link'),
    pid: integer('pid').references(() => problems.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull().default(0),
    ...gmt,
  },
  (t) => [index('edu_course_resource_chapter_idx').on(t.chapterId, t.rank)],
);

/**
 * A homework or an exam of a course (`kind` 'homework' / 'exam', one table: they differ only in their time rules and
 * in an exam's results staying hidden until `released`). docs/education.md, "Homework and exams".
 */
export const task = pgTable(
  'edu_task',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** An exam's results are shown to its students once the teacher releases them (a homework's always are). */
    released: boolean('released').notNull().default(false),
    creator: text('creator')
      .notNull()
      .references(() => users.uuid),
    ...gmt,
  },
  (t) => [index('edu_task_course_idx').on(t.courseId, t.kind)],
);

/** A task's problems from the bank, in order. */
export const taskProblem = pgTable(
  'edu_task_problem',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.pid] })],
);

/** A class a task is assigned to, with that class's times: a homework's deadline (`end_at`), an exam's start and end. */
export const taskClass = pgTable(
  'edu_task_class',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.classId] }), index('edu_task_class_class_idx').on(t.classId)],
);

/** A submission filed under a task (the submit's `homeworkId` / `examId`); `late`: after the student's deadline. */
export const taskSubmission = pgTable(
  'edu_task_submission',
  {
    submitId: integer('submit_id')
      .primaryKey()
      .references(() => judge.submitId, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    pid: integer('pid').notNull(),
    late: boolean('late').notNull().default(false),
  },
  (t) => [index('edu_task_submission_task_idx').on(t.taskId, t.uid)],
);

/** A student who opened an exam (the teacher's monitor shows who is in). */
export const taskEntry = pgTable(
  'edu_task_entry',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.uid] })],
);
