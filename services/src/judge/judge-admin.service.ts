// Judge administration: rejudge one submission or a whole problem, cancel, manual judge,
// resubmit, the queue position of a pending submission, and the runner listing for admins. Every change
// is one transaction that also corrects the problem counters (counted_status, see counters.ts) and stores
// the push events, published after commit.
import {
  isInProgress,
  JudgeStatus,
  MANUAL_JUDGE_STATUSES,
  OjError,
  ProblemType,
  type JudgeRunnerInfo,
  type Lane,
  type ManualJudgeQuery,
  type PushMessage,
  type RejudgeProblemResult,
  type Submission,
} from '@oj/proto';
import { isAdmin, type Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type Tx } from '../db/client';
import { contestStatus } from '../contest/access';
import { findContest } from '../contest/contest.repo';
import { upsertRecord } from '../contest/contest-record.repo';
import { BoardProjector } from '../contest/scoreboard/projector';
import { publishAll } from '../push/push.service';
import type { JudgeRow } from '../db/schema';
import { toSubmission } from '../submission/submission.service';
import {
  contestHasProblem,
  markCancelled,
  problemExists,
  problemScoring,
  requeueContestProblem,
  requeueOne,
  requeueProblem,
  setManualVerdict,
} from './judge-admin.repo';
import { lockSubmission, recount } from './judging.repo';
import type { OutboxRelay } from './outbox-relay';
import type { RunnerRegistry } from './runner-registry';
import { pushStatus } from './ingester';
import { trainingVerdictPushes } from '../training/training-live';
import { taskVerdictPushes } from '../education/task-live';

export interface JudgeAdminService {
  rejudge(submitId: number, viewer: Viewer): Promise<Submission>;
  /** Rejudges every non-contest submission of problem `pid` on the `rejudge` lane. */
  rejudgeProblem(pid: number, viewer: Viewer): Promise<RejudgeProblemResult>;
  /**
   * Rejudges every submission of problem `pid` in contest `cid` (the contest lane while it runs, else the
   * rejudge lane): their records go back to pending and the boards reset; the verdicts flow back through the
   * ingester, one delta each.
   */
  rejudgeContestProblem(cid: number, pid: number, viewer: Viewer): Promise<RejudgeProblemResult>;
  cancel(submitId: number, viewer: Viewer): Promise<Submission>;
  manualJudge(q: ManualJudgeQuery, viewer: Viewer): Promise<Submission>;
  /** The submitter re-queues a submission whose (remote) submit failed. */
  resubmit(submitId: number, viewer: Viewer): Promise<Submission>;
  /** The live judge runners (admins). */
  runners(viewer: Viewer): JudgeRunnerInfo[];
}

/**
 * A manual verdict's score: on OI problems the given score clamped to [0, ioScore] with
 * oiRankScore = round(2 × difficulty + 0.1 × score); otherwise the submission keeps what it had.
 */
export function manualScore(
  p: { type: number; difficulty: number; ioScore: number } | undefined,
  old: { score: number | null; oiRankScore: number | null },
  given: number | undefined,
): { score: number | null; oiRankScore: number | null } {
  if (p?.type !== ProblemType.OI || given === undefined) return { score: old.score, oiRankScore: old.oiRankScore };
  const score = Math.max(0, Math.min(p.ioScore, given));
  return { score, oiRankScore: Math.round(2 * p.difficulty + 0.1 * score) };
}

/** Rejudging is for the super admin (role root) holding the rejudge permission. */
export function requireRejudger(viewer: Viewer): void {
  if (!viewer.roles.includes('root') || !viewer.permissions.includes('rejudge')) throw new OjError('AUTH_FORBIDDEN');
}

export function createJudgeAdminService(
  ctx: ServiceContext,
  relay: OutboxRelay,
  registry: RunnerRegistry,
  boards: BoardProjector = new BoardProjector(ctx),
): JudgeAdminService {
  const { db, transport, logger } = ctx;

  /**
   * A submission changed outside the ingester: a contest one's record follows and the contest's boards reset; a
   * practice one moves its user's standing in their trainings and, filed under a homework or exam, its grid.
   */
  async function contestChanged(tx: Tx, row: JudgeRow): Promise<PushMessage[]> {
    if (row.cid <= 0) return [...(await trainingVerdictPushes(tx, row)), ...(await taskVerdictPushes(tx, row))];
    await upsertRecord(tx, row);
    return boards.reset(tx, row.cid);
  }

  async function lock(tx: Tx, submitId: number): Promise<JudgeRow> {
    if (!isInt4(submitId)) throw new OjError('SUBMISSION_NOT_FOUND');
    const row = await lockSubmission(tx, submitId);
    if (!row) throw new OjError('SUBMISSION_NOT_FOUND');
    return row;
  }

  /** Sends every outbox row now (several sweeps for a big rejudge). */
  async function drainOutbox(): Promise<void> {
    await relay.flush();
    for (let i = 0; i < 1000; i++) if ((await relay.sweep()) === 0) break;
  }

  async function requeue(submitId: number, laneOf: Lane | ((row: JudgeRow) => Lane), check: (row: JudgeRow) => void): Promise<Submission> {
    const { row, pushes } = await db.transaction(async (tx) => {
      const old = await lock(tx, submitId);
      check(old);
      const row = await requeueOne(tx, submitId, typeof laneOf === 'function' ? laneOf(old) : laneOf);
      return { row, pushes: [...(await pushStatus(tx, row)), ...(await contestChanged(tx, row))] };
    });
    await publishAll(transport, pushes, logger);
    await relay.flush();
    return toSubmission(row, { code: true, errorMessage: true });
  }

  return {
    async rejudge(submitId, viewer) {
      requireRejudger(viewer);
      return requeue(submitId, 'rejudge', () => undefined);
    },

    async rejudgeProblem(pid, viewer) {
      requireRejudger(viewer);
      if (!isInt4(pid)) throw new OjError('PROBLEM_NOT_FOUND');
      const pushes: PushMessage[] = [];
      const n = await db.transaction(async (tx) => {
        if (!(await problemExists(tx, pid))) throw new OjError('PROBLEM_NOT_FOUND');
        const rows = await requeueProblem(tx, pid, 'rejudge');
        for (const r of rows) pushes.push(...(await pushStatus(tx, r)), ...(await taskVerdictPushes(tx, r)));
        return rows.length;
      });
      await publishAll(transport, pushes, logger);
      void drainOutbox();
      logger.info({ pid, count: n, by: viewer.username }, 'problem rejudged');
      return { pid, count: n };
    },

    async rejudgeContestProblem(cid, pid, viewer) {
      requireRejudger(viewer);
      if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
      if (!isInt4(pid)) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
      const pushes: PushMessage[] = [];
      const n = await db.transaction(async (tx) => {
        // Lock order as in the ingester: judge rows first, then the contest row (the board-version bump in reset).
        const c = await findContest(tx, cid);
        if (!c) throw new OjError('CONTEST_NOT_FOUND');
        if (!(await contestHasProblem(tx, cid, pid))) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
        const lane: Lane = contestStatus(c) === 0 ? 'contest' : 'rejudge';
        const rows = await requeueContestProblem(tx, cid, pid, lane);
        for (const r of rows) pushes.push(...(await pushStatus(tx, r)));
        pushes.push(...(await boards.reset(tx, cid)));
        return rows.length;
      });
      await publishAll(transport, pushes, logger);
      void drainOutbox();
      logger.info({ cid, pid, count: n, by: viewer.username }, 'contest problem rejudged');
      return { pid, count: n };
    },

    async cancel(submitId, viewer) {
      requireRejudger(viewer);
      const { row, pushes } = await db.transaction(async (tx) => {
        const old = await lock(tx, submitId);
        if (old.status === JudgeStatus.CANCELLED) throw new OjError('JUDGE_ALREADY_CANCELLED');
        const row = await markCancelled(tx, submitId, viewer.username, await recount(tx, old, JudgeStatus.CANCELLED));
        return { row, pushes: [...(await pushStatus(tx, row)), ...(await contestChanged(tx, row))] };
      });
      await publishAll(transport, pushes, logger);
      return toSubmission(row, { code: true, errorMessage: true });
    },

    async manualJudge(q, viewer) {
      requireRejudger(viewer);
      if (!(MANUAL_JUDGE_STATUSES as readonly number[]).includes(q.status)) throw new OjError('JUDGE_STATUS_NOT_ALLOWED');
      const { row, pushes } = await db.transaction(async (tx) => {
        const old = await lock(tx, q.submitId);
        if (old.status === JudgeStatus.COMPILE_ERROR) throw new OjError('JUDGE_COMPILE_ERROR_FIXED');
        if (isInProgress(old.status)) throw new OjError('JUDGE_IN_PROGRESS');
        const scored = manualScore(await problemScoring(tx, old.pid), old, q.score);
        const row = await setManualVerdict(tx, q.submitId, { status: q.status, ...scored, by: viewer.username, counted: await recount(tx, old, q.status) });
        return { row, pushes: [...(await pushStatus(tx, row)), ...(await contestChanged(tx, row))] };
      });
      await publishAll(transport, pushes, logger);
      return toSubmission(row, { code: true, errorMessage: true });
    },

    async resubmit(submitId, viewer) {
      // A resubmit is the submission's first real judge: it goes on its own lane, not behind rejudges.
      return requeue(submitId, (row) => (row.cid > 0 ? 'contest' : 'practice'), (row) => {
        if (row.uid !== viewer.uid) throw new OjError('AUTH_FORBIDDEN');
        if (row.status !== JudgeStatus.SUBMITTED_FAILED) throw new OjError('RESUBMIT_NOT_ALLOWED');
      });
    },

    runners(viewer) {
      if (!isAdmin(viewer)) throw new OjError('AUTH_FORBIDDEN');
      return registry.live().map((hb) => ({ service: hb.runnerId, ...hb }));
    },
  };
}
