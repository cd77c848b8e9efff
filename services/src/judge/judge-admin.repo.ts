// The SQL of judge administration: starting a new judge attempt (one row or all of a problem's, in or out of a
// contest), cancel and manual verdicts, and the checks they need.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { JudgeStatus, type Lane } from '@oj/proto';
import type { Tx } from '../db/client';
import { contestProblem, contestRecord, judge, judgeCase, outbox, problems } from '../db/schema';
import type { JudgeRow } from '../db/schema';

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
  attemptRequeue: 0,
  attemptDelivery: 0,
  progressAt: sql`now()`,
  gmtModified: sql`now()`,
});

/** Outbox rows per INSERT of a problem rejudge. */
const CHUNK = 1000;

/**
 * Starts a new attempt of every submission matching `where` on `lane`: Pending, version + 1, the old attempt's cases
 * deleted (judge_case has no version), and an outbox row each. `withRows` runs per chunk of the requeued rows.
 */
async function requeueWhere(tx: Tx, where: ReturnType<typeof and>, lane: Lane, withRows?: (ids: number[]) => Promise<void>): Promise<JudgeRow[]> {
  const rows = await tx.update(judge).set(requeueSet(lane)).where(where).returning();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const ids = part.map((r) => r.submitId);
    await tx.delete(judgeCase).where(inArray(judgeCase.submitId, ids));
    await tx.insert(outbox).values(part.map((r) => ({ submitId: r.submitId, version: r.version, lane })));
    await withRows?.(ids);
  }
  return rows;
}

export async function requeueOne(tx: Tx, submitId: number, lane: Lane): Promise<JudgeRow> {
  const [row] = await requeueWhere(tx, eq(judge.submitId, submitId), lane);
  return row!;
}

/** Every practice submission of problem `pid`. */
export async function requeueProblem(tx: Tx, pid: number, lane: Lane): Promise<JudgeRow[]> {
  return requeueWhere(tx, and(eq(judge.pid, pid), eq(judge.cid, 0)), lane);
}

/** Every submission of problem `pid` in contest `cid`; their contest records go back to pending. */
export async function requeueContestProblem(tx: Tx, cid: number, pid: number, lane: Lane): Promise<JudgeRow[]> {
  return requeueWhere(tx, and(eq(judge.cid, cid), eq(judge.pid, pid)), lane, async (ids) => {
    await tx
      .update(contestRecord)
      .set({ status: null, score: null, useTime: null, gmtModified: sql`now()` })
      .where(and(eq(contestRecord.cid, cid), inArray(contestRecord.submitId, ids)));
  });
}

/** Cancelled by `by`; the version moves on, so whatever a runner still sends for the cancelled attempt is ignored. */
export async function markCancelled(tx: Tx, submitId: number, by: string, counted: number | null): Promise<JudgeRow> {
  const [row] = await tx
    .update(judge)
    .set({
      status: JudgeStatus.CANCELLED,
      version: sql`${judge.version} + 1`,
      countedStatus: counted,
      isManual: true,
      judger: by,
      oiRankScore: null,
      progressAt: sql`now()`,
      gmtModified: sql`now()`,
    })
    .where(eq(judge.submitId, submitId))
    .returning();
  return row!;
}

export async function setManualVerdict(tx: Tx, submitId: number, v: { status: number; score: number | null; oiRankScore: number | null; by: string; counted: number | null }): Promise<JudgeRow> {
  const [row] = await tx
    .update(judge)
    .set({ status: v.status, score: v.score, oiRankScore: v.oiRankScore, countedStatus: v.counted, isManual: true, judger: v.by, gmtModified: sql`now()` })
    .where(eq(judge.submitId, submitId))
    .returning();
  return row!;
}

/** What scoring a manual verdict needs of a problem. */
export async function problemScoring(tx: Tx, pid: number) {
  const [p] = await tx.select({ type: problems.type, difficulty: problems.difficulty, ioScore: problems.ioScore }).from(problems).where(eq(problems.id, pid));
  return p;
}

export async function problemExists(tx: Tx, pid: number): Promise<boolean> {
  const [p] = await tx.select({ id: problems.id }).from(problems).where(eq(problems.id, pid));
  return p !== undefined;
}

export async function contestHasProblem(tx: Tx, cid: number, pid: number): Promise<boolean> {
  const [cp] = await tx
    .select({ id: contestProblem.id })
    .from(contestProblem)
    .where(and(eq(contestProblem.cid, cid), eq(contestProblem.pid, pid)));
  return cp !== undefined;
}
