// Submissions: judge rows and their cases, the judge outbox, online tests.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt } from './columns';
import { users } from './accounts';
import { problems } from './problems';

export const judge = pgTable(
  'judge',
  {
    submitId: serial('submit_id').primaryKey(),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id),
    displayPid: text('display_pid').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid),
    username: text('username').notNull(),
    submitTime: timestamp('submit_time', { withTimezone: true }).notNull().defaultNow(),
    status: integer('status').notNull(),
    share: boolean('share').notNull().default(false),
    errorMessage: text('error_message'),
    time: integer('time'),
    memory: integer('memory'),
    score: integer('score'),
    length: integer('length').notNull(),
    code: text('code').notNull(),
    language: text('language').notNull(),
    cid: integer('cid').notNull().default(0),
    cpid: integer('cpid').notNull().default(0),
    gid: integer('gid'),
    judger: text('judger'),
    ip: text('ip'),
    /** Judge attempt; bumped on rejudge. Events of another version are ignored. */
    version: integer('version').notNull().default(1),
    oiRankScore: integer('oi_rank_score'),
    isManual: boolean('is_manual').notNull().default(false),
    /** The final status already counted in the problem's counters (null: not counted yet). */
    countedStatus: integer('counted_status'),
    casesTotal: integer('cases_total').notNull().default(0),
    casesDone: integer('cases_done').notNull().default(0),
    /** Last time a judge event moved this submission; the stall watchdog reads it. */
    progressAt: timestamp('progress_at', { withTimezone: true }).notNull().defaultNow(),
    /** How often the stall watchdog re-enqueued the job. */
    requeues: integer('requeues').notNull().default(0),
    /** Queue lane of the current judge attempt (contest, practice, rejudge): orders the queue position. */
    lane: text('lane').notNull().default('practice'),
    /**
     * The current delivery of this version (docs/judge.md, "Fencing"): the newest (requeue, delivery) whose event was
     * stored. Events of an older delivery are ignored; a newer one takes over and starts the cases afresh.
     */
    attemptRequeue: integer('attempt_requeue').notNull().default(0),
    attemptDelivery: integer('attempt_delivery').notNull().default(0),
    ...gmt,
  },
  (t) => [
    index('judge_uid_idx').on(t.uid, t.submitId),
    index('judge_pid_idx').on(t.pid),
    index('judge_in_progress_idx')
      .on(t.progressAt)
      .where(sql`status in (5, 6, 7)`),
  ],
);

export const judgeCase = pgTable(
  'judge_case',
  {
    id: serial('id').primaryKey(),
    submitId: integer('submit_id')
      .notNull()
      .references(() => judge.submitId, { onDelete: 'cascade' }),
    pid: integer('pid').notNull(),
    uid: text('uid').notNull(),
    caseId: integer('case_id').notNull(),
    status: integer('status').notNull(),
    time: integer('time'),
    memory: integer('memory'),
    score: integer('score'),
    groupNum: integer('group_num'),
    seq: integer('seq').notNull(),
    mode: text('mode').notNull().default('default'),
    userOutput: text('user_output'),
    message: text('message'),
    ...gmt,
  },
  (t) => [uniqueIndex('judge_case_submit_case_idx').on(t.submitId, t.caseId)],
);

/** Judge jobs written in the submit transaction and sent to the bus after commit (transactional outbox). */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    submitId: integer('submit_id')
      .notNull()
      .references(() => judge.submitId, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    lane: text('lane').notNull(),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.id)
      .where(sql`sent_at is null`),
  ],
);

/** Online test runs (`submit-problem-test-judge`): kept 10 minutes, the finished result readable once. */
export const testJudge = pgTable(
  'test_judge',
  {
    key: text('key').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    pid: integer('pid').notNull(),
    status: integer('status').notNull(),
    /** The TestJudgeResult once the runner answered. */
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('test_judge_expires_idx').on(t.expiresAt)],
);

/** A submission row (table `judge`). */
export type JudgeRow = typeof judge.$inferSelect;
