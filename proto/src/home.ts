// Home page, user home and global ranklist contracts.
import { Type, type Static } from '@sinclair/typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** `type` of `get-rank-list`. */
export const RankType = { ACM: 0, OI: 1 } as const;
/** Global rank pages without a search are cached this long. */
export const RANK_CACHE_MS = 60_000;

export const RankListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  type: Type.Integer({ minimum: 0, maximum: 1 }),
  searchUser: Type.Optional(Type.String({ maxLength: 100 })),
});
export type RankListQuery = Static<typeof RankListQuery>;

const RankUser = {
  uid: Type.String(),
  username: Type.String(),
  nickname: Nullable(Type.String()),
  signature: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  titleName: Nullable(Type.String()),
  titleColor: Nullable(Type.String()),
  total: Type.Integer(),
  ac: Type.Integer(),
};

export const ACMRankVO = Type.Object({ ...RankUser, rating: Nullable(Type.Integer()) });
export type ACMRankVO = Static<typeof ACMRankVO>;

export const OIRankVO = Type.Object({ ...RankUser, score: Type.Integer() });
export type OIRankVO = Static<typeof OIRankVO>;

export const UserHomeQuery = Type.Object({
  uid: Type.Optional(Type.String({ maxLength: 64 })),
  username: Type.Optional(Type.String({ maxLength: 100 })),
});
export type UserHomeQuery = Static<typeof UserHomeQuery>;

export const SolvedProblem = Type.Object({ id: Type.Integer(), problemId: Type.String(), difficulty: Type.Integer() });
export type SolvedProblem = Static<typeof SolvedProblem>;

export const UserHomeVO = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  school: Nullable(Type.String()),
  signature: Nullable(Type.String()),
  nickname: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  github: Nullable(Type.String()),
  blog: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  titleName: Nullable(Type.String()),
  titleColor: Nullable(Type.String()),
  /** Non-contest submissions. */
  total: Type.Integer(),
  rating: Nullable(Type.Integer()),
  /** OI rank score per solved OI problem. */
  scoreList: Type.Array(Type.Integer()),
  /** Display ids of the solved problems. */
  solvedList: Type.Array(Type.String()),
  /** difficulty (0, 1, 2 as strings) → solved problems of that difficulty. */
  solvedGroupByDifficulty: Type.Record(Type.String(), Type.Array(SolvedProblem)),
  recentLoginTime: Nullable(Type.String()),
});
export type UserHomeVO = Static<typeof UserHomeVO>;

export const UserCalendarHeatmapVO = Type.Object({
  /** yyyy-MM-dd (UTC) of the last day shown. */
  endDate: Type.String(),
  /** One entry per day with submissions in the year ending at endDate. */
  dataList: Type.Array(Type.Object({ date: Type.String(), value: Type.Integer() })),
});
export type UserCalendarHeatmapVO = Static<typeof UserCalendarHeatmapVO>;

export const SubmissionStatisticsVO = Type.Object({
  /** The last 7 days, oldest first, yyyy-MM-dd (UTC). */
  dateStrList: Type.Array(Type.String()),
  acCountList: Type.Array(Type.Integer()),
  totalCountList: Type.Array(Type.Integer()),
});
export type SubmissionStatisticsVO = Static<typeof SubmissionStatisticsVO>;

export const SubmissionStatisticsQuery = Type.Object({ forceRefresh: Type.Optional(Type.Boolean()) });

export const RecentUpdatedProblemVO = Type.Object({
  id: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  type: Type.Integer(),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type RecentUpdatedProblemVO = Static<typeof RecentUpdatedProblemVO>;

export const HomeCarousel = Type.Object({ id: Type.Integer(), url: Type.String() });
export type HomeCarousel = Static<typeof HomeCarousel>;

export const AnnouncementVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Markdown. */
  content: Type.String(),
  uid: Nullable(Type.String()),
  username: Nullable(Type.String()),
  status: Type.Integer(),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type AnnouncementVO = Static<typeof AnnouncementVO>;

/** ContestVO of the original product (contests arrive with their own issue; the home page only needs these fields). */
export const RecentContestVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.Integer(),
  auth: Type.Integer(),
  status: Type.Integer(),
  startTime: Type.String(),
  endTime: Type.String(),
  duration: Type.Integer(),
  count: Type.Optional(Type.Integer()),
});
export type RecentContestVO = Static<typeof RecentContestVO>;

export const TagClassification = Type.Object({ id: Type.Integer(), name: Type.String(), oj: Type.String(), rank: Type.Integer() });
export type TagClassification = Static<typeof TagClassification>;
export const ProblemTagVO = Type.Object({
  classification: Nullable(TagClassification),
  tagList: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), color: Nullable(Type.String()), oj: Type.String() })),
});
export type ProblemTagVO = Static<typeof ProblemTagVO>;
export const OjQuery = Type.Object({ oj: Type.Optional(Type.String({ maxLength: 20 })) });
