// The SQL the boards are computed from: a contest's problems (with the fingerprint of their display ids and
// colours), its star users, its judged records minus the excluded ones, the users shown, and its topics' seqs.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { topics } from '@oj/proto';
import type { DbOrTx } from '../../db/client';
import { contestProblem, contestRecord, pushTopic, users } from '../../db/schema';
import type { ContestRow } from '../access';
import { sortDisplayIds, type BoardRecord, type RankUser } from './board-data';

/** `A:#f00,B:` — the problems and colours, as the fingerprint and the SQL sub-select below spell them. */
export const problemsSql = (cid: number) =>
  sql<string>`coalesce((select string_agg(${contestProblem.displayId} || ':' || coalesce(${contestProblem.color}, ''), ',' order by ${contestProblem.displayId}) from ${contestProblem} where ${contestProblem.cid} = ${cid}), '')`;

export interface ContestProblems {
  displayIds: string[];
  colors: Record<string, string | null>;
  fingerprint: string;
}

export async function loadProblems(db: DbOrTx, cid: number): Promise<ContestProblems> {
  const rows = await db
    .select({ displayId: contestProblem.displayId, color: contestProblem.color })
    .from(contestProblem)
    .where(eq(contestProblem.cid, cid));
  const [fp] = await db.execute<{ fp: string }>(sql`select ${problemsSql(cid)} as fp`);
  const colors: Record<string, string | null> = {};
  for (const r of rows) colors[r.displayId] = r.color;
  return { displayIds: sortDisplayIds(rows.map((r) => r.displayId)), colors, fingerprint: fp?.fp ?? '' };
}

/** Uids of the contest's star accounts (usernames that exist). */
export async function loadStarUids(db: DbOrTx, c: ContestRow): Promise<string[]> {
  if (c.starAccount.length === 0) return [];
  const rows = await db.select({ uid: users.uuid }).from(users).where(inArray(users.username, c.starAccount));
  return rows.map((r) => r.uid);
}

/** Users whose records never reach a board: super admins (role root). */
export const isRootSql = (uidCol: unknown) =>
  sql`exists (select 1 from user_role ur join roles ro on ro.id = ur.role_id where ur.uid = ${uidCol} and ro.role = 'root')`;

export async function isRootUid(db: DbOrTx, uid: string): Promise<boolean> {
  const rows = await db.execute<{ r: boolean }>(sql`select ${isRootSql(uid)} as r`);
  return rows[0]?.r === true;
}


/**
 * The judged records of the contest that count on its boards, in (time, id) order, for problems still in the
 * contest. `exceptId` leaves one record out (the writer rebuilds the board as it was before its own record).
 */
export async function loadRecords(db: DbOrTx, c: ContestRow, displayIds: readonly string[], exceptId?: number): Promise<BoardRecord[]> {
  const known = new Set(displayIds);
  const rows = await db
    .select({
      id: contestRecord.id,
      uid: contestRecord.uid,
      displayId: contestRecord.displayId,
      time: contestRecord.time,
      status: contestRecord.status,
      score: contestRecord.score,
      useTime: contestRecord.useTime,
      submitId: contestRecord.submitId,
      submitTime: contestRecord.submitTime,
    })
    .from(contestRecord)
    .where(
      and(
        eq(contestRecord.cid, c.id),
        isNotNull(contestRecord.status),
        sql`${contestRecord.uid} <> ${c.uid}`,
        sql`${contestRecord.submitTime} >= ${c.startTime.toISOString()}`,
        sql`not ${isRootSql(contestRecord.uid)}`,
        exceptId === undefined ? undefined : sql`${contestRecord.id} <> ${exceptId}`,
      ),
    )
    .orderBy(contestRecord.time, contestRecord.id);
  return rows.filter((r) => known.has(r.displayId)).map((r) => ({ ...r, status: r.status! }));
}

export async function loadUsers(db: DbOrTx, uids: Iterable<string>): Promise<Map<string, RankUser>> {
  const list = [...new Set(uids)];
  const out = new Map<string, RankUser>();
  for (let i = 0; i < list.length; i += 5000) {
    const rows = await db
      .select({
        uid: users.uuid,
        username: users.username,
        realname: users.realname,
        nickname: users.nickname,
        school: users.school,
        gender: users.gender,
        avatar: users.avatar,
      })
      .from(users)
      .where(inArray(users.uuid, list.slice(i, i + 5000)));
    for (const { uid, ...u } of rows) out.set(uid, u);
  }
  return out;
}

/** Latest seq of the public and the admin board topics. */
export async function loadTopicSeqs(db: DbOrTx, cid: number): Promise<{ public: number; admin: number }> {
  const rows = await db
    .select({ topic: pushTopic.topic, seq: pushTopic.seq })
    .from(pushTopic)
    .where(inArray(pushTopic.topic, [topics.scoreboard(cid), topics.contestAdmin(cid)]));
  const seq = (t: string) => rows.find((r) => r.topic === t)?.seq ?? 0;
  return { public: seq(topics.scoreboard(cid)), admin: seq(topics.contestAdmin(cid)) };
}

/** The name a board shows for a user (`rankShowName`), falling back to the username. */
