// Scoreboards: the rank queries and pages, the live deltas, the scroll board.
import { Type, type Static } from '@sinclair/typebox';
import { AcmRow, AwardConfig, OiRow, ProblemStat, RowMove } from '../scoreboard/types';
import { CONTEST_LIMITS, Id, Nullable, QPage } from './common';
import { ContestProblemVO, ContestVO } from './contests';

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
  /**
   * A window read (ours, not the original product's): rows [offset, offset + limit) of the whole board (star rows
   * included, no pinned copies; `currentPage`, `removeStar` and `keyword` do not apply), plus `pins` (the caller's
   * own row on the in-contest board, then `concernedList`), every star row in `stars`, and the problems' `stats`.
   */
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
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
  /** Window reads only (`offset` given): where `records` start in the board, then the rows followed and the star rows, each with its place. */
  offset: Type.Optional(Type.Integer()),
  pins: Type.Optional(Type.Array(Type.Object({ index: Type.Integer(), row: Type.Union([AcmRankVO, OiRankVO]) }))),
  stars: Type.Optional(Type.Array(Type.Object({ index: Type.Integer(), row: Type.Union([AcmRankVO, OiRankVO]) }))),
  /** Window reads only: the problems' header figures over the whole view. */
  stats: Type.Optional(Type.Record(Type.String(), ProblemStat)),
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
  /** Display fields of the users of the moved rows (a client holding only a window may not know them). */
  users: Type.Optional(Type.Record(Type.String(), Type.Object(RankUser))),
  reset: Type.Optional(Type.Boolean()),
  /** The header figures of the problems whose cells this delta changed, after it. */
  stats: Type.Optional(Type.Record(Type.String(), ProblemStat)),
});
export type ScoreboardDelta = Static<typeof ScoreboardDelta>;

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
