// What a contest's boards are computed from: the judged contest records minus the excluded
// ones (super admins, the contest creator, submissions before the start), the problems in display order, the
// star users, the display fields of the users on the board, and the view configurations.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { topics } from '@oj/proto';
import type { BoardConfig, BoardView, ContestType, OiRankScoreType, ScoreRecord } from '@oj/proto';
import type { DbOrTx } from '../../db/client';
import { contestProblem, contestRecord, pushTopic, users } from '../../db/schema';
import { isBoardSealed, sealOffsetS, type ContestRow } from '../access';

/** A board record plus what the AC helper and the scroll board need. */
export interface BoardRecord extends ScoreRecord {
  submitId: number | null;
  submitTime: Date;
}

/** Display fields joined to a board row (proto AcmRankVO/OiRankVO minus the row). */
export interface RankUser {
  username: string;
  realname: string | null;
  nickname: string | null;
  school: string | null;
  gender: string | null;
  avatar: string | null;
}

export const ALL_VIEWS: readonly BoardView[] = ['public', 'public-end', 'live', 'live-end'];

export const isLiveView = (v: BoardView) => v === 'live' || v === 'live-end';
export const viewTopic = (cid: number, v: BoardView) => (isLiveView(v) ? topics.contestAdmin(cid) : topics.scoreboard(cid));

/** Whether the board of `c` is sealed now for the public (admins' live views never are). */
export const publicSealed = (c: ContestRow, now = Date.now()) => isBoardSealed(c, now);

/**
 * The views kept for a contest: the `-end` variants only when submissions after the end are allowed, and the
 * public one only while the public board is not sealed (containsEnd is never honoured on a sealed board).
 */
export function keptViews(c: ContestRow, sealed: boolean): BoardView[] {
  const out: BoardView[] = ['public', 'live'];
  if (c.allowEndSubmit) {
    out.push('live-end');
    if (!sealed) out.push('public-end');
  }
  return out;
}

/** The engine configuration of one view. */
export function viewConfig(c: ContestRow, view: BoardView, sealed: boolean, starUids: readonly string[]): BoardConfig {
  const sealS = !isLiveView(view) && sealed ? sealOffsetS(c) : null;
  const awardType = c.awardType === 1 || c.awardType === 2 ? c.awardType : 0;
  return {
    type: (c.type === 1 ? 1 : 0) as ContestType,
    durationS: c.duration,
    sealS,
    containsEnd: view.endsWith('-end') && c.allowEndSubmit && sealS === null,
    oiRankScoreType: (c.oiRankScoreType === 'Highest' ? 'Highest' : 'Recent') as OiRankScoreType,
    starUids,
    awardType,
    awards: [...c.awardConfig].sort((a, b) => a.priority - b.priority),
  };
}

/**
 * The rules of a contest that shape its boards; an edit that changes them without bumping the board version
 * (the contest service should call `boardRulesChanged`) is still noticed by comparing this fingerprint.
 */
export function rulesFingerprint(c: ContestRow, problems: string): string {
  return JSON.stringify([
    c.uid,
    c.type,
    c.startTime.getTime(),
    c.endTime.getTime(),
    c.duration,
    c.sealRank,
    c.sealRankTime?.getTime() ?? null,
    c.autoRealRank,
    c.allowEndSubmit,
    c.oiRankScoreType,
    c.starAccount,
    c.awardType,
    c.awardConfig,
    c.rankShowName,
    problems,
  ]);
}

/** `A:#f00,B:` — the problems and colours, as the fingerprint and the SQL sub-select below spell them. */
export const problemsSql = (cid: number) =>
  sql<string>`coalesce((select string_agg(${contestProblem.displayId} || ':' || coalesce(${contestProblem.color}, ''), ',' order by ${contestProblem.displayId}) from ${contestProblem} where ${contestProblem.cid} = ${cid}), '')`;

/** Display ids in natural order (A, B, …, A2, A10). */
export function sortDisplayIds(ids: string[]): string[] {
  return [...ids].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

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

/** Whether a record of `uid` submitted at `submitTime` counts on the board (the contest's creator and super admins are left out). */
export const countsOnBoard = (c: ContestRow, uid: string, submitTime: Date) => uid !== c.uid && submitTime.getTime() >= c.startTime.getTime();

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
export function shownName(c: Pick<ContestRow, 'rankShowName'>, u: RankUser | undefined): string {
  if (!u) return '';
  if (c.rankShowName === 'realname') return u.realname || u.username;
  if (c.rankShowName === 'nickname') return u.nickname || u.username;
  return u.username;
}
