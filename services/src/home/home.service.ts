// Home page, user home and global ranks. Every statistic is computed from
// the `judge` table, so a rejudge is reflected at once; only global rank pages without a search are cached 60 s.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  JudgeStatus,
  OjError,
  OWN_OJ,
  PAGE_SIZES,
  RANK_CACHE_MS,
  RankType,
  type ACMRankVO,
  type AnnouncementVO,
  type HomeCarousel,
  type OIRankVO,
  type PageOf,
  type PageQuery,
  type ProblemTagVO,
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
import { escapeLike, pageOf, pageOffset } from '../db/paging';
import type { ServiceContext } from '../context';
import { announcement, contest, contestRegister, problems, tags, users } from '../db/schema';
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
  problemTagsAndClassification(oj?: string): Promise<ProblemTagVO[]>;
  /** Without uid and username: the viewer's own home (login required). */
  userHome(q: UserHomeQuery, viewer: Viewer | null): Promise<UserHomeVO>;
  heatmap(q: UserHomeQuery, viewer: Viewer | null): Promise<UserCalendarHeatmapVO>;
}

/** The carousel's seeded images (served by the web from `web/public/carousel/`). */
export const DEFAULT_CAROUSEL: HomeCarousel[] = [1, 2, 3].map((id) => ({ id, url: `/carousel/${id}.svg` }));

const AC = JudgeStatus.ACCEPTED;
/** Submissions counted by the global ranks: outside contests and groups. */
const PRACTICE = sql`j.cid = 0 and j.gid is null`;

interface RankRow extends Record<string, unknown> {
  uid: string;
  username: string;
  nickname: string | null;
  signature: string | null;
  avatar: string | null;
  title_name: string | null;
  title_color: string | null;
  total: number;
  ac: number;
  score: number;
  full_count: number;
}

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
    const search = q.searchUser?.trim();
    const like = search ? `%${escapeLike(search)}%` : null;
    const where = like
      ? sql`u.status = 0 and (u.username ilike ${like} or u.nickname ilike ${like} or u.realname ilike ${like})`
      : sql`u.status = 0`;
    const order =
      q.type === RankType.ACM ? sql`ac desc, total asc, u.username asc` : sql`score desc, ac desc, u.username asc`;
    if (offset === null) return pageOf([], 0, current, size);
    const rows = await db.execute<RankRow>(sql`
      select u.uuid as uid, u.username, u.nickname, u.signature, u.avatar, u.title_name, u.title_color,
        coalesce(t.total, 0)::int as total, coalesce(a.ac, 0)::int as ac, coalesce(s.score, 0)::int as score,
        count(*) over ()::int as full_count
      from users u
      left join (
        select j.uid, count(*) as total from judge j
        where ${q.type === RankType.ACM ? PRACTICE : sql`true`} group by j.uid
      ) t on t.uid = u.uuid
      left join (
        select j.uid, count(distinct j.pid) as ac from judge j where ${PRACTICE} and j.status = ${AC} group by j.uid
      ) a on a.uid = u.uuid
      left join (
        select uid, sum(best) as score from (
          select j.uid, j.pid, max(j.oi_rank_score) as best from judge j
          where ${PRACTICE} and j.oi_rank_score is not null group by j.uid, j.pid
        ) b group by uid
      ) s on s.uid = u.uuid
      where ${where}
      order by ${order}
      limit ${size} offset ${offset}`);
    const total = rows[0]?.full_count ?? (await countUsers(where));
    return q.type === RankType.ACM
      ? pageOf(rows.map(toAcm), Number(total), current, size)
      : pageOf(rows.map(toRank), Number(total), current, size);
  }

  async function countUsers(where: SQL): Promise<number> {
    const [r] = await db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${where}`);
    return Number(r?.n ?? 0);
  }

  async function findUser(q: UserHomeQuery, viewer: Viewer | null) {
    let cond: SQL | undefined;
    if (q.uid) cond = eq(users.uuid, q.uid);
    else if (q.username) cond = eq(users.username, q.username);
    else if (viewer) cond = eq(users.uuid, viewer.uid);
    else throw new OjError('AUTH_NOT_LOGGED_IN');
    const [u] = await db.select().from(users).where(cond);
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
      const rows = await db.execute<RankRow>(sql`
        select u.uuid as uid, u.username, u.nickname, u.signature, u.avatar, u.title_name, u.title_color,
          count(distinct j.pid)::int as ac, 0 as total, 0 as score, 0 as full_count
        from judge j join users u on u.uuid = j.uid
        where ${PRACTICE} and j.status = ${AC} and j.submit_time >= now() - interval '7 days' and u.status = 0
        group by u.uuid
        order by ac desc, min(j.submit_time) asc
        limit 10`);
      return rows.map(toAcm);
    },

    async lastWeekStatistics(forceRefresh = false) {
      if (!forceRefresh && statsCache && Date.now() - statsCache.at < RANK_CACHE_MS) return statsCache.value;
      const rows = await db.execute<{ d: string; ac: number; total: number }>(sql`
        select to_char(j.submit_time at time zone 'UTC', 'YYYY-MM-DD') as d,
          count(*) filter (where j.status = ${AC})::int as ac, count(*)::int as total
        from judge j
        where j.submit_time >= (date_trunc('day', now() at time zone 'UTC') - interval '6 days') at time zone 'UTC'
        group by d`);
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
      const rows = await db
        .select()
        .from(problems)
        .where(and(eq(problems.auth, 1), eq(problems.isRemote, false)))
        .orderBy(desc(problems.gmtModified), desc(problems.id))
        .limit(10);
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
      const [c] = await db.select({ n: count() }).from(announcement).where(eq(announcement.status, 0));
      if (offset === null) return pageOf([], c?.n ?? 0, current, size);
      const rows = await db
        .select({ a: announcement, username: users.username })
        .from(announcement)
        .leftJoin(users, eq(users.uuid, announcement.uid))
        .where(eq(announcement.status, 0))
        .orderBy(desc(announcement.id))
        .limit(size)
        .offset(offset);
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
      return pageOf(records, c?.n ?? 0, current, size);
    },

    async recentContests() {
      // Visible contests running now or starting within the next 14 days, soonest first.
      const rows = await db
        .select({
          c: contest,
          n: sql<number>`(select count(*)::int from ${contestRegister} where ${contestRegister.cid} = ${contest.id})`,
        })
        .from(contest)
        .where(and(eq(contest.visible, true), sql`${contest.endTime} > now()`, sql`${contest.startTime} < now() + interval '14 days'`))
        .orderBy(contest.startTime)
        .limit(50);
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

    async problemTagsAndClassification(oj = OWN_OJ) {
      const rows = await db.select().from(tags).where(eq(tags.oj, oj)).orderBy(tags.id);
      if (rows.length === 0) return [];
      return [{ classification: null, tagList: rows.map((t) => ({ id: t.id, name: t.name, color: t.color, oj: t.oj })) }];
    },

    async userHome(q, viewer) {
      const u = await findUser(q, viewer);
      const [t] = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from judge j where j.uid = ${u.uuid} and ${PRACTICE}`,
      );
      const solved = await db.execute<{ id: number; problem_id: string; difficulty: number; best: number | null }>(sql`
        select p.id, p.problem_id, p.difficulty, max(j.oi_rank_score)::int as best
        from judge j join problems p on p.id = j.pid
        where j.uid = ${u.uuid} and ${PRACTICE} and j.status = ${AC}
        group by p.id order by p.problem_id`);
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
        total: Number(t?.n ?? 0),
        rating: null,
        scoreList: solved.flatMap((p) => (p.best === null ? [] : [Number(p.best)])),
        solvedList: solved.map((p) => p.problem_id),
        solvedGroupByDifficulty: groups,
        recentLoginTime: null,
      };
    },

    async heatmap(q, viewer) {
      const u = await findUser(q, viewer);
      const rows = await db.execute<{ d: string; n: number }>(sql`
        select to_char(j.submit_time at time zone 'UTC', 'YYYY-MM-DD') as d, count(*)::int as n
        from judge j
        where j.uid = ${u.uuid} and j.submit_time >= now() - interval '1 year'
        group by d order by d`);
      return { endDate: day(new Date()), dataList: rows.map((r) => ({ date: r.d, value: Number(r.n) })) };
    },
  };
}

