// Problems: the bank, test cases, languages, code templates, tags.
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt } from './columns';

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
