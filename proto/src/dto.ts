// REST bodies, queries and answers (names and fields of the original product). Fastify validates with these;
// the web types its calls with them.
import { Type, type Static } from '@sinclair/typebox';
import { LIMITS } from './constants';
import { JUDGE_CASE_MODES, JUDGE_MODES } from './judge-status';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Bool = Type.Boolean();
/** Query booleans arrive as strings; Fastify coerces 'true'/'false'. */
const QBool = Type.Optional(Type.Boolean());

// ---------- account ----------

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: LIMITS.usernameMax }),
  password: Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax }),
  /** The slide verification answer, required from the 5th failed login (see account.ts `SlideAnswer`). */
  slide: Type.Optional(Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), x: Type.Number() })),
});
export type LoginBody = Static<typeof LoginBody>;

export const UserInfo = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  nickname: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  titleName: Nullable(Type.String()),
  titleColor: Nullable(Type.String()),
  email: Nullable(Type.String()),
  /** Mobile number: absent from older answers. */
  mobile: Type.Optional(Nullable(Type.String())),
  number: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  school: Nullable(Type.String()),
  course: Nullable(Type.String()),
  signature: Nullable(Type.String()),
  realname: Nullable(Type.String()),
  github: Nullable(Type.String()),
  blog: Nullable(Type.String()),
  cfUsername: Nullable(Type.String()),
  roleList: Type.Array(Type.String()),
});
export type UserInfo = Static<typeof UserInfo>;

export const UserAuthInfo = Type.Object({ roles: Type.Array(Type.String()), permissions: Type.Array(Type.String()) });
export type UserAuthInfo = Static<typeof UserAuthInfo>;

export const WebsiteConfig = Type.Object({
  baseUrl: Type.String(),
  name: Type.String(),
  shortName: Type.String(),
  description: Type.String(),
  register: Bool,
  recordName: Type.String(),
  recordUrl: Type.String(),
  projectName: Type.String(),
  projectUrl: Type.String(),
  email: Type.String(),
  openPublicDiscussion: Bool,
  openGroupDiscussion: Bool,
  openContestComment: Bool,
});
export type WebsiteConfig = Static<typeof WebsiteConfig>;

// ---------- languages ----------

export const Language = Type.Object({
  id: Type.Integer(),
  contentType: Type.String(),
  description: Type.String(),
  name: Type.String(),
  compileCommand: Nullable(Type.String()),
  template: Nullable(Type.String()),
  codeTemplate: Nullable(Type.String()),
  isSpj: Bool,
  oj: Type.String(),
  seq: Type.Integer(),
  /** Extension: false when no connected runner has this language's toolchain. */
  available: Type.Optional(Bool),
});
export type Language = Static<typeof Language>;

export const LanguagesQuery = Type.Object({ pid: Type.Optional(Type.Integer()), all: QBool });

// ---------- problems ----------

export const Tag = Type.Object({ id: Type.Integer(), name: Type.String(), color: Nullable(Type.String()), oj: Type.String() });
export type Tag = Static<typeof Tag>;

export const ProblemListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  tagId: Type.Optional(Type.Union([Type.Integer(), Type.Array(Type.Integer()), Type.String()])),
  difficulty: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  oj: Type.Optional(Type.String({ maxLength: 20 })),
});
export type ProblemListQuery = Static<typeof ProblemListQuery>;

/** `PUT /api/submission`: the owner shares (or unshares) a practice submission's code. */
export const ShareSubmissionBody = Type.Object({ submitId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), share: Type.Boolean() });
/** `GET /api/get-last-ac-code`: the numeric problem id, and the contest (0 or absent: practice). */
export const LastAcCodeQuery = Type.Object({ pid: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), cid: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })) });

/** `GET /api/get-random-problem`: `oj` as the list's (absent or `All`: any public problem). */
export const RandomProblemQuery = Type.Object({ oj: Type.Optional(Type.String({ maxLength: 20 })) });

const StatusCounts = {
  total: Type.Integer(),
  ac: Type.Integer(),
  wa: Type.Integer(),
  tle: Type.Integer(),
  mle: Type.Integer(),
  re: Type.Integer(),
  pe: Type.Integer(),
  ce: Type.Integer(),
  se: Type.Integer(),
  pa: Type.Integer(),
};

export const ProblemVO = Type.Object({
  pid: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  difficulty: Type.Integer(),
  type: Type.Integer(),
  tags: Type.Array(Tag),
  ...StatusCounts,
  score: Nullable(Type.Number()),
});
export type ProblemVO = Static<typeof ProblemVO>;

export const ProblemCount = Type.Object({ pid: Type.Integer(), ...StatusCounts });
export type ProblemCount = Static<typeof ProblemCount>;

export const Example = Type.Object({ input: Type.String(), output: Type.String() });

export const Problem = Type.Object({
  id: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  author: Nullable(Type.String()),
  type: Type.Integer(),
  judgeMode: Type.Union(JUDGE_MODES.map((m) => Type.Literal(m))),
  judgeCaseMode: Type.Union(JUDGE_CASE_MODES.map((m) => Type.Literal(m))),
  timeLimit: Type.Integer({ description: 'ms, for C/C++' }),
  memoryLimit: Type.Integer({ description: 'MB, for C/C++' }),
  stackLimit: Type.Integer({ description: 'MB' }),
  description: Type.String(),
  input: Type.String(),
  output: Type.String(),
  examples: Type.Array(Example),
  hint: Nullable(Type.String()),
  source: Nullable(Type.String()),
  difficulty: Type.Integer(),
  auth: Type.Integer(),
  ioScore: Type.Integer(),
  codeShare: Bool,
  isRemoveEndBlank: Bool,
  openCaseResult: Bool,
  isFileIO: Bool,
  ioReadFileName: Nullable(Type.String()),
  ioWriteFileName: Nullable(Type.String()),
  isRemote: Bool,
  gid: Nullable(Type.Integer()),
  userExtraFile: Nullable(Type.Record(Type.String(), Type.String())),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type Problem = Static<typeof Problem>;

export const ProblemDetailQuery = Type.Object({
  problemId: Type.String({ minLength: 1, maxLength: 255 }),
  gid: Type.Optional(Type.Integer()),
  cid: Type.Optional(Type.Integer()),
  /** Opened inside a homework / an exam of a course: its problem, whatever its own visibility (docs/education.md). */
  homeworkId: Type.Optional(Type.Integer()),
  examId: Type.Optional(Type.Integer()),
});
export type ProblemDetailQuery = Static<typeof ProblemDetailQuery>;

export const ProblemInfo = Type.Object({
  problem: Problem,
  tags: Type.Array(Tag),
  languages: Type.Array(Type.String()),
  problemCount: ProblemCount,
  codeTemplate: Type.Record(Type.String(), Type.String()),
});
export type ProblemInfo = Static<typeof ProblemInfo>;

// ---------- submissions ----------

export const SubmitBody = Type.Object({
  pid: Type.Union([Type.String({ minLength: 1 }), Type.Integer()], { description: 'problem display id (problemId)' }),
  language: Type.String({ minLength: 1, maxLength: 50 }),
  code: Type.String({ maxLength: 200_000 }),
  cid: Type.Optional(Type.Integer({ minimum: 0 })),
  tid: Type.Optional(Nullable(Type.Integer())),
  gid: Type.Optional(Nullable(Type.Integer())),
  /** Filed under a homework / an exam of a course (docs/education.md); the server checks the student's class. */
  homeworkId: Type.Optional(Nullable(Type.Integer())),
  examId: Type.Optional(Nullable(Type.Integer())),
  isRemote: QBool,
  captcha: Type.Optional(Type.String()),
});
export type SubmitBody = Static<typeof SubmitBody>;

/** The submission row (HOJ's `Judge`). `code` and `errorMessage` are blanked where the caller may not see them. */
export const Submission = Type.Object({
  submitId: Type.Integer(),
  pid: Type.Integer(),
  displayPid: Type.String(),
  uid: Type.String(),
  username: Type.String(),
  submitTime: Type.String(),
  status: Type.Integer(),
  share: Bool,
  errorMessage: Nullable(Type.String()),
  time: Nullable(Type.Integer({ description: 'ms' })),
  memory: Nullable(Type.Integer({ description: 'KB' })),
  score: Nullable(Type.Integer()),
  length: Type.Integer(),
  code: Nullable(Type.String()),
  language: Type.String(),
  cid: Type.Integer(),
  cpid: Type.Integer(),
  gid: Nullable(Type.Integer()),
  judger: Nullable(Type.String()),
  version: Type.Integer(),
  oiRankScore: Nullable(Type.Integer()),
  isManual: Bool,
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type Submission = Static<typeof Submission>;

export const SubmissionListItem = Type.Object({
  uid: Type.String(),
  submitId: Type.Integer(),
  username: Type.String(),
  pid: Type.Integer(),
  displayPid: Type.String(),
  title: Type.String(),
  displayId: Nullable(Type.String()),
  submitTime: Type.String(),
  status: Type.Integer(),
  share: Bool,
  time: Nullable(Type.Integer()),
  memory: Nullable(Type.Integer()),
  score: Nullable(Type.Integer()),
  oiRankScore: Nullable(Type.Integer()),
  length: Type.Integer(),
  language: Type.String(),
  cid: Type.Integer(),
  cpid: Type.Integer(),
  judger: Nullable(Type.String()),
  isManual: Bool,
  /** Ours: the group whose problem this is (its page is inside the group), null for a site problem. */
  problemGid: Type.Optional(Nullable(Type.Integer())),
});
export type SubmissionListItem = Static<typeof SubmissionListItem>;

export const SubmissionListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  onlyMine: QBool,
  problemID: Type.Optional(Type.String({ maxLength: 255 })),
  status: Type.Optional(Type.Integer()),
  username: Type.Optional(Type.String({ maxLength: 50 })),
  completeProblemID: QBool,
  gid: Type.Optional(Type.Integer()),
});
export type SubmissionListQuery = Static<typeof SubmissionListQuery>;

export const SubmissionDetailQuery = Type.Object({ submitId: Type.Integer({ minimum: 1 }) });

/** `GET /api/get-case-data`: one case's whole input or expected output, as a file. */
export const CaseDataQuery = Type.Object({
  submitId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  caseId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  type: Type.Union([Type.Literal('input'), Type.Literal('output')]),
});
export type CaseDataQuery = Static<typeof CaseDataQuery>;

export const SubmissionInfo = Type.Object({
  submission: Submission,
  codeShare: Bool,
  /** For the owner and admins of a Pending submission: its 1-based place in the judge queue. */
  queuePosition: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type SubmissionInfo = Static<typeof SubmissionInfo>;

export const CheckSubmissionsStatusBody = Type.Object({
  submitIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200 }),
  cid: Type.Optional(Nullable(Type.Integer())),
});
export type CheckSubmissionsStatusBody = Static<typeof CheckSubmissionsStatusBody>;

export const JudgeCase = Type.Object({
  id: Type.Integer(),
  pid: Type.Integer(),
  submitId: Type.Integer(),
  uid: Type.String(),
  caseId: Type.Integer(),
  time: Nullable(Type.Integer()),
  memory: Nullable(Type.Integer()),
  score: Nullable(Type.Integer()),
  status: Type.Integer(),
  /** Test data and the user's output: null unless the caller may see them (owner or admin, and openCaseResult). */
  inputData: Nullable(Type.String()),
  outputData: Nullable(Type.String()),
  /** Full sizes in bytes of the input and expected output (null with the data): the data above is a preview. */
  inputBytes: Type.Optional(Nullable(Type.Integer())),
  outputBytes: Type.Optional(Nullable(Type.Integer())),
  /** The first KiB of the program's output. */
  userOutput: Nullable(Type.String()),
  groupNum: Nullable(Type.Integer()),
  seq: Type.Integer(),
  mode: Type.String(),
});
export type JudgeCase = Static<typeof JudgeCase>;

export const SubtaskCase = Type.Object({
  groupNum: Type.Integer(),
  time: Nullable(Type.Integer()),
  memory: Nullable(Type.Integer()),
  score: Nullable(Type.Integer()),
  status: Type.Integer(),
  ac: Type.Integer(),
  total: Type.Integer(),
  subtaskDetailList: Type.Array(JudgeCase),
});

export const JudgeCaseResult = Type.Object({
  judgeCaseList: Type.Array(JudgeCase),
  subTaskJudgeCaseVoList: Type.Array(SubtaskCase),
  judgeCaseMode: Type.String(),
});
export type JudgeCaseResult = Static<typeof JudgeCaseResult>;
