// Judge administration: rejudge one submission or a whole problem, cancel, manual judge,
// resubmit, the queue position of a pending submission, and the runner listing for admins. Every change
// is one transaction that also corrects the problem counters (counted_status, see counters.ts) and stores
// the push events, published after commit.
import { and, eq, inArray, sql } from 'drizzle-orm';
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
  topics,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { isAdmin } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type Tx } from '../db/client';
import { contest, contestProblem, contestRecord, judge, judgeCase, outbox, problems } from '../db/schema';
import { contestStatus } from '../contest/access';
import { BoardProjector, upsertRecord } from '../contest/scoreboard/projector';
import { appendPush, publishAll } from '../push/push.service';
import { toSubmission, type JudgeRow } from '../submission/submission-row';
import { COUNTER_COLUMNS, counterDelta } from './counters';
import { statusData } from './ingester';
import type { OutboxRelay } from './outbox-relay';
import type { RunnerRegistry } from './runner-registry';


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

/** Rejudging is for the super admin (role root) holding the rejudge permission. */
export function requireRejudger(viewer: Viewer): void {
  if (!viewer.roles.includes('root') || !viewer.permissions.includes('rejudge')) throw new OjError('AUTH_FORBIDDEN');
}

async function pushStatus(tx: Tx, row: JudgeRow): Promise<PushMessage[]> {
  const data = statusData(row);
  return [await appendPush(tx, topics.submission(row.submitId), 'submission.status', data), await appendPush(tx, topics.user(row.uid), 'submission.status', data)];
}

async function applyCounters(tx: Tx, row: JudgeRow, next: number): Promise<void> {
  const delta = counterDelta(row.countedStatus, next);
  const set: Record<string, unknown> = {};
  for (const k of ['total', ...COUNTER_COLUMNS] as const) {
    const n = delta[k];
    if (n) set[k] = sql`${problems[k]} + ${n}`;
  }
  if (Object.keys(set).length > 0) await tx.update(problems).set(set).where(eq(problems.id, row.pid));
}

/** The columns a new judge attempt starts from. */
const requeueSet = (lane: Lane) => ({
  status: JudgeStatus.PENDING,
  version: sql`${judge.version} + 1`,
  lane,
  score: null,
  time: null,
  memory: null,
  errorMessage: null,
  oiRankScore: null,
  judger: null,
  isManual: false,
  casesDone: 0,
  casesTotal: 0,
  requeues: 0,
  progressAt: sql`now()`,
  gmtModified: sql`now()`,
});

/** Outbox rows per INSERT of a problem rejudge. */
const CHUNK = 1000;

export function createJudgeAdminService(
  ctx: ServiceContext,
  relay: OutboxRelay,
  registry: RunnerRegistry,
  boards: BoardProjector = new BoardProjector(ctx),
): JudgeAdminService {
  const { db, transport, logger } = ctx;

  /** A contest submission changed outside the ingester: its record follows, and the contest's boards reset. */
  async function contestChanged(tx: Tx, row: JudgeRow): Promise<PushMessage[]> {
    if (row.cid <= 0) return [];
    await upsertRecord(tx, row);
    return boards.reset(tx, row.cid);
  }

  async function lock(tx: Tx, submitId: number): Promise<JudgeRow> {
    if (!isInt4(submitId)) throw new OjError('SUBMISSION_NOT_FOUND');
    const [row] = await tx.select().from(judge).where(eq(judge.submitId, submitId)).for('update');
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
      const lane = typeof laneOf === 'function' ? laneOf(old) : laneOf;
      const [row] = await tx.update(judge).set(requeueSet(lane)).where(eq(judge.submitId, submitId)).returning();
      // judge_case has no version: the old attempt's cases go, the new attempt writes its own.
      await tx.delete(judgeCase).where(eq(judgeCase.submitId, submitId));
      await tx.insert(outbox).values({ submitId, version: row!.version, lane });
      return { row: row!, pushes: [...(await pushStatus(tx, row!)), ...(await contestChanged(tx, row!))] };
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
        const [p] = await tx.select({ id: problems.id }).from(problems).where(eq(problems.id, pid));
        if (!p) throw new OjError('PROBLEM_NOT_FOUND');
        const rows = await tx
          .update(judge)
          .set(requeueSet('rejudge'))
          .where(and(eq(judge.pid, pid), eq(judge.cid, 0)))
          .returning();
        for (let i = 0; i < rows.length; i += CHUNK) {
          const part = rows.slice(i, i + CHUNK);
          await tx.delete(judgeCase).where(inArray(judgeCase.submitId, part.map((r) => r.submitId)));
          await tx.insert(outbox).values(part.map((r) => ({ submitId: r.submitId, version: r.version, lane: 'rejudge' as const })));
        }
        for (const r of rows) pushes.push(...(await pushStatus(tx, r)));
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
        const [c] = await tx.select().from(contest).where(eq(contest.id, cid));
        if (!c) throw new OjError('CONTEST_NOT_FOUND');
        const [cp] = await tx
          .select({ id: contestProblem.id })
          .from(contestProblem)
          .where(and(eq(contestProblem.cid, cid), eq(contestProblem.pid, pid)));
        if (!cp) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
        const lane: Lane = contestStatus(c) === 0 ? 'contest' : 'rejudge';
        const rows = await tx
          .update(judge)
          .set(requeueSet(lane))
          .where(and(eq(judge.cid, cid), eq(judge.pid, pid)))
          .returning();
        for (let i = 0; i < rows.length; i += CHUNK) {
          const part = rows.slice(i, i + CHUNK);
          const ids = part.map((r) => r.submitId);
          await tx.delete(judgeCase).where(inArray(judgeCase.submitId, ids));
          await tx.insert(outbox).values(part.map((r) => ({ submitId: r.submitId, version: r.version, lane })));
          await tx
            .update(contestRecord)
            .set({ status: null, score: null, useTime: null, gmtModified: sql`now()` })
            .where(and(eq(contestRecord.cid, cid), inArray(contestRecord.submitId, ids)));
        }
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
        await applyCounters(tx, old, JudgeStatus.CANCELLED);
        // The version moves on, so whatever a runner still sends for the cancelled attempt is ignored.
        const [row] = await tx
          .update(judge)
          .set({
            status: JudgeStatus.CANCELLED,
            version: sql`${judge.version} + 1`,
            countedStatus: JudgeStatus.CANCELLED,
            isManual: true,
            judger: viewer.username,
            oiRankScore: null,
            progressAt: sql`now()`,
            gmtModified: sql`now()`,
          })
          .where(eq(judge.submitId, submitId))
          .returning();
        return { row: row!, pushes: [...(await pushStatus(tx, row!)), ...(await contestChanged(tx, row!))] };
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
        const [p] = await tx.select({ type: problems.type, difficulty: problems.difficulty, ioScore: problems.ioScore }).from(problems).where(eq(problems.id, old.pid));
        const isOi = p?.type === ProblemType.OI;
        // OI only: score clamped to [0, ioScore], oiRankScore = round(2 × difficulty + 0.1 × score).
        let score = old.score;
        let oiRank = old.oiRankScore;
        if (isOi && p && q.score !== undefined) {
          score = Math.max(0, Math.min(p.ioScore, q.score));
          oiRank = Math.round(2 * p.difficulty + 0.1 * score);
        }
        await applyCounters(tx, old, q.status);
        const [row] = await tx
          .update(judge)
          .set({ status: q.status, score, oiRankScore: oiRank, countedStatus: q.status, isManual: true, judger: viewer.username, gmtModified: sql`now()` })
          .where(eq(judge.submitId, q.submitId))
          .returning();
        return { row: row!, pushes: [...(await pushStatus(tx, row!)), ...(await contestChanged(tx, row!))] };
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
