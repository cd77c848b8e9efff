// Home page, user home and global ranks. Every statistic is computed from
// the `judge` table, so a rejudge is reflected at once; only global rank pages without a search are cached 60 s.
import {
  OjError,
  PAGE_SIZES,
  RANK_CACHE_MS,
  RankType,
  type ACMRankVO,
  type AnnouncementVO,
  type HomeCarousel,
  type OIRankVO,
  type PageOf,
  type PageQuery,
  type RankListQuery,
  type RecentContestVO,
  type RecentUpdatedProblemVO,
  type SolvedProblem,
  type SubmissionStatisticsVO,
  type UserCalendarHeatmapVO,
  type UserHomeQuery,
  type UserHomeVO,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { pageOf, pageOffset } from '../db/paging';
import type { ServiceContext } from '../context';
import {
  announcementPage,
  findUserBy,
  lastWeekCounts,
  practiceSubmissionCount,
  rankPage,
  recentlyUpdatedProblems,
  sevenDayRank,
  solvedProblems,
  submissionsPerDay,
  upcomingContests,
  type RankRow,
} from './home.repo';
import { contestStatus } from '../contest/access';


export interface HomeService {
  rankList(q: RankListQuery): Promise<PageOf<ACMRankVO> | PageOf<OIRankVO>>;
  /** Top 10 by distinct problems accepted (outside contests) in the last 7 days. */
  recentSevenAcRank(): Promise<ACMRankVO[]>;
  lastWeekStatistics(forceRefresh?: boolean): Promise<SubmissionStatisticsVO>;
  recentUpdatedProblems(): Promise<RecentUpdatedProblemVO[]>;
  carousel(): Promise<HomeCarousel[]>;
  announcements(q: PageQuery): Promise<PageOf<AnnouncementVO>>;
  /** Contests of the next 14 days (none until contests exist). */
  recentContests(): Promise<RecentContestVO[]>;
  /** Without uid and username: the viewer's own home (login required). */
  userHome(q: UserHomeQuery, viewer: Viewer | null): Promise<UserHomeVO>;
  heatmap(q: UserHomeQuery, viewer: Viewer | null): Promise<UserCalendarHeatmapVO>;
}

/** The carousel's seeded images (served by the web from `web/public/carousel/`). */
export const DEFAULT_CAROUSEL: HomeCarousel[] = [1, 2, 3].map((id) => ({ id, url: `/carousel/${id}.svg` }));


const day = (d: Date): string => d.toISOString().slice(0, 10);
const iso = (d: Date | string): string => new Date(d).toISOString();

export function createHomeService(ctx: ServiceContext): HomeService {
  const { db } = ctx;
  const rankCache = new Map<string, { at: number; page: PageOf<ACMRankVO> | PageOf<OIRankVO> }>();
  let statsCache: { at: number; value: SubmissionStatisticsVO } | null = null;

  function toAcm(r: RankRow): ACMRankVO {
    const { score: _score, ...acm } = toRank(r);
    return { ...acm, rating: null };
  }

  function toRank(r: RankRow): OIRankVO {
    return {
      uid: r.uid,
      username: r.username,
      nickname: r.nickname,
      signature: r.signature,
      avatar: r.avatar,
      titleName: r.title_name,
      titleColor: r.title_color,
      total: Number(r.total),
      ac: Number(r.ac),
      score: Number(r.score),
    };
  }

  async function computeRank(q: RankListQuery, current: number, size: number) {
    const offset = pageOffset(current, size);
    if (offset === null) return pageOf([], 0, current, size);
    const { rows, total } = await rankPage(db, q.type, q.searchUser?.trim() || undefined, size, offset);
    return q.type === RankType.ACM ? pageOf(rows.map(toAcm), total, current, size) : pageOf(rows.map(toRank), total, current, size);
  }

  async function findUser(q: UserHomeQuery, viewer: Viewer | null) {
    let by: { uid: string } | { username: string };
    if (q.uid) by = { uid: q.uid };
    else if (q.username) by = { username: q.username };
    else if (viewer) by = { uid: viewer.uid };
    else throw new OjError('AUTH_NOT_LOGGED_IN');
    const u = await findUserBy(db, by);
    if (!u) throw new OjError('USER_NOT_FOUND');
    return u;
  }

  return {
    async rankList(q) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.rankList;
      const cacheable = !q.searchUser?.trim();
      const key = `${q.type}:${size}:${current}`;
      const hit = cacheable ? rankCache.get(key) : undefined;
      if (hit && Date.now() - hit.at < RANK_CACHE_MS) return hit.page;
      const page = await computeRank(q, current, size);
      if (cacheable) {
        if (rankCache.size > 1000) rankCache.clear();
        rankCache.set(key, { at: Date.now(), page });
      }
      return page;
    },

    async recentSevenAcRank() {
      const rows = await sevenDayRank(db);
      return rows.map(toAcm);
    },

    async lastWeekStatistics(forceRefresh = false) {
      if (!forceRefresh && statsCache && Date.now() - statsCache.at < RANK_CACHE_MS) return statsCache.value;
      const rows = await lastWeekCounts(db);
      const byDay = new Map(rows.map((r) => [r.d, r]));
      const dateStrList: string[] = [];
      const now = Date.now();
      for (let i = 6; i >= 0; i--) dateStrList.push(day(new Date(now - i * 86_400_000)));
      const value = {
        dateStrList,
        acCountList: dateStrList.map((d) => Number(byDay.get(d)?.ac ?? 0)),
        totalCountList: dateStrList.map((d) => Number(byDay.get(d)?.total ?? 0)),
      };
      statsCache = { at: Date.now(), value };
      return value;
    },

    async recentUpdatedProblems() {
      const rows = await recentlyUpdatedProblems(db);
      return rows.map((p) => ({
        id: p.id,
        problemId: p.problemId,
        title: p.title,
        type: p.type,
        gmtCreate: iso(p.gmtCreate),
        gmtModified: iso(p.gmtModified),
      }));
    },

    async carousel() {
      return DEFAULT_CAROUSEL;
    },

    async announcements(q) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.announcements;
      const offset = pageOffset(current, size);
      const { total, rows } = await announcementPage(db, size, offset);
      const records = rows.map(({ a, username }) => ({
        id: a.id,
        title: a.title,
        content: a.content,
        uid: a.uid,
        username,
        status: a.status,
        gmtCreate: iso(a.gmtCreate),
        gmtModified: iso(a.gmtModified),
      }));
      return pageOf(records, total, current, size);
    },

    async recentContests() {
      // Visible contests running now or starting within the next 14 days, soonest first.
      const rows = await upcomingContests(db);
      return rows.map(({ c, n }) => ({
        id: c.id,
        title: c.title,
        type: c.type,
        auth: c.auth,
        status: contestStatus(c),
        startTime: c.startTime.toISOString(),
        endTime: c.endTime.toISOString(),
        duration: c.duration,
        count: n,
      }));
    },

    async userHome(q, viewer) {
      const u = await findUser(q, viewer);
      const total = await practiceSubmissionCount(db, u.uuid);
      const solved = await solvedProblems(db, u.uuid);
      const groups: Record<string, SolvedProblem[]> = {};
      for (const p of solved) {
        (groups[String(p.difficulty)] ??= []).push({ id: p.id, problemId: p.problem_id, difficulty: p.difficulty });
      }
      return {
        uid: u.uuid,
        username: u.username,
        school: u.school,
        signature: u.signature,
        nickname: u.nickname,
        gender: u.gender,
        github: u.github,
        blog: u.blog,
        avatar: u.avatar,
        titleName: u.titleName,
        titleColor: u.titleColor,
        total,
        rating: null,
        scoreList: solved.flatMap((p) => (p.best === null ? [] : [Number(p.best)])),
        solvedList: solved.map((p) => p.problem_id),
        solvedGroupByDifficulty: groups,
        recentLoginTime: null,
      };
    },

    async heatmap(q, viewer) {
      const u = await findUser(q, viewer);
      const rows = await submissionsPerDay(db, u.uuid);
      return { endDate: day(new Date()), dataList: rows.map((r) => ({ date: r.d, value: Number(r.n) })) };
    },
  };
}

