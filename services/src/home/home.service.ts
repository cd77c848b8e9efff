// The home page (last week's statistics, recently updated problems, carousel, announcements, upcoming contests)
// and, gathered with it for the gateway, the global ranks (rank.service) and the user home (user-home.service). Every
// statistic is computed from the `judge` table, so a rejudge is reflected at once; the week's statistics and the rank
// pages without a search are cached 60 s.
import {
  PAGE_SIZES,
  RANK_CACHE_MS,
  type AnnouncementVO,
  type HomeCarousel,
  type PageOf,
  type PageQuery,
  type RecentContestVO,
  type RecentUpdatedProblemVO,
  type SubmissionStatisticsVO,
} from '@oj/proto';
import { pageOf, pageOffset } from '../db/paging';
import type { announcement } from '../db/schema';
import { carouselRows } from '../site-admin/home-admin.repo';
import type { ServiceContext } from '../context';
import { announcementPage, lastWeekCounts, recentlyUpdatedProblems, upcomingContests } from './home.repo';
import { contestStatus } from '../contest/access';
import { participantCounts } from '../contest/contest.repo';
import { createRankService, type RankService } from './rank.service';
import { createUserHomeService, utcDay, type UserHomeService } from './user-home.service';

export interface HomeService extends RankService, UserHomeService {
  lastWeekStatistics(forceRefresh?: boolean): Promise<SubmissionStatisticsVO>;
  recentUpdatedProblems(): Promise<RecentUpdatedProblemVO[]>;
  carousel(): Promise<HomeCarousel[]>;
  announcements(q: PageQuery): Promise<PageOf<AnnouncementVO>>;
  /** Contests of the next 14 days (none until contests exist). */
  recentContests(): Promise<RecentContestVO[]>;
}

/** The carousel's seeded images (served by the web from `web/public/carousel/`). */
export const DEFAULT_CAROUSEL: HomeCarousel[] = [1, 2, 3].map((id) => ({ id, url: `/carousel/${id}.svg` }));

const iso = (d: Date | string): string => new Date(d).toISOString();

/** A row of `announcementPage` as the API answers it. */
export function toAnnouncementVO({ a, username }: { a: typeof announcement.$inferSelect; username: string | null }): AnnouncementVO {
  return { id: a.id, title: a.title, content: a.content, uid: a.uid, username, status: a.status, gmtCreate: iso(a.gmtCreate), gmtModified: iso(a.gmtModified) };
}

export function createHomeService(ctx: ServiceContext): HomeService {
  const { db } = ctx;
  let statsCache: { at: number; value: SubmissionStatisticsVO } | null = null;

  return {
    ...createRankService(ctx),
    ...createUserHomeService(ctx),

    async lastWeekStatistics(forceRefresh = false) {
      if (!forceRefresh && statsCache && Date.now() - statsCache.at < RANK_CACHE_MS) return statsCache.value;
      const rows = await lastWeekCounts(db);
      const byDay = new Map(rows.map((r) => [r.d, r]));
      const dateStrList: string[] = [];
      const now = Date.now();
      for (let i = 6; i >= 0; i--) dateStrList.push(utcDay(new Date(now - i * 86_400_000)));
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
      const rows = await carouselRows(db);
      return rows.length ? rows.map((r) => ({ id: r.id, url: r.url })) : DEFAULT_CAROUSEL;
    },

    async announcements(q) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.announcements;
      const offset = pageOffset(current, size);
      const { total, rows } = await announcementPage(db, size, offset);
      return pageOf(rows.map(toAnnouncementVO), total, current, size);
    },

    async recentContests() {
      // Visible contests running now or starting within the next 14 days, soonest first.
      const rows = await upcomingContests(db);
      const counts = await participantCounts(db, rows.map((c) => c.id));
      return rows.map((c) => ({
        id: c.id,
        title: c.title,
        type: c.type,
        auth: c.auth,
        status: contestStatus(c),
        startTime: c.startTime.toISOString(),
        endTime: c.endTime.toISOString(),
        duration: c.duration,
        count: counts.get(c.id) ?? 0,
      }));
    },
  };
}
