// Contests: the contest, its problems, registrations, records, AC helper, announcements and prints.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt } from './columns';
import { users } from './accounts';
import { problems } from './problems';

export const contest = pgTable(
  'contest',
  {
    id: serial('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid),
    author: text('author'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** 0 ACM, 1 OI. */
    type: integer('type').notNull().default(0),
    source: integer('source').notNull().default(0),
    /** 0 public, 1 private, 2 protected. */
    auth: integer('auth').notNull().default(0),
    pwd: text('pwd'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** Seconds (end − start). */
    duration: integer('duration').notNull(),
    sealRank: boolean('seal_rank').notNull().default(false),
    sealRankTime: timestamp('seal_rank_time', { withTimezone: true }),
    autoRealRank: boolean('auto_real_rank').notNull().default(true),
    visible: boolean('visible').notNull().default(true),
    openPrint: boolean('open_print').notNull().default(false),
    openRank: boolean('open_rank').notNull().default(false),
    /** username, realname or nickname. */
    rankShowName: text('rank_show_name').notNull().default('username'),
    openAccountLimit: boolean('open_account_limit').notNull().default(false),
    /** Tagged string (see proto AccountLimitRule). */
    accountLimitRule: text('account_limit_rule'),
    starAccount: jsonb('star_account').$type<string[]>().notNull().default([]),
    oiRankScoreType: text('oi_rank_score_type').notNull().default('Recent'),
    awardType: integer('award_type').notNull().default(0),
    awardConfig: jsonb('award_config')
      .$type<{ priority: number; name: string; background: string; color: string; num: number }[]>()
      .notNull()
      .default([]),
    allowEndSubmit: boolean('allow_end_submit').notNull().default(false),
    gid: integer('gid'),
    /** Imported from a CLICS event feed: read-only. */
    imported: boolean('imported').notNull().default(false),
    /**
     * Bumped once per change of the contest's records (verdict, rejudge, import) or board rules, inside the
     * writer's transaction: a process's in-memory board projection is current iff it has seen this version.
     */
    boardVersion: integer('board_version').notNull().default(0),
    /**
     * The contest clock (contest-clock.ts): the last phase pushed as `contest.status` (−1 never looked at,
     * 0 scheduled, 1 running, 2 sealed, 3 ended) and when the next phase boundary is due (null: none left).
     * A process claims a boundary with a compare-and-set on `announced_phase`, so N processes send it once.
     */
    announcedPhase: integer('announced_phase').notNull().default(-1),
    nextPhaseAt: timestamp('next_phase_at', { withTimezone: true }).defaultNow(),
    ...gmt,
  },
  (t) => [index('contest_start_idx').on(t.startTime), index('contest_next_phase_idx').on(t.nextPhaseAt)],
);

export const contestProblem = pgTable(
  'contest_problem',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id),
    displayId: text('display_id').notNull(),
    displayTitle: text('display_title').notNull(),
    /** Balloon colour. */
    color: text('color'),
    ...gmt,
  },
  (t) => [uniqueIndex('contest_problem_cid_display_uq').on(t.cid, t.displayId), uniqueIndex('contest_problem_cid_pid_uq').on(t.cid, t.pid)],
);

export const contestRegister = pgTable(
  'contest_register',
  {
    cid: integer('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    ...gmt,
  },
  (t) => [primaryKey({ columns: [t.cid, t.uid] })],
);

/**
 * One judged (or pending, status null) submission of a contest as the scoreboard sees it: the board's only
 * input. Native contests get one per judge row (upserted by the ingester with the verdict); imported contests
 * get the feed's submissions (submit_id null).
 */
export const contestRecord = pgTable(
  'contest_record',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    pid: integer('pid'),
    displayId: text('display_id').notNull(),
    submitId: integer('submit_id').unique(),
    /** Judge status code; null while not judged. */
    status: integer('status'),
    /** Whole seconds from the contest start (0 if before). */
    time: integer('time').notNull(),
    submitTime: timestamp('submit_time', { withTimezone: true }).notNull(),
    score: integer('score'),
    /** Run time, ms. */
    useTime: integer('use_time'),
    /** Language name as submitted (event-feed export). */
    language: text('language'),
    /** External id of an imported submission. */
    externalId: text('external_id'),
    ...gmt,
  },
  (t) => [
    index('contest_record_cid_idx').on(t.cid, t.time),
    // The pending records of a contest (the problem counts add them to the board projection's judged ones).
    index('contest_record_pending_idx').on(t.cid).where(sql`${t.status} is null`),
  ],
);

/** The AC helper: the first AC of a user on a problem (balloons). */
export const contestAcInfo = pgTable(
  'contest_ac_info',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    displayId: text('display_id').notNull(),
    submitId: integer('submit_id').notNull(),
    time: integer('time').notNull(),
    submitTime: timestamp('submit_time', { withTimezone: true }).notNull(),
    firstBlood: boolean('first_blood').notNull().default(false),
    checked: boolean('checked').notNull().default(false),
    ...gmt,
  },
  (t) => [uniqueIndex('contest_ac_info_cell_uq').on(t.cid, t.uid, t.displayId)],
);

export const contestAnnouncement = pgTable(
  'contest_announcement',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** 0 visible, 1 hidden. */
    status: integer('status').notNull().default(0),
    ...gmt,
  },
  (t) => [index('contest_announcement_cid_idx').on(t.cid)],
);

/** Announcements a user has seen (the fallback poll's `readAnnouncementList`, kept on the server too). */
export const contestAnnouncementRead = pgTable(
  'contest_announcement_read',
  {
    cid: integer('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    aid: integer('aid')
      .notNull()
      .references(() => contestAnnouncement.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.uid, t.aid] })],
);

export const contestPrint = pgTable(
  'contest_print',
  {
    id: serial('id').primaryKey(),
    cid: integer('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** 0 not printed, 1 printed. */
    status: integer('status').notNull().default(0),
    ...gmt,
  },
  (t) => [index('contest_print_cid_idx').on(t.cid, t.status)],
);
