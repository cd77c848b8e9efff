// The SQL of the admin dashboard: the counts, the running and upcoming contests, the queue per lane and the
// latest verdicts.
import { and, asc, count, desc, gt, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { JudgeStatus, LANES, type DashboardContest, type DashboardLane, type DashboardVerdict, type Lane } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { contest, judge, testJudge, users, type JudgeRow } from '../db/schema';

const WAITING: number[] = [JudgeStatus.PENDING];
const JUDGING: number[] = [JudgeStatus.COMPILING, JudgeStatus.JUDGING];
/** Not a verdict: still moving, or never judged here. */
const NOT_FINAL: number[] = [...WAITING, ...JUDGING, JudgeStatus.SUBMITTING, JudgeStatus.SUBMITTED_FAILED, JudgeStatus.NOT_SUBMITTED, JudgeStatus.SUBMITTED_UNKNOWN_RESULT];
const UPCOMING_DAYS = 14;
const LIST_MAX = 10;

export async function userCounts(db: DbOrTx, since: Date): Promise<{ total: number; since: number }> {
  const [r] = await db.select({ total: count(), since: sql<number>`count(*) filter (where ${users.gmtCreate} >= ${since.toISOString()})`.mapWith(Number) }).from(users);
  return { total: r?.total ?? 0, since: r?.since ?? 0 };
}

/** Submissions made since `today` and since `week` (the earlier of the two bounds the scan). */
export async function submissionCounts(db: DbOrTx, today: Date, week: Date): Promise<{ today: number; week: number }> {
  const from = today < week ? today : week;
  const [r] = await db
    .select({
      today: sql<number>`count(*) filter (where ${judge.submitTime} >= ${today.toISOString()})`.mapWith(Number),
      week: sql<number>`count(*) filter (where ${judge.submitTime} >= ${week.toISOString()})`.mapWith(Number),
    })
    .from(judge)
    .where(gte(judge.submitTime, from));
  return { today: r?.today ?? 0, week: r?.week ?? 0 };
}

const contestColumns = { id: contest.id, title: contest.title, startTime: contest.startTime, endTime: contest.endTime, type: contest.type, auth: contest.auth };
const toContest = (r: { id: number; title: string; startTime: Date; endTime: Date; type: number; auth: number }): DashboardContest => ({
  ...r,
  startTime: r.startTime.toISOString(),
  endTime: r.endTime.toISOString(),
});

/** Contests running now (ending soonest first) and starting later (soonest first), visible or not. */
export async function dashboardContests(db: DbOrTx, now: Date): Promise<{ running: DashboardContest[]; upcoming: DashboardContest[]; recent: number }> {
  const running = await db
    .select(contestColumns)
    .from(contest)
    .where(and(lte(contest.startTime, now), gt(contest.endTime, now)))
    .orderBy(asc(contest.endTime), asc(contest.id))
    .limit(LIST_MAX);
  const upcoming = await db.select(contestColumns).from(contest).where(gt(contest.startTime, now)).orderBy(asc(contest.startTime), asc(contest.id)).limit(LIST_MAX);
  const horizon = new Date(now.getTime() + UPCOMING_DAYS * 86_400_000);
  const [r] = await db
    .select({ n: count() })
    .from(contest)
    .where(and(gt(contest.endTime, now), lte(contest.startTime, horizon)));
  return { running: running.map(toContest), upcoming: upcoming.map(toContest), recent: r?.n ?? 0 };
}

/**
 * Every lane with its waiting and judging submissions (zeros included), in the runners' order. Online tests (lane
 * `test`) are not submissions: the unanswered ones count as waiting (their table does not tell judging apart).
 */
export async function laneQueues(db: DbOrTx): Promise<DashboardLane[]> {
  const rows = await db
    .select({
      lane: judge.lane,
      waiting: sql<number>`count(*) filter (where ${inArray(judge.status, WAITING)})`.mapWith(Number),
      judging: sql<number>`count(*) filter (where ${inArray(judge.status, JUDGING)})`.mapWith(Number),
    })
    .from(judge)
    .where(inArray(judge.status, [...WAITING, ...JUDGING]))
    .groupBy(judge.lane);
  const [tests] = await db
    .select({ n: count() })
    .from(testJudge)
    .where(and(sql`${testJudge.status} = ${JudgeStatus.PENDING}`, gt(testJudge.expiresAt, sql`now()`)));
  const byLane = new Map(rows.map((r) => [r.lane, r]));
  byLane.set('test', { lane: 'test', waiting: tests?.n ?? 0, judging: 0 });
  return LANES.map((lane: Lane) => ({ lane, waiting: byLane.get(lane)?.waiting ?? 0, judging: byLane.get(lane)?.judging ?? 0 }));
}

/** A verdict as read, with its submit time (which the seal looks at, see sealed-verdicts.ts). */
export type VerdictRow = Pick<JudgeRow, 'submitId' | 'uid' | 'username' | 'pid' | 'displayPid' | 'cid' | 'status' | 'time' | 'memory' | 'judger' | 'progressAt' | 'submitTime'>;

export function toVerdict(row: Omit<VerdictRow, 'submitTime'>): DashboardVerdict {
  const { submitId, uid, username, pid, displayPid, cid, status, time, memory, judger } = row;
  return { submitId, uid, username, pid, displayPid, cid, status, time, memory, judger, judgedAt: row.progressAt.toISOString() };
}

const verdictColumns = {
  submitId: judge.submitId,
  uid: judge.uid,
  username: judge.username,
  pid: judge.pid,
  displayPid: judge.displayPid,
  cid: judge.cid,
  status: judge.status,
  time: judge.time,
  memory: judge.memory,
  judger: judge.judger,
  progressAt: judge.progressAt,
  submitTime: judge.submitTime,
};

/** The newest judged submissions, newest first (by submit id: the primary key's order, no sort of the table). */
export async function latestVerdicts(db: DbOrTx, limit: number): Promise<VerdictRow[]> {
  return db.select(verdictColumns).from(judge).where(notInArray(judge.status, NOT_FINAL)).orderBy(desc(judge.submitId)).limit(limit);
}

/** These submissions as verdicts, in the order of `ids` (ones no longer judged are left out). */
export async function verdictsOf(db: DbOrTx, ids: readonly number[]): Promise<VerdictRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(verdictColumns)
    .from(judge)
    .where(and(inArray(judge.submitId, [...ids]), notInArray(judge.status, NOT_FINAL)));
  const byId = new Map(rows.map((r) => [r.submitId, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [r] : [];
  });
}
