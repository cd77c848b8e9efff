// The problem bank's admin calls (`/api/admin/problem…`, `/api/admin/tag…`, the import and export files): the
// original product's paths, parameters and shapes, with the extensions named where they are.
import { Type, type Static } from '@sinclair/typebox';
import { BuiltinCheckerSchema, FloatTolerance, SubtaskDependencies } from './checkers';
import { JUDGE_CASE_MODES, JUDGE_MODES } from './judge-status';
import { Problem, Tag } from './dto';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Text = (max: number) => Type.String({ maxLength: max });
/** File name → content; the original product sends these maps as JSON text. */
const ExtraFiles = Type.Union([Type.Record(Type.String({ maxLength: 255 }), Type.String({ maxLength: 5_000_000 })), Type.String({ maxLength: 10_000_000 }), Type.Null()]);

/**
 * How a checker is called and read: `testlib` (input, user output, answer; testlib's exit codes), `kattis` (an ICPC
 * output validator: exit 42 / 43), `hustoj` (HUSTOJ's special judge: input, answer, user output; exit 0 accepts, any
 * other exit is Wrong Answer), `qduoj` (QDUOJ's special judge: input, user output, the input also on stdin; exit 0
 * accepts, 1 is Wrong Answer, any other exit a System Error). hustoj and qduoj are checkers only, not interactors.
 */
export const CHECKER_PROTOCOLS = ['testlib', 'kattis', 'hustoj', 'qduoj'] as const;
export type CheckerProtocol = (typeof CHECKER_PROTOCOLS)[number];

/** Protocols of another judge's special judge: a compiled checker only (not an interactor, not JavaScript). */
export function isCheckerOnlyProtocol(p: CheckerProtocol | undefined): p is 'hustoj' | 'qduoj' {
  return p === 'hustoj' || p === 'qduoj';
}

/** A stored or sent checker protocol: one of ours, else testlib (the default). */
export function checkerProtocolOf(v: unknown): CheckerProtocol {
  return (CHECKER_PROTOCOLS as readonly unknown[]).includes(v) ? (v as CheckerProtocol) : 'testlib';
}

/** Admin problem list: the original's query plus the type and difficulty filters of the admin page. */
export const AdminProblemListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Text(100)),
  auth: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  /** `ME` (or any non-remote value): our own; a remote key (HDU, CF, …): that judge's; absent or `All`: every problem. */
  oj: Type.Optional(Text(16)),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  difficulty: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
});
export type AdminProblemListQuery = Static<typeof AdminProblemListQuery>;

/** One row of the admin list: the problem and who changed it last. */
export const AdminProblemRow = Type.Object({
  id: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  author: Nullable(Type.String()),
  modifiedUser: Nullable(Type.String()),
  type: Type.Integer(),
  auth: Type.Integer(),
  difficulty: Type.Integer(),
  judgeMode: Type.String(),
  isRemote: Type.Boolean(),
  total: Type.Integer(),
  ac: Type.Integer(),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type AdminProblemRow = Static<typeof AdminProblemRow>;

export const ProblemCasesQuery = Type.Object({ pid: Id, isUpload: Type.Optional(Type.Boolean()) });
export type ProblemCasesQuery = Static<typeof ProblemCasesQuery>;

/** A test case of a problem (manual cases carry their text; uploaded ones the file names in the case set). */
export const ProblemCase = Type.Object({
  id: Type.Optional(Type.Integer()),
  pid: Type.Optional(Type.Integer()),
  input: Type.String({ maxLength: 10_000_000 }),
  output: Type.String({ maxLength: 10_000_000 }),
  score: Type.Optional(Nullable(Type.Integer())),
  groupNum: Type.Optional(Nullable(Type.Integer())),
  status: Type.Optional(Type.Integer()),
});
export type ProblemCase = Static<typeof ProblemCase>;

/** The problem part of the form (`ProblemDTO.problem`). */
export const ProblemForm = Type.Object({
  id: Type.Optional(Id),
  problemId: Text(255),
  title: Text(255),
  description: Text(200_000),
  input: Text(100_000),
  output: Text(100_000),
  hint: Type.Optional(Nullable(Text(100_000))),
  source: Type.Optional(Nullable(Text(1000))),
  author: Type.Optional(Nullable(Text(255))),
  timeLimit: Type.Integer({ minimum: 1, maximum: 60_000 }),
  memoryLimit: Type.Integer({ minimum: 1, maximum: 4096 }),
  stackLimit: Type.Integer({ minimum: 1, maximum: 4096 }),
  difficulty: Type.Integer({ minimum: 0, maximum: 2 }),
  auth: Type.Integer({ minimum: 1, maximum: 3 }),
  type: Type.Integer({ minimum: 0, maximum: 1 }),
  codeShare: Type.Boolean(),
  examples: Type.Array(Type.Object({ input: Text(100_000), output: Text(100_000) }), { maxItems: 50 }),
  judgeMode: Type.Optional(Type.Union(JUDGE_MODES.map((m) => Type.Literal(m)))),
  judgeCaseMode: Type.Optional(Type.Union(JUDGE_CASE_MODES.map((m) => Type.Literal(m)))),
  spjLanguage: Type.Optional(Nullable(Text(64))),
  spjCode: Type.Optional(Nullable(Text(1_000_000))),
  /** Extension: `kattis` for ICPC output validators and interactors (exit 42/43). */
  checkerProtocol: Type.Optional(Type.Union(CHECKER_PROTOCOLS.map((m) => Type.Literal(m)))),
  /** Extension: the ICPC default output validator's flags (judge mode default). */
  validatorFlags: Type.Optional(Nullable(Text(500))),
  /** Extension: the built-in checker of judge mode default (`default`, HOJ's comparison, when absent). */
  checker: Type.Optional(BuiltinCheckerSchema),
  /**
   * Extension: the float checker's absolute and relative tolerances (absent: not used; both absent: 1e-6 each). Not
   * nullable: the body's type coercion would read a null as 0.
   */
  floatAbsoluteTolerance: Type.Optional(FloatTolerance),
  floatRelativeTolerance: Type.Optional(FloatTolerance),
  /** Extension: subtask dependencies of the OI subtask modes, by group number (absent: none). */
  subtaskDependencies: Type.Optional(SubtaskDependencies),
  isRemoveEndBlank: Type.Boolean(),
  openCaseResult: Type.Boolean(),
  isUploadCase: Type.Optional(Type.Boolean()),
  isFileIO: Type.Optional(Type.Boolean()),
  ioReadFileName: Type.Optional(Nullable(Text(255))),
  ioWriteFileName: Type.Optional(Nullable(Text(255))),
  userExtraFile: Type.Optional(ExtraFiles),
  judgeExtraFile: Type.Optional(ExtraFiles),
  isRemote: Type.Optional(Type.Boolean()),
  ioScore: Type.Optional(Type.Integer({ minimum: 0 })),
  gid: Type.Optional(Nullable(Type.Integer())),
});
export type ProblemForm = Static<typeof ProblemForm>;

/** A tag of the form: an existing one by id, or a new one by name (created on save). */
export const ProblemFormTag = Type.Object({ id: Type.Optional(Type.Integer()), name: Type.String({ minLength: 1, maxLength: 64 }), color: Type.Optional(Nullable(Type.String({ maxLength: 32 }))) });
export const ProblemFormLanguage = Type.Object({ id: Type.Optional(Type.Integer()), name: Type.String({ minLength: 1, maxLength: 64 }) });
export const ProblemFormTemplate = Type.Object({ lid: Type.Integer(), code: Type.String({ maxLength: 200_000 }), status: Type.Boolean() });

/** `ProblemDTO`: the body of create and edit. */
export const ProblemDTO = Type.Object({
  problem: ProblemForm,
  samples: Type.Optional(Type.Array(ProblemCase, { maxItems: 500 })),
  isUploadTestCase: Type.Optional(Type.Boolean()),
  /** The case-set version answered by `upload-testcase-zip` (`fileListDir`). */
  uploadTestcaseDir: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  judgeMode: Type.Optional(Type.Union(JUDGE_MODES.map((m) => Type.Literal(m)))),
  changeModeCode: Type.Optional(Type.Boolean()),
  changeJudgeCaseMode: Type.Optional(Type.Boolean()),
  languages: Type.Array(ProblemFormLanguage, { maxItems: 100 }),
  tags: Type.Optional(Type.Array(ProblemFormTag, { maxItems: 50 })),
  codeTemplates: Type.Optional(Type.Array(ProblemFormTemplate, { maxItems: 100 })),
});
export type ProblemDTO = Static<typeof ProblemDTO>;

/** `GET /api/admin/problem`: the problem with what the form needs (extensions beyond the original `Problem`). */
export const AdminProblemDetail = Type.Composite([
  Problem,
  Type.Object({
    spjLanguage: Nullable(Type.String()),
    spjCode: Nullable(Type.String()),
    checkerProtocol: Type.String(),
    validatorFlags: Nullable(Type.String()),
    checker: BuiltinCheckerSchema,
    floatAbsoluteTolerance: Nullable(Type.Number()),
    floatRelativeTolerance: Nullable(Type.Number()),
    subtaskDependencies: Nullable(SubtaskDependencies),
    judgeExtraFile: Nullable(Type.Record(Type.String(), Type.String())),
    isUploadCase: Type.Boolean(),
    caseVersion: Nullable(Type.String()),
    modifiedUser: Nullable(Type.String()),
    tags: Type.Array(Tag),
    languages: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
    codeTemplates: Type.Array(Type.Object({ lid: Type.Integer(), code: Type.String(), status: Type.Boolean() })),
    /** Programs of an imported ICPC package, for the self-check. */
    packageSubmissions: Type.Integer(),
  }),
]);
export type AdminProblemDetail = Static<typeof AdminProblemDetail>;

export const ChangeProblemAuthBody = Type.Object({ id: Id, auth: Type.Integer({ minimum: 1, maximum: 3 }) });
export type ChangeProblemAuthBody = Static<typeof ChangeProblemAuthBody>;

/** `CompileDTO` of compile-spj / compile-interactive. */
export const CompileDTO = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 1_000_000 }),
  language: Type.String({ minLength: 1, maxLength: 64 }),
  pid: Type.Optional(Nullable(Type.Integer())),
  extraFiles: Type.Optional(ExtraFiles),
  checkerProtocol: Type.Optional(Type.Union(CHECKER_PROTOCOLS.map((m) => Type.Literal(m)))),
});
export type CompileDTO = Static<typeof CompileDTO>;

// ---------- tags ----------


export const AdminTag = Type.Composite([Tag, Type.Object({ tcid: Nullable(Type.Integer()) })]);
export type AdminTag = Static<typeof AdminTag>;

export const TagBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  color: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  oj: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
  tcid: Type.Optional(Nullable(Type.Integer())),
});
export type TagBody = Static<typeof TagBody>;

export const TagClassificationBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  oj: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
  rank: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export type TagClassificationBody = Static<typeof TagClassificationBody>;

export const TidQuery = Type.Object({ tid: Id });
export const TcidQuery = Type.Object({ tcid: Id });

// ---------- import and export ----------

/** A note on one imported problem: something not carried over, or advice to check what was. */
export const ImportWarning = Type.Object({
  problemId: Type.String(),
  /** Stable code, one of IMPORT_WARNINGS (import-warnings.ts); a client shows its own text for it (web: `import.warn.<code>`). */
  code: Type.String(),
  /** The values the code's text names (`{name}`); lists are joined into one string. */
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  /** The same note as an English sentence (for API clients, logs, and codes a client does not know). */
  message: Type.String(),
});
export type ImportWarning = Static<typeof ImportWarning>;

/** Answer of every import: the new problems (extension; the original answered null) and notes on the import. */
export const ImportResult = Type.Object({
  problems: Type.Array(Type.Object({ id: Type.Integer(), problemId: Type.String(), title: Type.String(), cases: Type.Integer(), submissions: Type.Integer() })),
  warnings: Type.Array(ImportWarning),
});
export type ImportResult = Static<typeof ImportResult>;

export const ExportProblemQuery = Type.Object({ pid: Type.Union([Id, Type.Array(Id, { minItems: 1, maxItems: 500 })]) });
export type ExportProblemQuery = Static<typeof ExportProblemQuery>;

/** Query of the imports: a client-chosen key under which the import's progress is pushed on the caller's `user` topic. */
export const ImportQuery = Type.Object({ progressKey: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$' })) });
export type ImportQuery = Static<typeof ImportQuery>;

/** `import.progress` on the importer's `user` topic: which step of the import is running. */
export const ImportProgress = Type.Object({
  key: Type.String(),
  phase: Type.Union([Type.Literal('reading'), Type.Literal('compiling'), Type.Literal('storing'), Type.Literal('writing'), Type.Literal('done'), Type.Literal('failed')]),
  done: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
  /** The problem being worked on. */
  title: Type.Optional(Type.String()),
});
export type ImportProgress = Static<typeof ImportProgress>;

// ---------- package self-check ----------

/**
 * What a package program is expected to get, named as an ICPC package's `submissions/<folder>/` (a reader maps other
 * spellings onto these): the importers, our export, the self-check's rule and its page share this list.
 */
export const EXPECTED_VERDICTS = ['accepted', 'wrong_answer', 'time_limit_exceeded', 'run_time_error', 'memory_limit_exceeded', 'output_limit_exceeded', 'compile_error', 'rejected'] as const;
export type ExpectedVerdict = (typeof EXPECTED_VERDICTS)[number];

export function isExpectedVerdict(v: unknown): v is ExpectedVerdict {
  return (EXPECTED_VERDICTS as readonly unknown[]).includes(v);
}

export const SelfCheckRow = Type.Object({
  id: Type.Integer(),
  path: Type.String(),
  language: Type.String(),
  expected: Type.String(),
  submitId: Nullable(Type.Integer()),
  status: Nullable(Type.Integer()),
  time: Nullable(Type.Integer()),
  /** Whether the verdict is the one the package expects (null while judging). */
  matches: Nullable(Type.Boolean()),
});
export type SelfCheckRow = Static<typeof SelfCheckRow>;

export const SelfCheckView = Type.Object({
  pid: Type.Integer(),
  timeLimit: Type.Integer(),
  rows: Type.Array(SelfCheckRow),
  /** The slowest accepted program's time (ms), against the limit. */
  slowestAccepted: Nullable(Type.Integer()),
});
export type SelfCheckView = Static<typeof SelfCheckView>;

// ---------- markdown files ----------

export const UploadMdQuery = Type.Object({ gid: Type.Optional(Type.Integer()) });
export const DeleteMdImgQuery = Type.Object({ fileId: Id });
export const MD_FILE_MAX_BYTES = 16 * 1024 * 1024;
export const MD_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
