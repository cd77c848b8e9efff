// The SQL of the contest row and its registrations. The contest's problems are in contest-problem.repo.ts.
import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { CONTEST_STATUS, GROUP_MEMBER_AUTH } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { escapeLike } from '../db/paging';
import { contest, contestRecord, contestRegister, groupMember, groups } from '../db/schema';

/**
 * A contest row; a group contest's (`gid` set) as read by `findContest` also carries its group's admins (uid →
 * member auth 4 or 5; none while the group is banned), so that `isContestAdmin` stays a pure function.
 */
export type ContestRow = typeof contest.$inferSelect & { groupAdmins?: ReadonlyMap<string, number> };

export async function findContest(db: DbOrTx, cid: number): Promise<ContestRow | undefined> {
  const [c] = await db.select().from(contest).where(eq(contest.id, cid));
  if (!c || c.gid === null) return c;
  const admins = await db
    .select({ uid: groupMember.uid, auth: groupMember.auth })
    .from(groupMember)
    .innerJoin(groups, eq(groups.id, groupMember.gid))
    .where(and(eq(groupMember.gid, c.gid), gte(groupMember.auth, GROUP_MEMBER_AUTH.ADMIN), eq(groups.status, 0)));
  return { ...c, groupAdmins: new Map(admins.map((a) => [a.uid, a.auth])) };
}

/** The contests among `cids` (any order). */
export async function findContests(db: DbOrTx, cids: readonly number[]): Promise<ContestRow[]> {
  return cids.length === 0 ? [] : db.select().from(contest).where(inArray(contest.id, [...cids]));
}

export async function isRegistered(db: DbOrTx, cid: number, uid: string): Promise<boolean> {
  const [r] = await db
    .select({ uid: contestRegister.uid })
    .from(contestRegister)
    .where(and(eq(contestRegister.cid, cid), eq(contestRegister.uid, uid)));
  return r !== undefined;
}

/**
 * Participants per contest: the users who registered or made a contest submission (a public contest has no
 * registrations, so registrations alone count 0 there).
 */
export async function participantCounts(db: DbOrTx, cids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (cids.length === 0) return out;
  const ids = sql.join(cids.map((c) => sql`${c}`), sql`, `);
  const rows = await db.execute<{ cid: number; n: number }>(sql`
    select p.cid, count(*)::int as n from (
      select ${contestRegister.cid} as cid, ${contestRegister.uid} as uid from ${contestRegister} where ${contestRegister.cid} in (${ids})
      union
      select ${contestRecord.cid}, ${contestRecord.uid} from ${contestRecord} where ${contestRecord.cid} in (${ids})
    ) p group by p.cid`);
  for (const r of rows) out.set(Number(r.cid), Number(r.n));
  return out;
}

/** Participants of one contest. */
export async function participantCount(db: DbOrTx, cid: number): Promise<number> {
  return (await participantCounts(db, [cid])).get(cid) ?? 0;
}

/** Registers `uid`; false when already registered. */
export async function addRegistration(db: DbOrTx, cid: number, uid: string): Promise<boolean> {
  const added = await db.insert(contestRegister).values({ cid, uid }).onConflictDoNothing().returning({ uid: contestRegister.uid });
  return added.length > 0;
}

export interface ContestListFilter {
  type?: number;
  /** −1 scheduled, 0 running, 1 ended at `now`. */
  status?: number;
  keyword?: string;
  /** A group's contests (its list); undefined: the site's. */
  gid?: number;
  now: Date;
}

/** Visible contests matching `f`: running first, then scheduled, then ended; newest start first within each. */
export async function listVisibleContests(db: DbOrTx, f: ContestListFilter, size: number, offset: number | null) {
  // A group's contests live in the group only.
  const conds: (SQL | undefined)[] = [eq(contest.visible, true), f.gid === undefined ? isNull(contest.gid) : eq(contest.gid, f.gid)];
  if (f.type !== undefined) conds.push(eq(contest.type, f.type));
  if (f.status === CONTEST_STATUS.SCHEDULED) conds.push(gt(contest.startTime, f.now));
  else if (f.status === CONTEST_STATUS.RUNNING) conds.push(lte(contest.startTime, f.now), gt(contest.endTime, f.now));
  else if (f.status === CONTEST_STATUS.ENDED) conds.push(lte(contest.endTime, f.now));
  if (f.keyword) conds.push(ilike(contest.title, `%${escapeLike(f.keyword)}%`));
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(contest).where(where);
  const nowSql = sql`${f.now.toISOString()}::timestamptz`;
  const phase = sql`case when ${contest.startTime} > ${nowSql} then 1 when ${contest.endTime} > ${nowSql} then 0 else 2 end`;
  const rows = offset === null ? [] : await db.select().from(contest).where(where).orderBy(phase, desc(contest.startTime), desc(contest.id)).limit(size).offset(offset);
  return { total, rows };
}

/** Moves the contest's board version on (the row lock orders the board's writers across processes); the new row. */
export async function bumpBoardVersion(tx: DbOrTx, cid: number): Promise<ContestRow | undefined> {
  const [c] = await tx
    .update(contest)
    .set({ boardVersion: sql`${contest.boardVersion} + 1` })
    .where(eq(contest.id, cid))
    .returning();
  return c;
}
