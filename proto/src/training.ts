// Trainings: ordered problem sets with a progress bar and a rank (the original product's calls and shapes, plus the
// live events of `training:<tid>`). docs/trainings.md says how they are administered.
import { Type, type Static } from '@sinclair/typebox';
import { INT4_MAX, Id, Nullable, PageQuery } from './contest/common';
import { ProblemVO } from './dto';
import { Page } from './envelope';

/** Training auth, as the original product spells it. */
export const TRAINING_AUTH = { PUBLIC: 'Public', PRIVATE: 'Private' } as const;
export type TrainingAuth = (typeof TRAINING_AUTH)[keyof typeof TRAINING_AUTH];
const Auth = Type.Union([Type.Literal(TRAINING_AUTH.PUBLIC), Type.Literal(TRAINING_AUTH.PRIVATE)]);

/** Page sizes and limits of the specification (§ business constants). */
export const TRAINING_LIMITS = {
  listPageSize: 15,
  rankPageSize: 30,
  /** Sizes of the add-from-public dialog of the admin's problem list. */
  publicProblemPageSizes: [10, 30, 50, 100],
  rankMin: 0,
  rankMax: INT4_MAX,
  defaultRank: 1000,
  titleMax: 255,
  descriptionMax: 65_535,
  passwordMax: 100,
  categoryNameMax: 50,
  /** A training holds at most this many problems (one rank column each). */
  maxProblems: 500,
  /** The rank screen re-reads its page this long (at most) after a pushed change, spread so viewers do not all ask at once. */
  rankReloadMaxDelayMs: 2_000,
} as const;

/** Progress colour steps (percent solved): below 20, 40, 60, 80, and from 80 up to 100. */
export const TRAINING_PROGRESS_COLORS = ['#909399', '#e6a23c', '#6f7ad3', '#1989fa', '#5cb87a'] as const;

/** The progress bar's colour for `ac` of `total` solved: a step every 20 %. */
export function trainingProgressColor(ac: number, total: number): string {
  const pct = total > 0 ? (ac / total) * 100 : 0;
  const step = Math.min(TRAINING_PROGRESS_COLORS.length - 1, Math.max(0, Math.floor(pct / 20)));
  return TRAINING_PROGRESS_COLORS[step]!;
}

const Color = Type.String({ maxLength: 32, pattern: '^#[0-9a-fA-F]{3,8}$' });

// ---------- categories ----------

export const TrainingCategory = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String(), gid: Nullable(Type.Integer()) });
export type TrainingCategory = Static<typeof TrainingCategory>;

/** `POST|PUT /api/admin/training/category` (`id` on an edit; `gid` is for group trainings, which do not exist yet). */
export const TrainingCategoryBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ maxLength: TRAINING_LIMITS.categoryNameMax }),
  color: Color,
  gid: Type.Optional(Nullable(Type.Integer())),
});
export type TrainingCategoryBody = Static<typeof TrainingCategoryBody>;

/** `DELETE /api/admin/training/category?cid=` (the category's id). */
export const TrainingCategoryIdQuery = Type.Object({ cid: Id });

// ---------- the users' side ----------

/** `GET /api/get-training-list`. */
export const TrainingListQuery = Type.Object({
  ...PageQuery,
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  categoryId: Type.Optional(Type.Integer({ minimum: 1, maximum: INT4_MAX })),
  auth: Type.Optional(Auth),
});
export type TrainingListQuery = Static<typeof TrainingListQuery>;

/** A training as the list and the details show it. `acCount` is null for a logged-out caller (progress hidden). */
export const TrainingVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  author: Nullable(Type.String()),
  auth: Auth,
  categoryId: Nullable(Type.Integer()),
  categoryName: Nullable(Type.String()),
  categoryColor: Nullable(Type.String()),
  rank: Type.Integer(),
  problemCount: Type.Integer(),
  acCount: Nullable(Type.Integer()),
  gid: Nullable(Type.Integer()),
  gmtModified: Type.String(),
});
export type TrainingVO = Static<typeof TrainingVO>;

/**
 * `GET /api/get-training-detail`: the TrainingVO plus (our extension) what the details page needs at once: whether the
 * caller may open the problems and the rank (`access`), whether they administer the training (`admin`), and the seq
 * of `training:<tid>` this answer was read at (the live hook replays what came after it).
 */
export const TrainingDetail = Type.Object({
  ...TrainingVO.properties,
  access: Type.Boolean(),
  admin: Type.Boolean(),
  seq: Type.Integer({ minimum: 0 }),
});
export type TrainingDetail = Static<typeof TrainingDetail>;

export const TrainingIdQuery = Type.Object({ tid: Id });
export type TrainingIdQuery = Static<typeof TrainingIdQuery>;

export const RegisterTrainingBody = Type.Object({ tid: Id, password: Type.Optional(Type.String({ maxLength: TRAINING_LIMITS.passwordMax })) });
export type RegisterTrainingBody = Static<typeof RegisterTrainingBody>;

/** One problem of the training problem list: the ProblemVO, its rank number and the caller's status. */
export const TrainingProblemVO = Type.Object({
  ...ProblemVO.properties,
  rank: Type.Integer(),
  /** 0 ever accepted, else the latest verdict; −10 never submitted (practice submissions, the training's included). */
  myStatus: Type.Integer(),
});
export type TrainingProblemVO = Static<typeof TrainingProblemVO>;

/** `GET /api/get-training-rank`. */
export const TrainingRankQuery = Type.Object({
  tid: Id,
  ...PageQuery,
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
});
export type TrainingRankQuery = Static<typeof TrainingRankQuery>;

/** One problem's cell: 0 with the best accepted run time, else the latest verdict and its run time. */
export const TrainingCell = Type.Object({ status: Type.Integer(), runTime: Nullable(Type.Integer()) });
export type TrainingCell = Static<typeof TrainingCell>;

export const TrainingRankVO = Type.Object({
  /** Position in the whole rank (search keeps it). */
  rank: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
  /** Shown to the training's admins only (null for everyone else). */
  realname: Nullable(Type.String()),
  nickname: Nullable(Type.String()),
  school: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  ac: Type.Integer(),
  /** Sum of the best accepted run time (ms) of each solved problem. */
  totalRunTime: Type.Integer(),
  /** Problem display id → cell (only problems the user submitted). */
  submissionInfo: Type.Record(Type.String(), TrainingCell),
});
export type TrainingRankVO = Static<typeof TrainingRankVO>;

/** A column of the rank: a problem of the training, in rank order. */
export const TrainingRankProblem = Type.Object({ pid: Type.Integer(), problemId: Type.String(), title: Type.String() });
export type TrainingRankProblem = Static<typeof TrainingRankProblem>;

/** Page<TrainingRankVO> plus (our extension) the columns, so the rank needs one call. */
export const TrainingRankPage = Type.Object({ ...Page(TrainingRankVO).properties, problems: Type.Array(TrainingRankProblem) });
export type TrainingRankPage = Static<typeof TrainingRankPage>;

// ---------- the admin side ----------

export const AdminTrainingListQuery = Type.Object({ ...PageQuery, keyword: Type.Optional(Type.String({ maxLength: 100 })) });
export type AdminTrainingListQuery = Static<typeof AdminTrainingListQuery>;

/** The Training entity without its password (stored hashed, never shown back: `pwdSet` says whether one is set). */
export const AdminTrainingVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  author: Nullable(Type.String()),
  uid: Type.String(),
  auth: Auth,
  pwdSet: Type.Boolean(),
  /** Visible in the list. */
  status: Type.Boolean(),
  rank: Type.Integer(),
  gid: Nullable(Type.Integer()),
  isGroup: Type.Boolean(),
  categoryId: Nullable(Type.Integer()),
  categoryName: Nullable(Type.String()),
  categoryColor: Nullable(Type.String()),
  problemCount: Type.Integer(),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type AdminTrainingVO = Static<typeof AdminTrainingVO>;

/** `GET /api/admin/training`: TrainingDTO {training, trainingCategory}. */
export const AdminTrainingDTO = Type.Object({ training: AdminTrainingVO, trainingCategory: Nullable(TrainingCategory) });
export type AdminTrainingDTO = Static<typeof AdminTrainingDTO>;

/**
 * `POST|PUT /api/admin/training`: TrainingDTO. Required fields are checked by the service with the specification's
 * '<field> is required'; `privatePwd` blank on an edit keeps the stored password.
 */
export const TrainingBody = Type.Object({
  training: Type.Object({
    id: Type.Optional(Id),
    title: Type.String({ maxLength: TRAINING_LIMITS.titleMax }),
    description: Type.String({ maxLength: TRAINING_LIMITS.descriptionMax }),
    auth: Auth,
    privatePwd: Type.Optional(Nullable(Type.String({ maxLength: TRAINING_LIMITS.passwordMax }))),
    status: Type.Optional(Type.Boolean()),
    rank: Type.Integer({ minimum: TRAINING_LIMITS.rankMin, maximum: TRAINING_LIMITS.rankMax }),
  }),
  trainingCategory: Nullable(Type.Object({ id: Type.Optional(Nullable(Id)) })),
});
export type TrainingBody = Static<typeof TrainingBody>;

/** `PUT /api/admin/training/change-training-status` (`author` is sent by the original client and ignored). */
export const ChangeTrainingStatusQuery = Type.Object({ tid: Id, status: Type.Boolean(), author: Type.Optional(Type.String({ maxLength: 100 })) });
export type ChangeTrainingStatusQuery = Static<typeof ChangeTrainingStatusQuery>;

/**
 * `GET /api/admin/training/get-problem-list`: `queryExisted` true — the training's problems in rank order; false
 * (the original default) — the public problems not in it yet, for the add-from-public dialog (keyword search).
 */
export const AdminTrainingProblemListQuery = Type.Object({
  tid: Id,
  ...PageQuery,
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  queryExisted: Type.Optional(Type.Boolean()),
});
export type AdminTrainingProblemListQuery = Static<typeof AdminTrainingProblemListQuery>;

/** The training-problem mapping row. */
export const TrainingProblem = Type.Object({ id: Type.Integer(), tid: Type.Integer(), pid: Type.Integer(), displayId: Type.String(), rank: Type.Integer() });
export type TrainingProblem = Static<typeof TrainingProblem>;

/** A problem row of the admin list (the Problem entity's listed fields). */
export const AdminTrainingProblemRow = Type.Object({
  id: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  author: Nullable(Type.String()),
  auth: Type.Integer(),
  type: Type.Integer(),
  difficulty: Type.Integer(),
});
export type AdminTrainingProblemRow = Static<typeof AdminTrainingProblemRow>;

export const AdminTrainingProblemList = Type.Object({
  problemList: Page(AdminTrainingProblemRow),
  trainingProblemMap: Type.Record(Type.String(), TrainingProblem),
});
export type AdminTrainingProblemList = Static<typeof AdminTrainingProblemList>;

/** `PUT /api/admin/training/problem`: the mapping's rank (the original body is the whole TrainingProblem). */
export const TrainingProblemBody = Type.Object({
  id: Type.Optional(Type.Integer()),
  tid: Id,
  pid: Id,
  displayId: Type.Optional(Type.String({ maxLength: 255 })),
  rank: Type.Integer({ minimum: TRAINING_LIMITS.rankMin, maximum: TRAINING_LIMITS.rankMax }),
});
export type TrainingProblemBody = Static<typeof TrainingProblemBody>;

/** `DELETE /api/admin/training/problem?pid=&tid=`. */
export const TrainingPidQuery = Type.Object({ pid: Id, tid: Id });
export type TrainingPidQuery = Static<typeof TrainingPidQuery>;

/**
 * `POST /api/admin/training/add-problem-from-public`: TrainingProblemDTO. `pid` (from the dialog) or `displayId`
 * (the problem's display id, "add by id") names the problem; only public problems may be added.
 */
export const AddTrainingProblemBody = Type.Object({
  tid: Id,
  pid: Type.Optional(Id),
  displayId: Type.Optional(Type.String({ maxLength: 255 })),
});
export type AddTrainingProblemBody = Static<typeof AddTrainingProblemBody>;

// ---------- live events of `training:<tid>` ----------

/**
 * A member's standing changed (a verdict, a cancel or manual judge, or a registration: `cell` null): their solved
 * count and run time in the training, and the problem's new cell.
 */
export const TrainingProgressEvent = Type.Object({
  tid: Type.Integer(),
  uid: Type.String(),
  ac: Type.Integer(),
  totalRunTime: Type.Integer(),
  cell: Nullable(Type.Object({ pid: Type.Integer(), problemId: Type.String(), status: Type.Integer(), runTime: Nullable(Type.Integer()) })),
});
export type TrainingProgressEvent = Static<typeof TrainingProgressEvent>;

/** The training itself changed (its form, its problems): open screens read it again. */
export const TrainingChangedEvent = Type.Object({ tid: Type.Integer() });
export type TrainingChangedEvent = Static<typeof TrainingChangedEvent>;
