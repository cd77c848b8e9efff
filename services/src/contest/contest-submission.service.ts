// A contest's submissions as contestants see them: the list and the status checks under the seal rules (ACM hides
// others' submissions from the seal on, OI every result), and the caller's per-problem status.
import {
  JudgeStatus,
  PAGE_SIZES,
  type CheckContestSubmissionsBody,
  type ContestSubmissionItem,
  type ContestSubmissionListQuery,
  type PageOf,
  type UserProblemStatus,
  type UserProblemStatusBody,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { isInt4, type DbOrTx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { assertEnter, isBoardSealed, isContestAdmin, loadContest, type ContestRow } from './access';
import { sealAt, submissionView, toContestSubmissionItem } from './contest-view';
import { contestSubmissionRows, contestSubmissionWhere, countSubmissions, userStatusRows, type SealCut } from './contest-submission.repo';

export interface ContestSubmissionService {
  submissions(q: ContestSubmissionListQuery, viewer: Viewer): Promise<PageOf<ContestSubmissionItem>>;
  checkSubmissions(body: CheckContestSubmissionsBody, viewer: Viewer): Promise<Record<string, ContestSubmissionItem>>;
  problemStatus(body: UserProblemStatusBody, viewer: Viewer): Promise<Record<string, UserProblemStatus>>;
}

/**
 * The seal's cut of a contest's submissions for `viewer`: none for its admins or when the board is not sealed.
 * Others' submissions from the seal on are not listed; in OI the viewer's own show −5, so a status filter must not
 * reveal their real results either.
 */
export function sealCut(c: ContestRow, viewer: Viewer, statusFiltered: boolean, now = Date.now()): SealCut | undefined {
  const seal = sealAt(c);
  if (isContestAdmin(viewer, c) || seal === null || !isBoardSealed(c, now)) return undefined;
  if (c.type === 1 && statusFiltered) return { before: seal };
  return { before: seal, exceptUid: viewer.uid };
}

export function createContestSubmissionService(db: DbOrTx): ContestSubmissionService {
  async function items(c: ContestRow, viewer: Viewer, where: ReturnType<typeof contestSubmissionWhere>, size: number, offset: number) {
    const rows = await contestSubmissionRows(db, where, size, offset);
    const now = Date.now();
    return rows.map(({ j, title }) => toContestSubmissionItem(j, title ?? j.displayPid, submissionView(c, viewer, j, { now })));
  }

  return {
    async submissions(q, viewer) {
      const c = await loadContest(db, q.contestID);
      await assertEnter(db, c, viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.submissionList;
      const offset = pageOffset(current, size);
      if (q.status !== undefined && !isInt4(q.status)) return pageOf([], 0, current, size);
      const pidFilter = q.problemID?.trim();
      const where = contestSubmissionWhere(c, {
        beforeStart: q.beforeContestSubmit === true,
        containsEnd: q.containsEnd === true,
        ...(q.onlyMine ? { uid: viewer.uid } : q.username?.trim() ? { username: q.username.trim() } : {}),
        ...(pidFilter && { displayPid: { value: pidFilter, exact: Boolean(q.completeProblemID) } }),
        ...(q.status !== undefined && { status: q.status }),
        seal: sealCut(c, viewer, q.status !== undefined),
      });
      const total = await countSubmissions(db, where);
      const records = offset === null ? [] : await items(c, viewer, where, size, offset);
      return pageOf(records, total, current, size);
    },

    async checkSubmissions(body, viewer) {
      const c = await loadContest(db, body.cid);
      await assertEnter(db, c, viewer);
      const ids = body.submitIds.filter(isInt4);
      if (ids.length === 0) return {};
      // The original product answers while sealed only submissions before the seal; ours follows the list's rules.
      const where = contestSubmissionWhere(c, { submitIds: ids, seal: sealCut(c, viewer, false) });
      const out: Record<string, ContestSubmissionItem> = {};
      for (const s of await items(c, viewer, where, ids.length, 0)) out[String(s.submitId)] = s;
      return out;
    },

    async problemStatus(body, viewer) {
      const pids = [...new Set(body.pidList.filter(isInt4))];
      const out: Record<string, UserProblemStatus> = {};
      if (pids.length === 0) return out;
      const cid = body.isContestProblemList ? (body.cid ?? 0) : 0;
      let hideAll = false;
      let before: Date | undefined;
      if (cid > 0) {
        const c = await loadContest(db, cid);
        await assertEnter(db, c, viewer);
        if (!body.containsEnd) before = c.endTime;
        hideAll = c.type === 1 && !isContestAdmin(viewer, c) && isBoardSealed(c);
      }
      for (const r of await userStatusRows(db, viewer.uid, pids, cid, before)) {
        const key = String(r.pid);
        const seen = out[key];
        if (!seen) out[key] = { status: r.status, score: r.score };
        else {
          if (r.status === JudgeStatus.ACCEPTED) seen.status = JudgeStatus.ACCEPTED;
          if (r.score !== null && (seen.score === null || r.score > seen.score)) seen.score = r.score;
        }
      }
      for (const pid of pids) {
        const key = String(pid);
        if (!out[key]) out[key] = { status: JudgeStatus.NOT_SUBMITTED, score: null };
        else if (hideAll) out[key] = { status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null };
      }
      return out;
    },
  };
}
