// Contests as contestants and visitors see them: the list, the shell's info, registration with the password and
// account-name rule, the problem list and problem detail with the seal's cut of the counts (contest-counts.ts), the
// outside board's info, and who may subscribe to a contest's topics. The submission list is in
// contest-submission.service.ts, the admin side in contest-admin.service.ts; the SQL in the *.repo.ts files.
import {
  CONTEST_AUTH,
  CONTEST_LIMITS,
  CONTEST_STATUS,
  JudgeStatus,
  OjError,
  type ContestListQuery,
  type ContestOutsideInfo,
  type ContestProblemInfo,
  type ContestProblemVO,
  type ContestVO,
  type PageOf,
  type ProblemCount,
  type RegisterContestBody,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { counterColumn } from '../judge/counters';
import { languagesAndTemplatesOf } from '../problem/code-template.repo';
import { tagsOf } from '../problem/problem.repo';
import { toProblem } from '../problem/problem.service';
import { accountAllowed, assertEnter, canEnter, contestStatus, isBoardSealed, isContestAdmin, isRegistered, loadContest, type ContestRow } from './access';
import { createRecordCounter } from './contest-counts';
import { addRegistration, contestProblemsOf, findContest, findContestProblemWithProblem, listVisibleContests, registrationCounts } from './contest.repo';
import { createContestSubmissionService, type ContestSubmissionService } from './contest-submission.service';
import { compareDisplayId, toContestVO } from './contest-view';
import type { BoardProjector } from './scoreboard/projector';

export type ContestTopicKind = 'contest' | 'scoreboard' | 'contest-admin';

/** The contestants' side; the submission list and statuses are `ContestSubmissionService`'s. */
export interface ContestService extends ContestSubmissionService {
  list(q: ContestListQuery): Promise<PageOf<ContestVO>>;
  info(cid: number, viewer: Viewer): Promise<ContestVO>;
  register(body: RegisterContestBody, viewer: Viewer): Promise<void>;
  access(cid: number, viewer: Viewer): Promise<{ access: boolean }>;
  /** Open to anonymous callers only when the contest's outside board is open and it has started. */
  problems(q: { cid: number; containsEnd?: boolean }, viewer: Viewer | null): Promise<ContestProblemVO[]>;
  problemDetail(q: { cid: number; displayId: string; containsEnd?: boolean }, viewer: Viewer): Promise<ContestProblemInfo>;
  outsideInfo(cid: number, viewer: Viewer | null): Promise<ContestOutsideInfo>;
  /** Socket topics: `contest:` and `scoreboard:` for whoever may enter (the board also for all when open), `contest-admin:` for its admins. */
  canSubscribe(kind: ContestTopicKind, cid: number, viewer: Viewer | null): Promise<boolean>;
}

/** The contest if `viewer` may look at its shell: visible, or its admin. */
async function visibleContest(db: DbOrTx, cid: number, viewer: Viewer | null): Promise<ContestRow> {
  if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
  const c = await loadContest(db, cid);
  if (!c.visible && !isContestAdmin(viewer, c)) throw new OjError('CONTEST_NOT_FOUND');
  return c;
}

/** Whether anyone may read the outside board and its problem list: open, visible and started. */
const outsideOpen = (c: ContestRow, now = Date.now()) => c.visible && c.openRank && contestStatus(c, now) !== CONTEST_STATUS.SCHEDULED;

/** `boards`: the process's board projection, which makes the problem counts cheap (without it: SQL). */
export function createContestService(ctx: ServiceContext, boards?: BoardProjector): ContestService {
  const { db } = ctx;
  const countRecords = createRecordCounter(db, boards);

  async function problemVOs(c: ContestRow, viewer: Viewer | null, containsEnd: boolean): Promise<ContestProblemVO[]> {
    const cps = await contestProblemsOf(db, c.id);
    const sealed = !isContestAdmin(viewer, c) && isBoardSealed(c);
    const counts = new Map<string, { ac: number; total: number }>();
    for (const r of await countRecords(c, sealed, containsEnd)) {
      const cell = counts.get(r.displayId) ?? { ac: 0, total: 0 };
      cell.total += r.n;
      if (r.status === JudgeStatus.ACCEPTED) cell.ac += r.n;
      counts.set(r.displayId, cell);
    }
    return cps
      .sort((a, b) => compareDisplayId(a.displayId, b.displayId))
      .map((cp) => ({
        id: cp.id,
        cid: cp.cid,
        pid: cp.pid,
        displayId: cp.displayId,
        displayTitle: cp.displayTitle,
        color: cp.color,
        ac: counts.get(cp.displayId)?.ac ?? 0,
        total: counts.get(cp.displayId)?.total ?? 0,
      }));
  }

  return {
    ...createContestSubmissionService(db),

    async list(q) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? CONTEST_LIMITS.listPageSize;
      const now = new Date();
      const keyword = q.keyword?.trim();
      const { total, rows } = await listVisibleContests(
        db,
        { now, ...(q.type !== undefined && { type: q.type }), ...(q.status !== undefined && { status: q.status }), ...(keyword && { keyword }) },
        size,
        pageOffset(current, size),
      );
      const counts = await registrationCounts(
        db,
        rows.map((r) => r.id),
      );
      return pageOf(
        rows.map((c) => toContestVO(c, counts.get(c.id) ?? 0, now.getTime())),
        total,
        current,
        size,
      );
    },

    async info(cid, viewer) {
      const c = await visibleContest(db, cid, viewer);
      return toContestVO(c, (await registrationCounts(db, [c.id])).get(c.id) ?? 0);
    },

    async register(body, viewer) {
      const c = await visibleContest(db, body.cid, viewer);
      if (c.imported) throw new OjError('CONTEST_READ_ONLY');
      if (!isContestAdmin(viewer, c) && !accountAllowed(c, viewer.username)) throw new OjError('CONTEST_ACCOUNT_LIMIT');
      if (c.auth !== CONTEST_AUTH.PUBLIC) {
        const password = body.password ?? '';
        if (password.trim() === '') throw new OjError('CONTEST_PASSWORD_REQUIRED');
        if (password !== (c.pwd ?? '')) throw new OjError('CONTEST_PASSWORD_WRONG');
      }
      if (!(await addRegistration(db, c.id, viewer.uid))) throw new OjError('CONTEST_ALREADY_REGISTERED');
    },

    async access(cid, viewer) {
      const c = await visibleContest(db, cid, viewer);
      if (isContestAdmin(viewer, c)) return { access: true };
      if (c.auth === CONTEST_AUTH.PUBLIC) return { access: true };
      return { access: await isRegistered(db, c.id, viewer.uid) };
    },

    async problems(q, viewer) {
      if (!isInt4(q.cid)) throw new OjError('CONTEST_NOT_FOUND');
      const c = await loadContest(db, q.cid);
      try {
        await assertEnter(db, c, viewer);
      } catch (err) {
        // The outside board's readers (anonymous or not) may see the list once it is open and started.
        if (!outsideOpen(c)) throw err;
      }
      return problemVOs(c, viewer, q.containsEnd ?? false);
    },

    async problemDetail(q, viewer) {
      if (!isInt4(q.cid)) throw new OjError('CONTEST_NOT_FOUND');
      const c = await loadContest(db, q.cid);
      await assertEnter(db, c, viewer);
      const hit = await findContestProblemWithProblem(db, c.id, q.displayId);
      if (!hit) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
      const { cp, p } = hit;
      const { languages: langNames, templates } = await languagesAndTemplatesOf(db, p.id);
      const tagRows = (await tagsOf(db, [p.id])).get(p.id) ?? [];
      // The counts are the contest's own, cut at the seal for contestants.
      const sealed = !isContestAdmin(viewer, c) && isBoardSealed(c);
      const problemCount: ProblemCount = { pid: p.id, total: 0, ac: 0, wa: 0, tle: 0, mle: 0, re: 0, pe: 0, ce: 0, se: 0, pa: 0 };
      for (const r of await countRecords(c, sealed, q.containsEnd ?? false, cp.displayId)) {
        problemCount.total += r.n;
        const field = r.status === null ? undefined : counterColumn(r.status);
        if (field) problemCount[field] += r.n;
      }
      return {
        problem: { ...toProblem(p), title: cp.displayTitle },
        tags: tagRows,
        languages: langNames,
        problemCount,
        codeTemplate: templates,
        displayId: cp.displayId,
        displayTitle: cp.displayTitle,
        color: cp.color,
      };
    },



    async outsideInfo(cid, viewer) {
      if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
      const c = await loadContest(db, cid);
      if (!c.visible && !isContestAdmin(viewer, c)) throw new OjError('CONTEST_NOT_FOUND');
      if (!c.openRank || contestStatus(c) === CONTEST_STATUS.SCHEDULED) throw new OjError('CONTEST_RANK_CLOSED');
      const count = (await registrationCounts(db, [c.id])).get(c.id) ?? 0;
      // The public view: the seal applies to everyone here, admins included.
      return { contest: toContestVO(c, count), problemList: await problemVOs(c, null, false) };
    },


    async canSubscribe(kind, cid, viewer) {
      if (!isInt4(cid)) return false;
      const c = await findContest(db, cid);
      if (!c) return false;
      switch (kind) {
        case 'contest-admin':
          return isContestAdmin(viewer, c);
        case 'scoreboard':
          return outsideOpen(c) || canEnter(db, c, viewer);
        case 'contest':
          return canEnter(db, c, viewer);
      }
    },
  };
}
