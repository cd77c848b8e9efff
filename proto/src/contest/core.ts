// Admin queries, contest submissions and the caller's problem status.
import { Type, type Static } from '@sinclair/typebox';
import { Problem, ProblemInfo, SubmissionListItem } from '../dto';
import { INT4_MAX, Id, Nullable, PageQuery } from './common';
import { ContestProblem } from './contests';

// ---------- contest core: admin queries, contest submissions, problem status ----------

/** `GET /api/admin/contest/get-contest-list`. */
export const AdminContestListQuery = Type.Object({
  ...PageQuery,
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
});
export type AdminContestListQuery = Static<typeof AdminContestListQuery>;

/** `PUT /api/admin/contest/change-contest-visible` (`uid` is sent by the original client and ignored: ownership is checked on the server). */
export const ChangeContestVisibleQuery = Type.Object({ cid: Id, visible: Type.Boolean(), uid: Type.Optional(Type.String({ maxLength: 64 })) });
export type ChangeContestVisibleQuery = Static<typeof ChangeContestVisibleQuery>;

/**
 * `GET /api/admin/contest/get-problem-list`: without `problemType` the contest's problems (ordered by display id);
 * with it the problems that may still be added (of that type, or remote), for the add-from-public dialog.
 */
export const AdminContestProblemListQuery = Type.Object({
  cid: Id,
  ...PageQuery,
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  problemType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  oj: Type.Optional(Type.String({ maxLength: 20 })),
});
export type AdminContestProblemListQuery = Static<typeof AdminContestProblemListQuery>;

/** Answer of the admin problem list: a page of problems and pid → contest problem. */
export const AdminContestProblemList = Type.Object({
  problemList: Type.Object({
    records: Type.Array(Problem),
    total: Type.Integer(),
    size: Type.Integer(),
    current: Type.Integer(),
    pages: Type.Integer(),
  }),
  contestProblemMap: Type.Record(Type.String(), ContestProblem),
});
export type AdminContestProblemList = Static<typeof AdminContestProblemList>;

/** `GET|DELETE /api/admin/contest/contest-problem|problem`: one problem of one contest. */
export const ContestPidQuery = Type.Object({ cid: Id, pid: Id });
export type ContestPidQuery = Static<typeof ContestPidQuery>;
/** `GET /api/admin/contest/problem?pid=`. */
export const AdminPidQuery = Type.Object({ pid: Id });
/** `DELETE /api/admin/contest/announcement?aid=`. */
export const AnnouncementIdQuery = Type.Object({ aid: Id });

/**
 * Our extension: `POST /api/read-contest-announcement` — the client calls it after showing the notification of
 * these announcements, so the read ids are kept per user and contest on the server (not only in the browser).
 */
export const ReadAnnouncementBody = Type.Object({
  cid: Id,
  aids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
});
export type ReadAnnouncementBody = Static<typeof ReadAnnouncementBody>;

/**
 * A row of `contest-submissions` and of `check-contest-submissions-status`: the practice row plus the contest's
 * display id. `time`, `memory` and `length` are null for other users' submissions while the contest runs; a
 * hidden result (sealed OI, or someone else's submission after the seal) has status −5 and no time, memory
 * or score.
 */
export const ContestSubmissionItem = Type.Object({
  ...SubmissionListItem.properties,
  length: Nullable(Type.Integer()),
});
export type ContestSubmissionItem = Static<typeof ContestSubmissionItem>;

/** `POST /api/check-contest-submissions-status`. */
export const CheckContestSubmissionsBody = Type.Object({
  submitIds: Type.Array(Type.Integer({ minimum: 1, maximum: INT4_MAX }), { maxItems: 200 }),
  cid: Id,
});
export type CheckContestSubmissionsBody = Static<typeof CheckContestSubmissionsBody>;

/** `GET /api/get-contest-problem-details`: the practice detail, titled with the display title, plus the contest's names. */
export const ContestProblemInfo = Type.Object({
  ...ProblemInfo.properties,
  displayId: Type.String(),
  displayTitle: Type.String(),
  color: Nullable(Type.String()),
});
export type ContestProblemInfo = Static<typeof ContestProblemInfo>;

/**
 * `POST /api/get-user-problem-status`: per problem id the caller's status (0 if ever accepted,
 * otherwise the latest; −10 never submitted; −5 for an OI contest's problems while sealed) and best score.
 * In a contest (`isContestProblemList`), `pidList` are problem ids of the contest and only its submissions count.
 */
export const UserProblemStatusBody = Type.Object({
  pidList: Type.Array(Type.Integer({ minimum: 1, maximum: INT4_MAX }), { maxItems: 500 }),
  isContestProblemList: Type.Optional(Type.Boolean()),
  cid: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: INT4_MAX }))),
  gid: Type.Optional(Nullable(Type.Integer())),
  containsEnd: Type.Optional(Type.Boolean()),
});
export type UserProblemStatusBody = Static<typeof UserProblemStatusBody>;
export const UserProblemStatus = Type.Object({ status: Type.Integer(), score: Nullable(Type.Integer()) });
export type UserProblemStatus = Static<typeof UserProblemStatus>;
