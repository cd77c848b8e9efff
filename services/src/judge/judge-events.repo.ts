// The SQL of the judge-event ingester and the stall watchdog: status moves, case rows stored once, the final
// verdict, and the stalled submissions to re-queue.
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { JudgeStatus } from '@oj/proto';
import type { Tx } from '../db/client';
import { judge, judgeCase, outbox, problems } from '../db/schema';
import type { JudgeRow } from '../submission/submission-row';

export type CaseRow = typeof judgeCase.$inferInsert;

/** A runner works on this attempt right now: the stall watchdog must not take it for dead. */
export async function touchProgress(tx: Tx, submitId: number): Promise<void> {
  await tx.update(judge).set({ progressAt: sql`now()` }).where(eq(judge.submitId, submitId));
}

export async function setStatus(tx: Tx, submitId: number, v: { status: number; judger: string; casesTotal: number }): Promise<JudgeRow> {
  const [row] = await tx
    .update(judge)
    .set({ ...v, progressAt: sql`now()`, gmtModified: sql`now()` })
    .where(eq(judge.submitId, submitId))
    .returning();
  return row!;
}

/** Stores a finished case unless it is there already (a redelivery); whether it was new. */
export async function insertCaseOnce(tx: Tx, c: CaseRow): Promise<boolean> {
  const inserted = await tx
    .insert(judgeCase)
    .values(c)
    .onConflictDoNothing({ target: [judgeCase.submitId, judgeCase.caseId] })
    .returning({ id: judgeCase.id });
  return inserted.length > 0;
}

/** One more case done: Judging at least, the counts and the runner's name. */
export async function countCase(tx: Tx, submitId: number, judger: string, total: number): Promise<JudgeRow> {
  const [row] = await tx
    .update(judge)
    .set({
      status: sql`greatest(${judge.status}, ${JudgeStatus.JUDGING})`,
      judger,
      casesDone: sql`${judge.casesDone} + 1`,
      casesTotal: total,
      progressAt: sql`now()`,
      gmtModified: sql`now()`,
    })
    .where(eq(judge.submitId, submitId))
    .returning();
  return row!;
}

/** Rows per INSERT of case results (PostgreSQL allows 65 535 parameters per statement). */
const CASE_INSERT_CHUNK = 1000;

/** The final list of cases: new ones stored, ones already stored overwritten. */
export async function upsertCases(tx: Tx, cases: CaseRow[]): Promise<void> {
  for (let i = 0; i < cases.length; i += CASE_INSERT_CHUNK) {
    await tx
      .insert(judgeCase)
      .values(cases.slice(i, i + CASE_INSERT_CHUNK))
      .onConflictDoUpdate({
        target: [judgeCase.submitId, judgeCase.caseId],
        set: {
          status: sql`excluded.status`,
          time: sql`excluded.time`,
          memory: sql`excluded.memory`,
          score: sql`excluded.score`,
          groupNum: sql`excluded.group_num`,
          seq: sql`excluded.seq`,
          userOutput: sql`excluded.user_output`,
          message: sql`excluded.message`,
          gmtModified: sql`now()`,
        },
      });
  }
}

/** What judging a problem's verdict needs: its type, difficulty, full score and case mode. */
export async function problemJudgeFacts(tx: Tx, pid: number) {
  const [p] = await tx
    .select({ type: problems.type, difficulty: problems.difficulty, ioScore: problems.ioScore, judgeCaseMode: problems.judgeCaseMode })
    .from(problems)
    .where(eq(problems.id, pid));
  return p;
}

export interface FinalVerdict {
  status: number;
  score: number | null;
  time: number | null;
  memory: number | null;
  errorMessage: string | null;
  judger: string;
  casesDone: number;
  casesTotal: number;
  oiRankScore: number | null;
}

/** The verdict, counted as `status` from now on (see counters.ts). */
export async function storeFinal(tx: Tx, submitId: number, v: FinalVerdict): Promise<JudgeRow> {
  const [row] = await tx
    .update(judge)
    .set({ ...v, countedStatus: v.status, progressAt: sql`now()`, gmtModified: sql`now()` })
    .where(eq(judge.submitId, submitId))
    .returning();
  return row!;
}

/** Up to `limit` submissions in progress without judge progress for `stallS` seconds, locked (SKIP LOCKED). */
export async function takeStalled(tx: Tx, stallS: number, limit: number): Promise<JudgeRow[]> {
  return tx
    .select()
    .from(judge)
    .where(and(inArray(judge.status, [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING]), lt(judge.progressAt, sql`now() - make_interval(secs => ${stallS})`)))
    .orderBy(asc(judge.submitId))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Counts one more re-queue and sends the job again unless an unsent one is waiting. */
export async function requeueStalled(tx: Tx, row: JudgeRow): Promise<void> {
  await tx
    .update(judge)
    .set({ requeues: row.requeues + 1, progressAt: sql`now()` })
    .where(eq(judge.submitId, row.submitId));
  const unsent = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.submitId, row.submitId), isNull(outbox.sentAt)));
  if (unsent.length === 0) await tx.insert(outbox).values({ submitId: row.submitId, version: row.version, lane: row.lane });
}
