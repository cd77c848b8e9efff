// Problems: the bank, test cases, languages, code templates, tags.
import { boolean, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

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
    /** A group's own problem (in its lists only, never in the public bank); false again once made public. */
    isGroup: boolean('is_group').notNull().default(false),
    /** A group problem's application to be public: null none, 1 applying, 2 public, 3 refused. */
    applyPublicProgress: integer('apply_public_progress'),
    userExtraFile: jsonb('user_extra_file').$type<Record<string, string>>(),
    /** File name → content given to the checker / interactor only. */
    judgeExtraFile: jsonb('judge_extra_file').$type<Record<string, string>>(),
    /** Checker (judgeMode spj) or interactor (interactive): its language (C, C++, JavaScript) and code. */
    spjLanguage: text('spj_language'),
    spjCode: text('spj_code'),
    /** `testlib` (exit 0/1/2/7) or `kattis` (ICPC output validators and interactors, exit 42/43). */
    checkerProtocol: text('checker_protocol').notNull().default('testlib'),
    /** ICPC default output validator flags (judge mode default); null: the plain comparison. */
    validatorFlags: text('validator_flags'),
    /** Judge mode default without validator flags: the built-in checker (`BUILTIN_CHECKERS` of @oj/proto); `default` is HOJ's. */
    checker: text('checker').notNull().default('default'),
    /** The float checker's tolerances (absolute; relative to the answer's value); both null: 1e-6 each. */
    floatAbsoluteTolerance: doublePrecision('float_absolute_tolerance'),
    floatRelativeTolerance: doublePrecision('float_relative_tolerance'),
    /** OI subtask modes: `[{ groupNum, dependencies }]`, a subtask scoring only when those are passed; null: none. */
    subtaskDependencies: jsonb('subtask_dependencies').$type<{ groupNum: number; dependencies: number[] }[]>(),
    /** Username of the admin who saved the problem last. */
    modifiedUser: text('modified_user'),
    /** Cases come from an uploaded zip (their bytes in the test-data object store, problem_case holds file names). */
    isUploadCase: boolean('is_upload_case').notNull().default(false),
    /** With uploaded cases: the sha256 of the packed case files, the object's name in the store. */
    caseVersion: text('case_version'),
    ...statusCounters,
    ...gmt,
  },
  (t) => [index('problems_auth_idx').on(t.auth), index('problems_gid_idx').on(t.gid, t.id)],
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
    /** Its classification (the tags panel groups by it); null: unclassified. */
    tcid: integer('tcid').references(() => tagClassification.id, { onDelete: 'set null' }),
    ...gmt,
  },
  (t) => [uniqueIndex('tags_name_oj_idx').on(t.name, t.oj)],
);

export const tagClassification = pgTable(
  'tag_classification',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    oj: text('oj').notNull().default('ME'),
    /** Display order, smallest first. */
    rank: integer('rank').notNull().default(0),
    ...gmt,
  },
  (t) => [uniqueIndex('tag_classification_name_oj_idx').on(t.name, t.oj)],
);

/** Programs of an imported ICPC package (`submissions/<verdict>/…`) and, once self-checked, their submission. */
export const packageSubmission = pgTable(
  'package_submission',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    language: text('language').notNull(),
    code: text('code').notNull(),
    /** The package's verdict folder: accepted, wrong_answer, time_limit_exceeded, run_time_error, … */
    expected: text('expected').notNull(),
    /** The submission of the last self-check run. */
    submitId: integer('submit_id'),
    ...gmt,
  },
  (t) => [index('package_submission_pid_idx').on(t.pid)],
);

/** Images and files uploaded for statements (`/api/file/upload-md-img`, `upload-md-file`), served under `/api/public/`. */
export const mdFile = pgTable('md_file', {
  id: serial('id').primaryKey(),
  /** Stored name: a random id plus the extension; the public path's last part. */
  name: text('name').notNull().unique(),
  kind: text('kind').notNull(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  uid: text('uid'),
  gid: integer('gid'),
  ...gmt,
});

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
