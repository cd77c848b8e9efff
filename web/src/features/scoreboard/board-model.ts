// The browser's copy of a board: applying pushed deltas (with the display fields of each user), the ranking
// config, search, the column statistics and what a cell shows. Pure, unit-tested.
import {
  applyMoves,
  type AcmCell,
  type AcmRankVO,
  type AwardConfig,
  type BoardRow,
  type OiRankVO,
  type RankConfig,
  type RankPage,
  type RowMove,
  type ScoreboardDelta,
} from '@oj/proto';

export type RankRow = AcmRankVO | OiRankVO;
export type UserFields = Pick<RankRow, 'username' | 'realname' | 'nickname' | 'school' | 'gender' | 'avatar'>;

/** The ranking config of a board: from the answer when the server sends it, otherwise read off the rows. */
export function rankConfigOf(page: Pick<RankPage, 'records' | 'rankConfig'>, type: 0 | 1): RankConfig {
  if (page.rankConfig) {
    const t = page.rankConfig.awardType;
    return { type, starUids: page.rankConfig.starUids, awardType: t === 1 || t === 2 ? t : 0, awards: page.rankConfig.awards };
  }
  const starUids = page.records.filter((r) => r.rank === -1).map((r) => r.uid);
  const awards: AwardConfig[] = [];
  for (const r of page.records) {
    if (!r.isWinAward || r.awardName === null) continue;
    const last = awards[awards.length - 1];
    if (last && last.name === r.awardName) last.num++;
    else awards.push({ priority: awards.length + 1, name: r.awardName, background: r.awardBackground ?? '', color: r.awardColor ?? '', num: 1 });
  }
  return { type, starUids, awardType: awards.length > 0 ? 2 : 0, awards };
}

const EMPTY_USER: UserFields = { username: '', realname: null, nickname: null, school: null, gender: null, avatar: null };

export interface AppliedDelta {
  rows: RankRow[];
  config: RankConfig;
  /** Uids whose row changed place or content (to flash). */
  changed: string[];
}

/**
 * Applies a delta's moves to the full board. Moved rows keep the display fields the board already has for their
 * user (new users bring theirs in `delta.users`); a row reported as a star user joins the star list.
 */
export function applyDelta(rows: readonly RankRow[], delta: Pick<ScoreboardDelta, 'moves' | 'users'>, config: RankConfig): AppliedDelta {
  const known = new Map<string, UserFields>();
  for (const r of rows) known.set(r.uid, r);
  let starUids = config.starUids;
  const moves: RowMove[] = delta.moves.map((m) => {
    const uid = m.row.uid;
    const user = delta.users?.[uid] ?? known.get(uid) ?? { ...EMPTY_USER, username: uid };
    if (m.row.rank === -1 && !starUids.includes(uid)) starUids = [...starUids, uid];
    const fields: UserFields = {
      username: user.username,
      realname: user.realname,
      nickname: user.nickname,
      school: user.school,
      gender: user.gender,
      avatar: user.avatar,
    };
    return { ...m, row: { ...m.row, ...fields } as BoardRow };
  });
  const next = starUids === config.starUids ? config : { ...config, starUids };
  // applyMoves reassigns rank and award fields on the row objects it keeps: work on copies so a React state
  // holding the previous array never changes under it.
  const copy = rows.map((r) => ({ ...r })) as BoardRow[];
  const out = applyMoves(copy, moves, next) as RankRow[];
  return { rows: out, config: next, changed: delta.moves.filter((m) => !m.removed).map((m) => m.row.uid) };
}

/** The name a board shows for a user (the contest's `rankShowName`), falling back to the username. */
export function shownName(row: Pick<UserFields, 'username' | 'realname' | 'nickname'>, rankShowName: string): string {
  if (rankShowName === 'realname' && row.realname) return row.realname;
  if (rankShowName === 'nickname' && row.nickname) return row.nickname;
  return row.username;
}

/** Search: the school or the shown name contains the keyword (already lower-cased). */
export function matcher(rankShowName: string): (row: RankRow, keyword: string) => boolean {
  return (row, keyword) => shownName(row, rankShowName).toLowerCase().includes(keyword) || (row.school ?? '').toLowerCase().includes(keyword);
}

export interface ProblemStat {
  ac: number;
  /** Rejected (penalised) submissions; for OI the attempts that were not full marks. */
  rejected: number;
  /** Submissions hidden by the seal. */
  pending: number;
  total: number;
}

/** Per-problem header figures computed from the board itself, so they follow the pushed deltas. */
export function problemStats(rows: readonly RankRow[], displayIds: readonly string[], type: 0 | 1): Record<string, ProblemStat> {
  const out: Record<string, ProblemStat> = {};
  for (const id of displayIds) out[id] = { ac: 0, rejected: 0, pending: 0, total: 0 };
  for (const r of rows) {
    for (const id of displayIds) {
      const s = out[id]!;
      if (type === 0) {
        const cell = (r as AcmRankVO).submissionInfo[id];
        if (!cell) continue;
        if (cell.isAC) s.ac++;
        s.rejected += cell.errorNum;
        s.pending += cell.tryNum;
        s.total += cell.errorNum + cell.tryNum + (cell.isAC ? 1 : 0);
      } else {
        const score = (r as OiRankVO).submissionInfo[id];
        if (score === undefined) continue;
        if ((r as OiRankVO).timeInfo[id] !== undefined) s.ac++;
        else s.rejected++;
        s.total++;
      }
    }
  }
  return out;
}

export type AcmCellClass = 'first-ac' | 'ac' | 'after-ac' | 'try' | 'wa' | 'none';

export interface AcmCellView {
  cls: AcmCellClass;
  /** ⌊ACTime/60⌋ (null when not solved). */
  minute: number | null;
  afterContest: boolean;
  /** `n tries` under an AC (every attempt up to the AC) or on a rejected cell. */
  tries: number | null;
  /** `e+t tries` while results are hidden. */
  pending: { errors: number; hidden: number } | null;
}

export function acmCellView(cell: AcmCell | undefined): AcmCellView {
  if (!cell) return { cls: 'none', minute: null, afterContest: false, tries: null, pending: null };
  if (cell.isAC) {
    const cls: AcmCellClass = cell.isAfterContest ? 'after-ac' : cell.isFirstAC ? 'first-ac' : 'ac';
    return { cls, minute: Math.floor((cell.ACTime ?? 0) / 60), afterContest: cell.isAfterContest, tries: cell.errorNum + 1, pending: null };
  }
  if (cell.tryNum > 0) return { cls: 'try', minute: null, afterContest: false, tries: null, pending: { errors: cell.errorNum, hidden: cell.tryNum } };
  if (cell.errorNum > 0) return { cls: 'wa', minute: null, afterContest: false, tries: cell.errorNum, pending: null };
  return { cls: 'none', minute: null, afterContest: false, tries: null, pending: null };
}

/** OI cell colour band: full marks, zero, or in between. */
export function oiScoreClass(score: number | undefined): 'full' | 'zero' | 'partial' | 'none' {
  if (score === undefined) return 'none';
  if (score >= 100) return 'full';
  if (score <= 0) return 'zero';
  return 'partial';
}

/** Users followed on a board ("concerned"), kept in localStorage per contest. */
export const concernedKey = (cid: number) => `contest-concerned:${cid}`;

export const isStringList = (x: unknown): x is string[] => Array.isArray(x) && x.every((v) => typeof v === 'string');
