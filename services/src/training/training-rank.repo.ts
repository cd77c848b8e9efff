// The SQL behind progress and the training rank: each user's practice standing on problems (ever accepted with the
// best run time, else the latest verdict), the rank's members, the solved counts of the list, the submissions made
// inside a training, and the trainings a verdict concerns.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { JudgeStatus } from '@oj/proto';
import type { RankUser } from '../contest/scoreboard/board-data';
import type { DbOrTx } from '../db/client';
import { judge, trainingProblem, trainingRecord, trainingRegister, users } from '../db/schema';
import { notSealedExam } from '../submission/practice-scope';

/** Verdicts that are not final yet: they do not count in a standing. */
const IN_PROGRESS = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];

/** One user's practice standing on one problem. */
export interface StandingRow {
  uid: string;
  pid: number;
  /** Ever accepted, and then the best (smallest) accepted run time. */
  ac: boolean;
  acTime: number | null;
  /** The latest final verdict and its run time. */
  lastStatus: number;
  lastTime: number | null;
}

/** Members of training `tid`: registered (private trainings) or who submitted inside it. */
const membersOf = (tid: number, uidCol: unknown): SQL =>
  sql`${uidCol} in (select ${trainingRegister.uid} from ${trainingRegister} where ${trainingRegister.tid} = ${tid} and ${trainingRegister.status} union select ${trainingRecord.uid} from ${trainingRecord} where ${trainingRecord.tid} = ${tid})`;

/**
 * The submissions a training counts: outside contests and groups; a group's training (`gid`) also those made inside
 * its group (its own problems are submitted there, and in its trainings). Never an unreleased exam's.
 */
const counted = (gid: number | null): SQL =>
  sql`${judge.cid} = 0 and ${gid === null ? sql`${judge.gid} is null` : sql`(${judge.gid} is null or ${judge.gid} = ${gid})`} and ${notSealedExam(judge.submitId)}`;

/**
 * The practice standings (submissions outside contests, a training's included) on `pids`, of `who`: some users, or
 * the members of a training; `gid`: the training's group (see `counted`).
 */
export async function standings(db: DbOrTx, pids: number[], who: { uids: string[] } | { members: number }, gid: number | null = null): Promise<StandingRow[]> {
  if (pids.length === 0 || ('uids' in who && who.uids.length === 0)) return [];
  const byWho = 'uids' in who ? inArray(judge.uid, who.uids) : membersOf(who.members, judge.uid);
  const rows = await db
    .select({
      uid: judge.uid,
      pid: judge.pid,
      ac: sql<boolean>`bool_or(${judge.status} = ${JudgeStatus.ACCEPTED})`,
      acTime: sql<number | null>`min(${judge.time}) filter (where ${judge.status} = ${JudgeStatus.ACCEPTED})`,
      lastStatus: sql<number>`(array_agg(${judge.status} order by ${judge.submitId} desc))[1]`,
      lastTime: sql<number | null>`(array_agg(${judge.time} order by ${judge.submitId} desc))[1]`,
    })
    .from(judge)
    .where(and(counted(gid), inArray(judge.pid, pids), sql`${judge.status} not in (${sql.join(IN_PROGRESS.map((s) => sql`${s}`), sql`, `)})`, byWho))
    .groupBy(judge.uid, judge.pid);
  return rows.map((r) => ({ ...r, acTime: r.acTime === null ? null : Number(r.acTime), lastStatus: Number(r.lastStatus), lastTime: r.lastTime === null ? null : Number(r.lastTime) }));
}

/** A member as the rank shows them. */
export interface MemberRow extends RankUser {
  uid: string;
}

/** The members a training's rank lists: not its author, not super admins (the original product's exclusions). */
export async function rankMembers(db: DbOrTx, tid: number, authorUid: string): Promise<MemberRow[]> {
  return db
    .select({ uid: users.uuid, username: users.username, realname: users.realname, nickname: users.nickname, school: users.school, gender: users.gender, avatar: users.avatar })
    .from(users)
    .where(
      and(
        membersOf(tid, users.uuid),
        sql`${users.uuid} <> ${authorUid}`,
        sql`not exists (select 1 from user_role ur join roles ro on ro.id = ur.role_id where ur.uid = ${users.uuid} and ro.role = 'root')`,
      ),
    );
}

/** Training id → how many of its problems `uid` has accepted in practice, for the trainings of a list page (of group `gid`'s trainings: null, the site's). */
export async function solvedCounts(db: DbOrTx, uid: string, tids: number[], gid: number | null = null): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (tids.length === 0) return out;
  const rows = await db
    .select({ tid: trainingProblem.tid, n: sql<number>`count(*)::int` })
    .from(trainingProblem)
    .where(
      and(
        inArray(trainingProblem.tid, tids),
        sql`exists (select 1 from ${judge} where ${judge.uid} = ${uid} and ${judge.pid} = ${trainingProblem.pid} and ${counted(gid)} and ${judge.status} = ${JudgeStatus.ACCEPTED})`,
      ),
    )
    .groupBy(trainingProblem.tid);
  for (const r of rows) out.set(r.tid, Number(r.n));
  return out;
}

/** Files a submission under the training it was made in. */
export async function insertRecord(db: DbOrTx, v: { tid: number; tpid: number; pid: number; uid: string; submitId: number }): Promise<void> {
  await db.insert(trainingRecord).values(v);
}

/** The trainings holding problem `pid` of which `uid` is a member: a verdict of theirs there moves these trainings. */
export async function trainingsOfMember(db: DbOrTx, uid: string, pid: number): Promise<number[]> {
  const rows = await db
    .select({ tid: trainingProblem.tid })
    .from(trainingProblem)
    .where(
      and(
        eq(trainingProblem.pid, pid),
        sql`(exists (select 1 from ${trainingRegister} r where r.tid = ${trainingProblem.tid} and r.uid = ${uid} and r.status) or exists (select 1 from ${trainingRecord} rc where rc.tid = ${trainingProblem.tid} and rc.uid = ${uid}))`,
      ),
    );
  return rows.map((r) => r.tid);
}
