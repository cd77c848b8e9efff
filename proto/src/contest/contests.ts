// Contests and their problems: the list, the shell, the admin form, the problem list and page.
import { Type, type Static } from '@sinclair/typebox';
import { ProblemDTO } from '../problem-admin';
import { AwardConfig } from '../scoreboard/types';
import { INT4_MAX, Id, Nullable, PageQuery } from './common';

// ---------- contests ----------

/** What the list, the shell and the outside board show. Times are ISO strings. */
export const ContestVO = Type.Object({
  id: Type.Integer(),
  author: Nullable(Type.String()),
  title: Type.String(),
  /** 0 ACM, 1 OI. */
  type: Type.Integer(),
  description: Type.String(),
  status: Type.Integer(),
  source: Type.Integer(),
  auth: Type.Integer(),
  /** Server time of the answer (ms since epoch): the countdown ticks from it. */
  now: Type.Integer(),
  startTime: Type.String(),
  endTime: Type.String(),
  /** Seconds. */
  duration: Type.Integer(),
  sealRank: Type.Boolean(),
  sealRankTime: Nullable(Type.String()),
  autoRealRank: Type.Boolean(),
  openPrint: Type.Boolean(),
  openRank: Type.Boolean(),
  rankShowName: Type.String(),
  oiRankScoreType: Type.String(),
  allowEndSubmit: Type.Boolean(),
  /** Registrations. */
  /** Participants: users who registered or made a contest submission. */
  count: Type.Integer(),
  gid: Nullable(Type.Integer()),
  /** A group contest's info (`get-contest-info`) only: whether the caller manages it (its group's root, or its creator while a group admin). */
  manage: Type.Optional(Type.Boolean()),
  /** Imported from an event feed: read-only, no submitting. */
  imported: Type.Boolean(),
});
export type ContestVO = Static<typeof ContestVO>;

export const ContestListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Integer({ minimum: -1, maximum: 1 })),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ContestListQuery = Static<typeof ContestListQuery>;

export const CidQuery = Type.Object({ cid: Id });
export type CidQuery = Static<typeof CidQuery>;

export const RegisterContestBody = Type.Object({ cid: Id, password: Type.Optional(Type.String({ maxLength: 100 })) });
export type RegisterContestBody = Static<typeof RegisterContestBody>;

export const ContestAccess = Type.Object({ access: Type.Boolean() });

/** The admin form. `id` absent on create. */
export const AdminContestBody = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.String({ minLength: 1, maxLength: 65_535 }),
  type: Type.Integer({ minimum: 0, maximum: 1 }),
  source: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
  auth: Type.Integer({ minimum: 0, maximum: 2 }),
  pwd: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  startTime: Type.String({ format: 'date-time' }),
  endTime: Type.String({ format: 'date-time' }),
  sealRank: Type.Optional(Type.Boolean()),
  sealRankTime: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  autoRealRank: Type.Optional(Type.Boolean()),
  visible: Type.Optional(Type.Boolean()),
  openPrint: Type.Optional(Type.Boolean()),
  openRank: Type.Optional(Type.Boolean()),
  rankShowName: Type.Optional(Type.Union([Type.Literal('username'), Type.Literal('realname'), Type.Literal('nickname')])),
  openAccountLimit: Type.Optional(Type.Boolean()),
  accountLimitRule: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  starAccount: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 })),
  oiRankScoreType: Type.Optional(Type.Union([Type.Literal('Recent'), Type.Literal('Highest')])),
  awardType: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  awardConfigList: Type.Optional(Type.Array(AwardConfig, { maxItems: 20 })),
  allowEndSubmit: Type.Optional(Type.Boolean()),
});
export type AdminContestBody = Static<typeof AdminContestBody>;

export const AdminContestVO = Type.Object({
  ...ContestVO.properties,
  uid: Type.String(),
  /** Always null: the password is stored hashed and never shown back (`pwdSet` says whether one is set). */
  pwd: Nullable(Type.String()),
  /** Whether the contest has a password; a blank `pwd` on an edit keeps it. */
  pwdSet: Type.Optional(Type.Boolean()),
  visible: Type.Boolean(),
  openAccountLimit: Type.Boolean(),
  accountLimitRule: Nullable(Type.String()),
  starAccount: Type.Array(Type.String()),
  awardType: Type.Integer(),
  awardConfigList: Type.Array(AwardConfig),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type AdminContestVO = Static<typeof AdminContestVO>;

// ---------- contest problems ----------

/** The contest-problem row. */
export const ContestProblem = Type.Object({
  id: Type.Integer(),
  cid: Type.Integer(),
  pid: Type.Integer(),
  displayId: Type.String(),
  displayTitle: Type.String(),
  /** Balloon colour (CSS colour) or null. */
  color: Nullable(Type.String()),
});
export type ContestProblem = Static<typeof ContestProblem>;

/** A problem of the contest's problem list, with its counts. */
export const ContestProblemVO = Type.Object({
  ...ContestProblem.properties,
  /** Null when the viewer may not see real-time counts. */
  ac: Nullable(Type.Integer()),
  total: Nullable(Type.Integer()),
});
export type ContestProblemVO = Static<typeof ContestProblemVO>;

export const ContestProblemListQuery = Type.Object({ cid: Id, containsEnd: Type.Optional(Type.Boolean()) });
export const ContestProblemDetailQuery = Type.Object({
  cid: Id,
  displayId: Type.String({ minLength: 1, maxLength: 50 }),
  containsEnd: Type.Optional(Type.Boolean()),
});

/** `PUT /api/admin/contest/contest-problem` and the add-from-public body. */
/** A problem's id in a contest: letters, digits, `_` and `-`. */
const DisplayId = Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' });

export const ContestProblemBody = Type.Object({
  cid: Id,
  pid: Id,
  displayId: DisplayId,
  displayTitle: Type.Optional(Type.String({ maxLength: 255 })),
  color: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
});
export type ContestProblemBody = Static<typeof ContestProblemBody>;

/**
 * `POST` / `PUT /api/admin/contest/problem`: a problem of the contest's own (auth 3, not in the public bank) — the
 * problem form (`ProblemDTO`) with its place in the contest; display id and display title are required (spec).
 */
export const ContestOwnProblemDTO = Type.Object({
  ...ProblemDTO.properties,
  cid: Id,
  displayId: DisplayId,
  displayTitle: Type.String({ minLength: 1, maxLength: 255 }),
  color: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
});
export type ContestOwnProblemDTO = Static<typeof ContestOwnProblemDTO>;

export const ContestSubmissionListQuery = Type.Object({
  contestID: Id,
  ...PageQuery,
  onlyMine: Type.Optional(Type.Boolean()),
  problemID: Type.Optional(Type.String({ maxLength: 50 })),
  status: Type.Optional(Type.Integer({ minimum: -10, maximum: 15 })),
  username: Type.Optional(Type.String({ maxLength: 100 })),
  beforeContestSubmit: Type.Optional(Type.Boolean()),
  completeProblemID: Type.Optional(Type.Boolean()),
  containsEnd: Type.Optional(Type.Boolean()),
});
export type ContestSubmissionListQuery = Static<typeof ContestSubmissionListQuery>;
