// The browser's side of a board: the ranking config, search, the column statistics, what a cell shows and which
// board places a page of the list shows (the window itself is proto's BoardWindow). Pure, unit-tested.
import { type AcmCell, type AcmRankVO, type AwardConfig, type OiRankVO, type RankConfig, type RankPage } from '@oj/proto';

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

export { problemStats } from '@oj/proto';
export type { ProblemStat } from '@oj/proto';

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

/**
 * The list a board page shows: copies of the followed rows first (present on the board, star rows left out when
 * they are removed), then the board's places (star rows skipped when removed). `place(j)` is the board index of the
 * list's j-th board row.
 */
export interface BoardList {
  pinned: readonly RankRow[];
  /** Board rows in the list (the total the pager counts). */
  boardCount: number;
  place(j: number): number;
}

export function boardList(total: number, starIndices: readonly number[], pinned: readonly RankRow[], removeStar: boolean): BoardList {
  if (!removeStar || starIndices.length === 0) return { pinned, boardCount: total, place: (j) => j };
  const stars = [...starIndices].sort((a, b) => a - b);
  return {
    pinned,
    boardCount: total - stars.length,
    place(j) {
      let i = j;
      for (const s of stars) if (s <= i) i++;
      return i;
    },
  };
}
