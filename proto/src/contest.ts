// Contests: bodies, queries, answers and the live events.
import { Type, type Static } from '@sinclair/typebox';
import { Problem, ProblemInfo, SubmissionListItem } from './dto';
import { AcmRow, AwardConfig, OiRow, RowMove } from './scoreboard/types';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const INT4_MAX = 2_147_483_647;
const Id = Type.Integer({ minimum: 1, maximum: INT4_MAX });
/** Query integers arrive as strings; Fastify's coercion turns them into numbers before validation. */
const QPage = Type.Optional(Type.Integer({ minimum: 1, maximum: INT4_MAX }));

/** Contest page sizes and limits of the original product. */
export const CONTEST_LIMITS = {
  listPageSize: 10,
  rankPageSize: 50,
  rankPageSizes: [10, 30, 50, 100, 300],
  /** Our own web client reads whole boards at once (virtualised); the REST page size is capped here. */
  maxRankLimit: 5000,
  acInfoPageSize: 20,
  printPageSize: 15,
  printMinLength: 50,
  printMaxLength: 100_000,
  /** One print every 30 s per user. */
  printIntervalS: 30,
  sealOptionsS: [1800, 3600],
  /** ACM penalty per penalised rejection, in minutes. */
  penaltyMinutes: 20,
  titleMax: 255,
  descriptionMax: 65_535,
  maxStarAccounts: 1000,
  maxProblems: 52,
} as const;

/** Contest status: −1 Scheduled, 0 Running, 1 Ended. */
export const CONTEST_STATUS = { SCHEDULED: -1, RUNNING: 0, ENDED: 1 } as const;
/** Contest auth: 0 public, 1 private (password to view and submit), 2 protected (view; password to submit). */
export const CONTEST_AUTH = { PUBLIC: 0, PRIVATE: 1, PROTECTED: 2 } as const;

/** Default award levels: gold 10, silver 20, bronze 30. */
export const DEFAULT_AWARDS: AwardConfig[] = [
  { priority: 1, name: 'Gold Medal', background: '#e6bf25', color: '#ffffff', num: 10 },
  { priority: 2, name: 'Silver Medal', background: '#b4b4b4', color: '#ffffff', num: 20 },
  { priority: 3, name: 'Bronze Medal', background: '#b87333', color: '#ffffff', num: 30 },
];

/**
 * The account-name limit rule: usernames `prefix + n + suffix` for n in [number_from, number_to], plus
 * the extra accounts. Stored as one tagged string `<prefix>…</prefix><suffix>…</suffix><number_from>…</number_from>
 * <number_to>…</number_to><extra_account>a b c</extra_account>` like the original product.
 */
export const AccountLimitRule = Type.Object({
  prefix: Type.String({ maxLength: 50 }),
  suffix: Type.String({ maxLength: 50 }),
  number_from: Type.Integer({ minimum: 0 }),
  number_to: Type.Integer({ minimum: 0 }),
  extra_account: Type.String({ maxLength: 10_000 }),
});
export type AccountLimitRule = Static<typeof AccountLimitRule>;

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
  count: Type.Integer(),
  gid: Nullable(Type.Integer()),
  /** Imported from an event feed: read-only, no submitting. */
  imported: Type.Boolean(),
});
export type ContestVO = Static<typeof ContestVO>;

export const ContestListQuery = Type.Object({
  currentPage: QPage,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
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
  pwd: Nullable(Type.String()),
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

export const ContestProblemVO = Type.Object({
  id: Type.Integer(),
  cid: Type.Integer(),
  pid: Type.Integer(),
  displayId: Type.String(),
  displayTitle: Type.String(),
  /** Balloon colour (CSS colour) or null. */
  color: Nullable(Type.String()),
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
export const ContestProblemBody = Type.Object({
  cid: Id,
  pid: Id,
  displayId: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  displayTitle: Type.Optional(Type.String({ maxLength: 255 })),
  color: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
});
export type ContestProblemBody = Static<typeof ContestProblemBody>;

export const ContestSubmissionListQuery = Type.Object({
  contestID: Id,
  currentPage: QPage,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  onlyMine: Type.Optional(Type.Boolean()),
  problemID: Type.Optional(Type.String({ maxLength: 50 })),
  status: Type.Optional(Type.Integer({ minimum: -10, maximum: 15 })),
  username: Type.Optional(Type.String({ maxLength: 100 })),
  beforeContestSubmit: Type.Optional(Type.Boolean()),
  completeProblemID: Type.Optional(Type.Boolean()),
  containsEnd: Type.Optional(Type.Boolean()),
});
export type ContestSubmissionListQuery = Static<typeof ContestSubmissionListQuery>;

// ---------- scoreboards ----------

/** `POST /api/get-contest-rank` and `/api/get-contest-outside-scoreboard`. */
export const ContestRankBody = Type.Object({
  cid: Id,
  currentPage: QPage,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CONTEST_LIMITS.maxRankLimit })),
  forceRefresh: Type.Optional(Type.Boolean()),
  removeStar: Type.Optional(Type.Boolean()),
  concernedList: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  containsEnd: Type.Optional(Type.Boolean()),
});
export type ContestRankBody = Static<typeof ContestRankBody>;

/** Display fields joined to a board row. */
const RankUser = {
  username: Type.String(),
  realname: Nullable(Type.String()),
  nickname: Nullable(Type.String()),
  school: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
};
export const AcmRankVO = Type.Object({ ...AcmRow.properties, ...RankUser });
export type AcmRankVO = Static<typeof AcmRankVO>;
export const OiRankVO = Type.Object({ ...OiRow.properties, ...RankUser });
export type OiRankVO = Static<typeof OiRankVO>;
export type RankVO = AcmRankVO | OiRankVO;

/**
 * A page of a board, plus what a live client needs: `seq` of the board's topic when it was read (apply only
 * deltas after it), whether this view is sealed, and the view key its deltas carry.
 */
export const RankPage = Type.Object({
  records: Type.Array(Type.Union([AcmRankVO, OiRankVO])),
  total: Type.Integer(),
  size: Type.Integer(),
  current: Type.Integer(),
  seq: Type.Integer(),
  sealed: Type.Boolean(),
  view: Type.String(),
  /**
   * What the browser needs to re-rank its copy after applying a delta's moves (`applyMoves`): star users and
   * the award levels. Optional; without it the web infers stars from rank −1 and awards from the rows.
   */
  rankConfig: Type.Optional(
    Type.Object({
      starUids: Type.Array(Type.String()),
      awardType: Type.Integer({ minimum: 0, maximum: 2 }),
      awards: Type.Array(AwardConfig),
    }),
  ),
  /** Page count (MyBatis-Plus `Page.pages`). */
  pages: Type.Optional(Type.Integer()),
  /** Board version of the page: each delta carries the version after it. */
  version: Type.Optional(Type.Integer()),
});
export type RankPage = Static<typeof RankPage>;

export const ContestOutsideInfo = Type.Object({
  contest: ContestVO,
  problemList: Type.Array(ContestProblemVO),
});
export type ContestOutsideInfo = Static<typeof ContestOutsideInfo>;

/**
 * Board views: `public` (what contestants and visitors see, sealed while the seal holds) and `live` (contest
 * admins); `-end` variants include submissions after the end.
 */
export type BoardView = 'public' | 'public-end' | 'live' | 'live-end';

/**
 * `scoreboard.delta` on `scoreboard:<cid>` (public views) and `contest-admin:<cid>` (live views). `moves` applied
 * in order to the client's full board (then ranks reassigned with `rankRows`) give the server's board.
 * `reset: true` (rejudge, rule change, seal lifted) means: reload the board over REST.
 */
export const ScoreboardDelta = Type.Object({
  cid: Type.Integer(),
  view: Type.String(),
  /** Board version after this delta (increments by one per applied record of the contest). */
  version: Type.Integer(),
  moves: Type.Array(RowMove),
  /** Display fields of a new row (from −1). */
  users: Type.Optional(Type.Record(Type.String(), Type.Object(RankUser))),
  reset: Type.Optional(Type.Boolean()),
});
export type ScoreboardDelta = Static<typeof ScoreboardDelta>;

// ---------- contest status and announcements ----------

/** `contest.status` on `contest:<cid>` and `scoreboard:<cid>`: the contest started, ended or its seal moved. */
export const ContestStatusEvent = Type.Object({
  cid: Type.Integer(),
  status: Type.Integer(),
  /** Server time (ms). */
  now: Type.Integer(),
  sealed: Type.Boolean(),
});
export type ContestStatusEvent = Static<typeof ContestStatusEvent>;

export const ContestAnnouncementVO = Type.Object({
  id: Type.Integer(),
  cid: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  uid: Type.String(),
  username: Type.String(),
  status: Type.Integer(),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type ContestAnnouncementVO = Static<typeof ContestAnnouncementVO>;

export const ContestAnnouncementListQuery = Type.Object({
  cid: Id,
  currentPage: QPage,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const NotReadAnnouncementBody = Type.Object({
  cid: Id,
  readAnnouncementList: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: INT4_MAX }), { maxItems: 10_000 })),
});
/** `POST|PUT /api/admin/contest/announcement`. */
export const ContestAnnouncementBody = Type.Object({
  cid: Id,
  announcement: Type.Object({
    id: Type.Optional(Id),
    title: Type.String({ minLength: 1, maxLength: 255 }),
    content: Type.String({ minLength: 1, maxLength: 65_535 }),
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  }),
});
export type ContestAnnouncementBody = Static<typeof ContestAnnouncementBody>;

// ---------- AC helper, print, rejudge ----------

/** The AC helper's row. */
export const AcInfoVO = Type.Object({
  id: Type.Integer(),
  cid: Type.Integer(),
  submitId: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
  realname: Nullable(Type.String()),
  displayId: Type.String(),
  color: Nullable(Type.String()),
  firstBlood: Type.Boolean(),
  checked: Type.Boolean(),
  /** Seconds from the start. */
  time: Type.Integer(),
  submitTime: Type.String(),
});
export type AcInfoVO = Static<typeof AcInfoVO>;

export const AcInfoQuery = Type.Object({
  cid: Id,
  currentPage: QPage,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const AcInfoCheckBody = Type.Object({ id: Id, cid: Id, checked: Type.Boolean() });

export const PrintBody = Type.Object({
  cid: Id,
  content: Type.String({ maxLength: CONTEST_LIMITS.printMaxLength }),
});
export const PrintVO = Type.Object({
  id: Type.Integer(),
  cid: Type.Integer(),
  username: Type.String(),
  realname: Nullable(Type.String()),
  /** 0 not printed, 1 printed. */
  status: Type.Integer(),
  gmtCreate: Type.String(),
});
export type PrintVO = Static<typeof PrintVO>;
export const PrintListQuery = AcInfoQuery;
export const PrintStatusQuery = Type.Object({ id: Id, cid: Id });

export const RejudgeContestProblemQuery = Type.Object({ cid: Id, pid: Id });

/** `GET /api/file/download-contest-rank` (the original product spells the after-contest switch `containEnd` here). */
export const DownloadContestRankQuery = Type.Object({
  cid: Id,
  forceRefresh: Type.Optional(Type.Boolean()),
  removeStar: Type.Optional(Type.Boolean()),
  containEnd: Type.Optional(Type.Boolean()),
});
export type DownloadContestRankQuery = Static<typeof DownloadContestRankQuery>;
/** `GET /api/file/download-contest-print-text?id=`. */
export const PrintTextQuery = Type.Object({ id: Id });

// ---------- scroll board ----------

export const ScrollBoardInfo = Type.Object({
  id: Type.Integer(),
  rankShowName: Type.String(),
  problemCount: Type.Integer(),
  /** displayId → colour. */
  balloonColor: Type.Record(Type.String(), Nullable(Type.String())),
  /** Display ids in order. */
  displayIds: Type.Array(Type.String()),
  startTime: Type.String(),
  sealRankTime: Nullable(Type.String()),
  /** Seconds. */
  duration: Type.Integer(),
  starUserList: Type.Array(Type.String()),
  title: Type.String(),
});
export type ScrollBoardInfo = Static<typeof ScrollBoardInfo>;

export const ScrollBoardSubmission = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  nickname: Nullable(Type.String()),
  realname: Nullable(Type.String()),
  school: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  submitId: Type.Integer(),
  status: Type.Integer(),
  /** Seconds from the start. */
  time: Type.Integer(),
  submitTime: Type.String(),
  displayId: Type.String(),
});
export type ScrollBoardSubmission = Static<typeof ScrollBoardSubmission>;
export const ScrollBoardQuery = Type.Object({ cid: Id, removeStar: Type.Optional(Type.Boolean()) });

// ---------- live events for admins ----------

export const AcInfoNewEvent = AcInfoVO;
export const PrintNewEvent = PrintVO;

export const ContestEventFeedImportResult = Type.Object({ cid: Type.Integer() });

/** CLICS event-feed import and export. */
export const EVENT_FEED_LIMITS = {
  /** Largest accepted NDJSON upload. */
  maxBytes: 50 * 1024 * 1024,
  /** Longest line reported back in an error (characters). */
  detailMax: 200,
} as const;
export const EventFeedExportQuery = Type.Object({ cid: Id });
export type EventFeedExportQuery = Static<typeof EventFeedExportQuery>;

// ---------- contest core: admin queries, contest submissions, problem status ----------

/** `GET /api/admin/contest/get-contest-list`. */
export const AdminContestListQuery = Type.Object({
  currentPage: QPage,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
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
  currentPage: QPage,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  problemType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  oj: Type.Optional(Type.String({ maxLength: 20 })),
});
export type AdminContestProblemListQuery = Static<typeof AdminContestProblemListQuery>;

/** The contest-problem row. */
export const ContestProblem = Type.Object({
  id: Type.Integer(),
  cid: Type.Integer(),
  pid: Type.Integer(),
  displayId: Type.String(),
  displayTitle: Type.String(),
  color: Nullable(Type.String()),
});
export type ContestProblem = Static<typeof ContestProblem>;

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
