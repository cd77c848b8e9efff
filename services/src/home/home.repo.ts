// The SQL of the home page, the user home and the global ranks: read-only aggregates over users, submissions,
// problems, announcements and contests. Every aggregate of submissions is over practice ones only: what happens in
// a contest stays in its own views, which follow its seal and privacy (docs/security.md).
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { GROUP_MEMBER_AUTH, JudgeStatus, RankType } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { escapeLike } from '../db/paging';
import { announcement, contest, problems, users } from '../db/schema';
import { notSealedExam } from '../submission/practice-scope';

const AC = JudgeStatus.ACCEPTED;
/** Submissions counted by the global ranks: outside contests, groups and unreleased exams. */
const PRACTICE = sql`j.cid = 0 and j.gid is null and ${notSealedExam()}`;

export interface RankRow extends Record<string, unknown> {
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

/**
 * One page of a global rank of active users (ACM: distinct accepted problems, then fewer submissions; OI: the sum
 * of each problem's best OI rank score), optionally among users whose names contain `search`; and the total. With
 * `gid`: the group's rank, of its members over the submissions made inside it.
 */
export async function rankPage(db: DbOrTx, type: number, search: string | undefined, size: number, offset: number, gid?: number): Promise<{ rows: RankRow[]; total: number }> {
  const like = search ? `%${escapeLike(search)}%` : null;
  // A group's rank (`gid`): its members (auth member and up), over the submissions made inside the group.
  const members = gid === undefined ? sql`true` : sql`u.uuid in (select gm.uid from group_member gm where gm.gid = ${gid} and gm.auth >= ${GROUP_MEMBER_AUTH.MEMBER})`;
  const counted = gid === undefined ? PRACTICE : sql`j.cid = 0 and j.gid = ${gid} and ${notSealedExam()}`;
  const where = like ? sql`u.status = 0 and ${members} and (u.username ilike ${like} or u.nickname ilike ${like} or u.realname ilike ${like})` : sql`u.status = 0 and ${members}`;
  const order = type === RankType.ACM ? sql`ac desc, total asc, u.username asc` : sql`score desc, ac desc, u.username asc`;
  const rows = await db.execute<RankRow>(sql`
    select u.uuid as uid, u.username, u.nickname, u.signature, u.avatar, u.title_name, u.title_color,
      coalesce(t.total, 0)::int as total, coalesce(a.ac, 0)::int as ac, coalesce(s.score, 0)::int as score,
      count(*) over ()::int as full_count
    from users u
    left join (
      select j.uid, count(*) as total from judge j
      where ${counted} group by j.uid
    ) t on t.uid = u.uuid
    left join (
      select j.uid, count(distinct j.pid) as ac from judge j where ${counted} and j.status = ${AC} group by j.uid
    ) a on a.uid = u.uuid
    left join (
      select uid, sum(best) as score from (
        select j.uid, j.pid, max(j.oi_rank_score) as best from judge j
        where ${counted} and j.oi_rank_score is not null group by j.uid, j.pid
      ) b group by uid
    ) s on s.uid = u.uuid
    where ${where}
    order by ${order}
    limit ${size} offset ${offset}`);
  const total = rows[0]?.full_count ?? (await countUsers(db, where));
  return { rows: [...rows], total: Number(total) };
}

async function countUsers(db: DbOrTx, where: SQL): Promise<number> {
  const [r] = await db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${where}`);
  return Number(r?.n ?? 0);
}

/** The ten active users with the most distinct problems accepted outside contests in the last 7 days. */
export async function sevenDayRank(db: DbOrTx): Promise<RankRow[]> {
  const rows = await db.execute<RankRow>(sql`
    select u.uuid as uid, u.username, u.nickname, u.signature, u.avatar, u.title_name, u.title_color,
      count(distinct j.pid)::int as ac, 0 as total, 0 as score, 0 as full_count
    from judge j join users u on u.uuid = j.uid
    where ${PRACTICE} and j.status = ${AC} and j.submit_time >= now() - interval '7 days' and u.status = 0
    group by u.uuid
    order by ac desc, min(j.submit_time) asc
    limit 10`);
  return [...rows];
}

/** Accepted and all practice submissions per UTC day of the last 7 days (days without any are absent). */
export async function lastWeekCounts(db: DbOrTx) {
  return db.execute<{ d: string; ac: number; total: number }>(sql`
    select to_char(j.submit_time at time zone 'UTC', 'YYYY-MM-DD') as d,
      count(*) filter (where j.status = ${AC})::int as ac, count(*)::int as total
    from judge j
    where ${PRACTICE} and j.submit_time >= (date_trunc('day', now() at time zone 'UTC') - interval '6 days') at time zone 'UTC'
    group by d`);
}

/** The ten public, local problems changed last. */
export async function recentlyUpdatedProblems(db: DbOrTx) {
  return db
    .select()
    .from(problems)
    .where(and(eq(problems.auth, 1), eq(problems.isGroup, false), eq(problems.isRemote, false)))
    .orderBy(desc(problems.gmtModified), desc(problems.id))
    .limit(10);
}

/** Visible site announcements (every one for the admin list), newest first: the total and one page. */
export async function announcementPage(db: DbOrTx, size: number, offset: number | null, visibleOnly = true) {
  const where = visibleOnly ? eq(announcement.status, 0) : undefined;
  const [c] = await db.select({ n: count() }).from(announcement).where(where);
  const rows =
    offset === null
      ? []
      : await db
          .select({ a: announcement, username: users.username })
          .from(announcement)
          .leftJoin(users, eq(users.uuid, announcement.uid))
          .where(where)
          .orderBy(desc(announcement.id))
          .limit(size)
          .offset(offset);
  return { total: c?.n ?? 0, rows };
}

/** Visible contests running now or starting within the next 14 days, soonest first, with their registrations. */
export async function upcomingContests(db: DbOrTx) {
  return db
    .select()
    .from(contest)
    .where(and(eq(contest.visible, true), isNull(contest.gid), sql`${contest.endTime} > now()`, sql`${contest.startTime} < now() + interval '14 days'`))
    .orderBy(contest.startTime)
    .limit(50);
}

export async function findUserBy(db: DbOrTx, by: { uid: string } | { username: string }) {
  const [u] = await db
    .select()
    .from(users)
    .where('uid' in by ? eq(users.uuid, by.uid) : eq(users.username, by.username));
  return u;
}

/** The user's submissions outside contests and groups. */
export async function practiceSubmissionCount(db: DbOrTx, uid: string): Promise<number> {
  const [t] = await db.execute<{ n: number }>(sql`select count(*)::int as n from judge j where j.uid = ${uid} and ${PRACTICE}`);
  return Number(t?.n ?? 0);
}

/** The problems the user accepted outside contests, with their best OI rank score, by problem id. */
export async function solvedProblems(db: DbOrTx, uid: string) {
  return db.execute<{ id: number; problem_id: string; difficulty: number; best: number | null }>(sql`
    select p.id, p.problem_id, p.difficulty, max(j.oi_rank_score)::int as best
    from judge j join problems p on p.id = j.pid
    where j.uid = ${uid} and ${PRACTICE} and j.status = ${AC}
    group by p.id order by p.problem_id`);
}

/** The user's practice submissions per UTC day over the last year. */
export async function submissionsPerDay(db: DbOrTx, uid: string) {
  return db.execute<{ d: string; n: number }>(sql`
    select to_char(j.submit_time at time zone 'UTC', 'YYYY-MM-DD') as d, count(*)::int as n
    from judge j
    where j.uid = ${uid} and ${PRACTICE} and j.submit_time >= now() - interval '1 year'
    group by d order by d`);
}
