// What a contest, its problems and its submissions look like to one viewer: the ContestVO, the contest-problem row,
// and the seal and privacy rules of contest submissions shared by the contest list, the status checks and the
// submission detail.
import { CONTEST_STATUS, JudgeStatus, type AdminContestVO, type ContestProblem, type ContestSubmissionItem, type ContestVO } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { judge } from '../db/schema';
import { contestStatus, isBoardSealed, isContestAdmin, sealOffsetS, type ContestRow } from './access';
import type { ContestProblemRow } from './contest-problem.repo';

type JudgeRow = typeof judge.$inferSelect;

const iso = (d: Date) => d.toISOString();

export function toContestVO(c: ContestRow, count: number, now = Date.now()): ContestVO {
  return {
    id: c.id,
    author: c.author,
    title: c.title,
    type: c.type,
    description: c.description,
    status: contestStatus(c, now),
    source: c.source,
    auth: c.auth,
    now,
    startTime: iso(c.startTime),
    endTime: iso(c.endTime),
    duration: c.duration,
    sealRank: c.sealRank,
    sealRankTime: c.sealRankTime ? iso(c.sealRankTime) : null,
    autoRealRank: c.autoRealRank,
    openPrint: c.openPrint,
    openRank: c.openRank,
    rankShowName: c.rankShowName,
    oiRankScoreType: c.oiRankScoreType,
    allowEndSubmit: c.allowEndSubmit,
    count,
    gid: c.gid,
    imported: c.imported,
  };
}

export function toAdminContestVO(c: ContestRow, count: number, now = Date.now()): AdminContestVO {
  return {
    ...toContestVO(c, count, now),
    uid: c.uid,
    // Stored hashed: never shown back, only whether one is set (contest-password.ts).
    pwd: null,
    pwdSet: c.pwd !== null,
    visible: c.visible,
    openAccountLimit: c.openAccountLimit,
    accountLimitRule: c.accountLimitRule,
    starAccount: c.starAccount,
    awardType: c.awardType,
    awardConfigList: c.awardConfig,
    gmtCreate: iso(c.gmtCreate),
    gmtModified: iso(c.gmtModified),
  };
}

/** The instant the seal begins (null without a seal). */
export function sealAt(c: Pick<ContestRow, 'sealRank' | 'sealRankTime' | 'startTime' | 'duration'>): Date | null {
  const s = sealOffsetS(c);
  return s === null ? null : new Date(c.startTime.getTime() + s * 1000);
}

/** How one contest submission shows to one viewer. */
export interface SubmissionView {
  /** Listed in the contest's submission list and status checks. */
  listed: boolean;
  /** Result replaced by −5 (Submitted Unknown Result): no time, memory, score or error message. */
  hideResult: boolean;
  /** Another user's submission during the contest: no time, memory, length or error message. */
  hideDetails: boolean;
  /** The code (owner and contest admins only). */
  code: boolean;
}

/**
 * Contest admins see everything. While the board is sealed, an
 * ACM contest hides other people's submissions from the seal on (own ones stay visible); an OI contest hides
 * every result: others' submissions from the seal on are not listed, the viewer's own are listed with −5, and
 * the single-submission detail of any OI submission is −5 (`detail`). During the contest, nobody sees the time,
 * memory, length or messages of other people's submissions.
 */
export function submissionView(
  c: ContestRow,
  viewer: Viewer | null,
  j: Pick<JudgeRow, 'uid' | 'submitTime'>,
  opts: { detail?: boolean; now?: number } = {},
): SubmissionView {
  if (isContestAdmin(viewer, c)) return { listed: true, hideResult: false, hideDetails: false, code: true };
  const now = opts.now ?? Date.now();
  const own = viewer !== null && viewer.uid === j.uid;
  const hideDetails = !own && contestStatus(c, now) === CONTEST_STATUS.RUNNING;
  const seal = sealAt(c);
  const sealed = seal !== null && isBoardSealed(c, now);
  const afterSeal = sealed && j.submitTime.getTime() >= seal.getTime();
  if (!sealed) return { listed: true, hideResult: false, hideDetails, code: own };
  if (c.type === 1) {
    if (own) return { listed: true, hideResult: afterSeal || opts.detail === true, hideDetails, code: true };
    return { listed: !afterSeal, hideResult: afterSeal || opts.detail === true, hideDetails, code: false };
  }
  return { listed: own || !afterSeal, hideResult: !own && afterSeal, hideDetails, code: own };
}

/** A judge row as a contest-list row under `view`. */
export function toContestSubmissionItem(j: JudgeRow, title: string, view: SubmissionView): ContestSubmissionItem {
  const hidden = view.hideResult;
  return {
    uid: j.uid,
    submitId: j.submitId,
    username: j.username,
    pid: j.pid,
    displayPid: j.displayPid,
    title,
    displayId: j.displayPid,
    submitTime: iso(j.submitTime),
    status: hidden ? JudgeStatus.SUBMITTED_UNKNOWN_RESULT : j.status,
    share: false,
    time: hidden || view.hideDetails ? null : j.time,
    memory: hidden || view.hideDetails ? null : j.memory,
    score: hidden ? null : j.score,
    oiRankScore: hidden ? null : j.oiRankScore,
    length: view.hideDetails ? null : j.length,
    language: j.language,
    cid: j.cid,
    cpid: j.cpid,
    judger: hidden ? null : j.judger,
    isManual: j.isManual,
  };
}

export function toContestProblem(cp: ContestProblemRow): ContestProblem {
  return { id: cp.id, cid: cp.cid, pid: cp.pid, displayId: cp.displayId, displayTitle: cp.displayTitle, color: cp.color };
}

/** Display ids in natural order (A < B < … ; 2 < 10). */
export const compareDisplayId = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
