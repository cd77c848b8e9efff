// Trainings: categories, the training, its problems (ordered by rank), registrations to private trainings, and the
// submissions made inside a training (`training_record`: the submit's `tid`).
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt } from './columns';
import { users } from './accounts';
import { problems } from './problems';
import { judge } from './submissions';

export const trainingCategory = pgTable('training_category', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  /** Group trainings' categories (groups do not exist yet). */
  gid: integer('gid'),
  ...gmt,
});

export const training = pgTable(
  'training',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The author's uid: with a site admin role they administer the training (and a super admin any). */
    uid: text('uid')
      .notNull()
      .references(() => users.uuid),
    /** The author's username when it was created. */
    author: text('author'),
    /** 'Public' or 'Private'. */
    auth: text('auth').notNull().default('Public'),
    /** A private training's password, hashed (argon2id, as account passwords); null for a public one. */
    privatePwd: text('private_pwd'),
    /** Visible in the list (the admin's switch). */
    status: boolean('status').notNull().default(true),
    /** The display number; the list is ordered by it. */
    rank: integer('rank').notNull().default(1000),
    categoryId: integer('category_id').references(() => trainingCategory.id),
    isGroup: boolean('is_group').notNull().default(false),
    gid: integer('gid'),
    ...gmt,
  },
  (t) => [index('training_rank_idx').on(t.rank, t.id)],
);

export const trainingProblem = pgTable(
  'training_problem',
  {
    id: serial('id').primaryKey(),
    tid: integer('tid')
      .notNull()
      .references(() => training.id, { onDelete: 'cascade' }),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    /** The problem's display id when it was added. */
    displayId: text('display_id').notNull(),
    rank: integer('rank').notNull().default(0),
    ...gmt,
  },
  (t) => [uniqueIndex('training_problem_tid_pid_idx').on(t.tid, t.pid), index('training_problem_pid_idx').on(t.pid)],
);

export const trainingRegister = pgTable(
  'training_register',
  {
    id: serial('id').primaryKey(),
    tid: integer('tid')
      .notNull()
      .references(() => training.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    status: boolean('status').notNull().default(true),
    ...gmt,
  },
  (t) => [uniqueIndex('training_register_tid_uid_idx').on(t.tid, t.uid), index('training_register_uid_idx').on(t.uid)],
);

export const trainingRecord = pgTable(
  'training_record',
  {
    id: serial('id').primaryKey(),
    tid: integer('tid')
      .notNull()
      .references(() => training.id, { onDelete: 'cascade' }),
    /** The training-problem row. */
    tpid: integer('tpid')
      .notNull()
      .references(() => trainingProblem.id, { onDelete: 'cascade' }),
    pid: integer('pid').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    submitId: integer('submit_id')
      .notNull()
      .references(() => judge.submitId, { onDelete: 'cascade' }),
    ...gmt,
  },
  (t) => [index('training_record_tid_uid_idx').on(t.tid, t.uid), uniqueIndex('training_record_submit_idx').on(t.submitId), index('training_record_uid_pid_idx').on(t.uid, t.pid)],
);

export type TrainingRow = typeof training.$inferSelect;
export type TrainingCategoryRow = typeof trainingCategory.$inferSelect;
export type TrainingProblemRow = typeof trainingProblem.$inferSelect;
