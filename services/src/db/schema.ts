// The drizzle schema of the services (snake_case tables). Migrations under `services/drizzle/` are generated
// from this file with `pnpm --filter @oj/services db:generate`; keep it free of workspace imports for drizzle-kit.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const gmt = {
  gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
};

// ---------- accounts ----------

export const users = pgTable('users', {
  uuid: text('uuid').primaryKey(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
  email: text('email').unique(),
  /** Mobile number; null until set. */
  mobile: text('mobile'),
  nickname: text('nickname'),
  realname: text('realname'),
  school: text('school'),
  course: text('course'),
  number: text('number'),
  gender: text('gender'),
  signature: text('signature'),
  github: text('github'),
  blog: text('blog'),
  cfUsername: text('cf_username'),
  avatar: text('avatar'),
  titleName: text('title_name'),
  titleColor: text('title_color'),
  /** 0 ok, 1 banned. */
  status: integer('status').notNull().default(0),
  ...gmt,
});

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  role: text('role').notNull().unique(),
  description: text('description'),
  status: integer('status').notNull().default(0),
  ...gmt,
});

export const userRole = pgTable(
  'user_role',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    ...gmt,
  },
  (t) => [primaryKey({ columns: [t.uid, t.roleId] })],
);

export const revokedSession = pgTable('revoked_session', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Failed logins per username + ip (20 failures lock the pair for 30 minutes). */
export const loginFailure = pgTable(
  'login_failure',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    count: integer('count').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] })],
);

// ---------- problems ----------

const statusCounters = {
  total: integer('total').notNull().default(0),
  ac: integer('ac').notNull().default(0),
  wa: integer('wa').notNull().default(0),
  tle: integer('tle').notNull().default(0),
  mle: integer('mle').notNull().default(0),
  re: integer('re').notNull().default(0),
  pe: integer('pe').notNull().default(0),
  ce: integer('ce').notNull().default(0),
  se: integer('se').notNull().default(0),
  pa: integer('pa').notNull().default(0),
};

export const problems = pgTable(
  'problems',
  {
    id: serial('id').primaryKey(),
    problemId: text('problem_id').notNull().unique(),
    title: text('title').notNull(),
    author: text('author'),
    type: integer('type').notNull().default(0),
    judgeMode: text('judge_mode').notNull().default('default'),
    judgeCaseMode: text('judge_case_mode').notNull().default('default'),
    timeLimit: integer('time_limit').notNull().default(1000),
    memoryLimit: integer('memory_limit').notNull().default(256),
    stackLimit: integer('stack_limit').notNull().default(128),
    description: text('description').notNull().default(''),
    input: text('input').notNull().default(''),
    output: text('output').notNull().default(''),
    examples: jsonb('examples').$type<{ input: string; output: string }[]>().notNull().default([]),
    hint: text('hint'),
    source: text('source'),
    difficulty: integer('difficulty').notNull().default(0),
    /** 1 public, 2 private, 3 contest only. */
    auth: integer('auth').notNull().default(1),
    ioScore: integer('io_score').notNull().default(100),
    codeShare: boolean('code_share').notNull().default(true),
    isRemoveEndBlank: boolean('is_remove_end_blank').notNull().default(true),
    openCaseResult: boolean('open_case_result').notNull().default(true),
    isFileIO: boolean('is_file_io').notNull().default(false),
    ioReadFileName: text('io_read_file_name'),
    ioWriteFileName: text('io_write_file_name'),
    isRemote: boolean('is_remote').notNull().default(false),
    gid: integer('gid'),
    userExtraFile: jsonb('user_extra_file').$type<Record<string, string>>(),
    /** File name → content given to the checker / interactor only. */
    judgeExtraFile: jsonb('judge_extra_file').$type<Record<string, string>>(),
    /** Checker (judgeMode spj) or interactor (interactive): its language (C, C++, JavaScript) and code. */
    spjLanguage: text('spj_language'),
    spjCode: text('spj_code'),
    /** Cases come from an uploaded zip (their bytes in the test-data object store, problem_case holds file names). */
    isUploadCase: boolean('is_upload_case').notNull().default(false),
    /** With uploaded cases: the sha256 of the packed case files, the object's name in the store. */
    caseVersion: text('case_version'),
    ...statusCounters,
    ...gmt,
  },
  (t) => [index('problems_auth_idx').on(t.auth)],
);

export const problemCase = pgTable(
  'problem_case',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    input: text('input').notNull(),
    output: text('output').notNull(),
    score: integer('score').notNull().default(0),
    groupNum: integer('group_num'),
    seq: integer('seq').notNull(),
    ...gmt,
  },
  (t) => [index('problem_case_pid_idx').on(t.pid, t.seq)],
);

export const languages = pgTable(
  'languages',
  {
    id: serial('id').primaryKey(),
    contentType: text('content_type').notNull(),
    description: text('description').notNull(),
    name: text('name').notNull(),
    compileCommand: text('compile_command'),
    template: text('template'),
    codeTemplate: text('code_template'),
    isSpj: boolean('is_spj').notNull().default(false),
    oj: text('oj').notNull(),
    seq: integer('seq').notNull().default(0),
    ...gmt,
  },
  (t) => [uniqueIndex('languages_name_oj_idx').on(t.name, t.oj)],
);

export const problemLanguage = pgTable(
  'problem_language',
  {
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    lid: integer('lid')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pid, t.lid] })],
);

export const codeTemplate = pgTable(
  'code_template',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    lid: integer('lid')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    status: boolean('status').notNull().default(true),
    ...gmt,
  },
  (t) => [uniqueIndex('code_template_pid_lid_idx').on(t.pid, t.lid)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color'),
    oj: text('oj').notNull().default('ME'),
    ...gmt,
  },
  (t) => [uniqueIndex('tags_name_oj_idx').on(t.name, t.oj)],
);

export const problemTag = pgTable(
  'problem_tag',
  {
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    tid: integer('tid')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pid, t.tid] })],
);

// ---------- submissions ----------

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

// ---------- push ----------

export const pushTopic = pgTable('push_topic', {
  topic: text('topic').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});

export const pushEvent = pgTable(
  'push_event',
  {
    topic: text('topic').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    event: text('event').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topic, t.seq] }), index('push_event_created_idx').on(t.createdAt)],
);

// ---------- home ----------

/** Site announcements of the home page (markdown content); status 0 shown, 1 hidden. */
export const announcement = pgTable(
  'announcement',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    uid: text('uid').references(() => users.uuid, { onDelete: 'set null' }),
    status: integer('status').notNull().default(0),
    ...gmt,
  },
  (t) => [index('announcement_status_idx').on(t.status, t.id)],
);

// ---------- account mail, captchas, avatars ----------

/** Emailed codes: one live code per (purpose, email). `sentAt` enforces the resend wait server-side. */
export const emailCode = pgTable(
  'email_code',
  {
    purpose: text('purpose').notNull(), // register | reset | change_email
    email: text('email').notNull(),
    code: text('code').notNull(),
    uid: text('uid'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.email] })],
);

/** Every mail the site sends; `sent` is true when SMTP accepted it (otherwise only admins read it here). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('body').notNull(),
  sent: boolean('sent').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-use captchas: `image` (reset dialog, answer text) and `slide` (login, answer the gap's x). */
export const captcha = pgTable('captcha', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Uploaded avatars, served at `/api/public/img/<name>` (kept in the database so every gateway serves them). */
export const avatarFile = pgTable('avatar_file', {
  name: text('name').primaryKey(),
  uid: text('uid')
    .notNull()
    .references(() => users.uuid, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  dataB64: text('data_b64').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------- discussions, comments, messages ----------

export const discussion = pgTable('discussion', {
  id: serial('id').primaryKey(),
  uid: text('uid')
    .notNull()
    .references(() => users.uuid, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  content: text('content').notNull(),
  viewNum: integer('view_num').notNull().default(0),
  likeNum: integer('like_num').notNull().default(0),
  commentNum: integer('comment_num').notNull().default(0),
  ...gmt,
});

export const comment = pgTable(
  'comment',
  {
    id: serial('id').primaryKey(),
    did: integer('did').references(() => discussion.id, { onDelete: 'cascade' }),
    cid: integer('cid'),
    fromUid: text('from_uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    likeNum: integer('like_num').notNull().default(0),
    ...gmt,
  },
  (t) => [index('comment_did_idx').on(t.did), index('comment_cid_idx').on(t.cid)],
);

export const reply = pgTable(
  'reply',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comment.id, { onDelete: 'cascade' }),
    fromUid: text('from_uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    toUid: text('to_uid').notNull(),
    content: text('content').notNull(),
    ...gmt,
  },
  (t) => [index('reply_comment_idx').on(t.commentId)],
);

export const commentLike = pgTable(
  'comment_like',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comment.id, { onDelete: 'cascade' }),
    ...gmt,
  },
  (t) => [primaryKey({ columns: [t.uid, t.commentId] })],
);

/** A user's Discuss / Reply / Like message: someone acted on their content. `state` true once read. */
export const userMsg = pgTable(
  'user_msg',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    sourceId: integer('source_id').notNull(),
    sourceType: text('source_type').notNull(),
    sourceContent: text('source_content').notNull(),
    quoteId: integer('quote_id'),
    quoteType: text('quote_type'),
    quoteContent: text('quote_content'),
    state: boolean('state').notNull().default(false),
    ...gmt,
  },
  (t) => [index('user_msg_recipient_idx').on(t.recipientId, t.action, t.state)],
);

/** An admin notice; `Sys` goes to everyone, `Single` to one user (their Mine tab). */
export const adminNotice = pgTable('admin_notice', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  type: text('type').notNull(),
  adminId: text('admin_id').notNull(),
  recipientId: text('recipient_id'),
  ...gmt,
});

/** One user's copy of an admin notice, with its read state. */
export const userNotice = pgTable(
  'user_notice',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => adminNotice.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    /** `Sys` or `Mine`. */
    type: text('type').notNull(),
    state: boolean('state').notNull().default(false),
    ...gmt,
  },
  (t) => [index('user_notice_recipient_idx').on(t.recipientId, t.type, t.state)],
);

// ---------- contests ----------

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
