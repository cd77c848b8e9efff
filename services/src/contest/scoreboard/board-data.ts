// The boards' rules and shapes: which records count (not the contest creator's, not before the start; super
// admins' are left out by the SQL in board.repo.ts), the views and their configurations, the rules fingerprint,
// the problems' display order and the name a row shows.
import { topics } from '@oj/proto';
import type { BoardConfig, BoardView, ContestType, OiRankScoreType, ScoreRecord } from '@oj/proto';
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

/** Display ids in natural order (A, B, …, A2, A10). */
export function sortDisplayIds(ids: string[]): string[] {
  return [...ids].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** Whether a record of `uid` submitted at `submitTime` counts on the board (the contest's creator and super admins are left out). */
export const countsOnBoard = (c: ContestRow, uid: string, submitTime: Date) => uid !== c.uid && submitTime.getTime() >= c.startTime.getTime();

export function shownName(c: Pick<ContestRow, 'rankShowName'>, u: RankUser | undefined): string {
  if (!u) return '';
  if (c.rankShowName === 'realname') return u.realname || u.username;
  if (c.rankShowName === 'nickname') return u.nickname || u.username;
  return u.username;
}
