// The SQL of a submission's judging: the submission locked, the problems' exactly-once counters, the outbox (due rows taken with SKIP LOCKED, marks, back-off, pruning), the
// judge events (status moves, cases stored once, the final verdict) and the stall watchdog's re-queues.
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import { IN_PROGRESS_STATUSES, JudgeStatus, type JudgeAttempt, type ProblemCount } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { COUNTER_COLUMNS, counterDelta, countedAs, STATUS_OF_COLUMN } from './counters';
import { judge, judgeCase, outbox, problems, taskSubmission, type JudgeRow } from '../db/schema';
import { inSealedExam } from '../submission/practice-scope';

/** The submission, locked for update until the transaction ends. */
export async function lockSubmission(tx: Tx, submitId: number): Promise<JudgeRow | undefined> {
  const [row] = await tx.select().from(judge).where(eq(judge.submitId, submitId)).for('update');
  return row;
}

/** Adds a counter delta (see counters.ts) to problem `pid`'s totals. */
export async function addToCounters(tx: Tx, pid: number, delta: ReturnType<typeof counterDelta>): Promise<void> {
  const set: Record<string, unknown> = {};
  for (const k of ['total', ...COUNTER_COLUMNS] as const) {
    const n = delta[k];
    if (n) set[k] = sql`${problems[k]} + ${n}`;
  }
  if (Object.keys(set).length > 0) await tx.update(problems).set(set).where(eq(problems.id, pid));
}

/**
 * Counts a submission's new verdict `next` in its problem's counters (practice only, see counters.ts), correcting
 * what it was counted as before; answers what to store as its `counted_status`.
 */
export async function recount(tx: Tx, row: Pick<JudgeRow, 'submitId' | 'pid' | 'cid' | 'countedStatus'>, next: number): Promise<number | null> {
  const counted = countedAs(row, next, row.cid === 0 && (await inSealedExam(tx, row.submitId)));
  await addToCounters(tx, row.pid, counterDelta(row.countedStatus, counted));
  return counted;
}

/**
 * Recounts the final verdicts filed under task `taskId` once its results were released or hidden again (in that
 * transaction): each is counted as its verdict when it is practice now, as nothing while sealed. The rows are locked
 * as the ingester locks them, so a verdict landing meanwhile is counted once. Answers the problems whose counters moved.
 */
export async function recountFiled(tx: Tx, taskId: number): Promise<number[]> {
  const rows = await tx
    .select({ submitId: judge.submitId, pid: judge.pid, cid: judge.cid, status: judge.status, countedStatus: judge.countedStatus })
    .from(judge)
    .where(and(sql`${judge.submitId} in (select ${taskSubmission.submitId} from ${taskSubmission} where ${taskSubmission.taskId} = ${taskId})`, notInArray(judge.status, [...IN_PROGRESS_STATUSES])))
    .orderBy(asc(judge.submitId))
    .for('update');
  const moved = new Set<number>();
  for (const r of rows) {
    const counted = countedAs(r, r.status, await inSealedExam(tx, r.submitId));
    if (counted === r.countedStatus) continue;
    await addToCounters(tx, r.pid, counterDelta(r.countedStatus, counted));
    await tx.update(judge).set({ countedStatus: counted }).where(eq(judge.submitId, r.submitId));
    moved.add(r.pid);
  }
  return [...moved];
}

/**
 * Takes contest verdicts out of the problem counters where an older version counted them (before contest
 * submissions were kept out): one statement, so concurrent starts of several processes subtract each row once.
 */
export async function uncountContestSubmissions(db: DbOrTx): Promise<number> {
  const cols = COUNTER_COLUMNS.map((k) => sql.raw(`${k} = p.${k} - g.${k}`));
  const sums = COUNTER_COLUMNS.map((k) => sql.raw(`count(*) filter (where counted_status = ${STATUS_OF_COLUMN[k]})::int as ${k}`));
  const rows = await db.execute<{ n: number }>(sql`
    with prev as (
      select submit_id, pid, counted_status from judge where cid > 0 and counted_status is not null for update
    ), gone as (
      update judge j set counted_status = null from prev where j.submit_id = prev.submit_id returning prev.pid, prev.counted_status
    ), g as (
      select pid, count(*)::int as n, ${sql.join(sums, sql`, `)} from gone group by pid
    )
    update problems p set total = p.total - g.n, ${sql.join(cols, sql`, `)} from g where p.id = g.pid
    returning g.n`);
  return rows.reduce((a, r) => a + Number(r.n), 0);
}

/** A public problem's (auth 1) status counters as they stand, for the problem list's live column; null otherwise. */
export async function publicProblemCounts(tx: Tx, pid: number): Promise<ProblemCount | null> {
  const [row] = await tx
    .select({ pid: problems.id, auth: problems.auth, isGroup: problems.isGroup, total: problems.total, ...Object.fromEntries(COUNTER_COLUMNS.map((k) => [k, problems[k]])) })
    .from(problems)
    .where(eq(problems.id, pid));
  if (!row || row.auth !== 1 || row.isGroup) return null;
  const { auth: _auth, isGroup: _group, ...counts } = row as unknown as ProblemCount & { auth: number; isGroup: boolean };
  return counts;
}

/**
 * Up to `limit` unsent rows that are due, oldest first, locked for this transaction; SKIP LOCKED lets several
 * services processes relay at once without sending a row twice.
 */
export async function takeDueRows(tx: Tx, limit: number) {
  return tx
    .select()
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lte(outbox.availableAt, sql`now()`)))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function findSubmission(tx: Tx, submitId: number) {
  const [sub] = await tx.select().from(judge).where(eq(judge.submitId, submitId));
  return sub;
}

export async function markSent(tx: Tx, id: number): Promise<void> {
  await tx.update(outbox).set({ sentAt: sql`now()` }).where(eq(outbox.id, id));
}

/** A failed send: counted, and not due again before `at`. */
export async function postpone(tx: Tx, id: number, attempts: number, at: Date): Promise<void> {
  await tx.update(outbox).set({ attempts, availableAt: at }).where(eq(outbox.id, id));
}

/** Forgets outbox rows sent more than a day ago. */
export async function pruneSentOutbox(db: DbOrTx): Promise<void> {
  await db.delete(outbox).where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, sql`now() - interval '1 day'`)));
}

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

/**
 * A newer delivery of the current version takes over (docs/judge.md, "Fencing"): it becomes the attempt whose events
 * are kept. With `restart` (an older delivery had already stored progress) its cases are dropped and the submission
 * is Pending again, so the cases shown and counted are the new delivery's alone.
 */
export async function takeOverAttempt(tx: Tx, submitId: number, attempt: JudgeAttempt, restart: boolean): Promise<JudgeRow> {
  if (restart) await tx.delete(judgeCase).where(eq(judgeCase.submitId, submitId));
  const [row] = await tx
    .update(judge)
    .set({
      attemptRequeue: attempt.requeue,
      attemptDelivery: attempt.delivery,
      ...(restart ? { status: JudgeStatus.PENDING, casesDone: 0, progressAt: sql`now()` } : {}),
    })
    .where(eq(judge.submitId, submitId))
    .returning();
  return row!;
}

/**
 * A finished case, stored and counted in one statement unless it is there already (a redelivery: then nothing changes
 * and the answer is undefined): Judging at least, the counts and the runner's name.
 */
export async function storeCase(tx: Tx, c: CaseRow, judger: string, total: number): Promise<JudgeRow | undefined> {
  const inserted = tx.$with('inserted').as(
    tx
      .insert(judgeCase)
      .values(c)
      .onConflictDoNothing({ target: [judgeCase.submitId, judgeCase.caseId] })
      .returning({ id: judgeCase.id }),
  );
  const [row] = await tx
    .with(inserted)
    .update(judge)
    .set({
      status: sql`greatest(${judge.status}, ${JudgeStatus.JUDGING})`,
      judger,
      casesDone: sql`${judge.casesDone} + 1`,
      casesTotal: total,
      progressAt: sql`now()`,
      gmtModified: sql`now()`,
    })
    .where(and(eq(judge.submitId, c.submitId), sql`exists (select 1 from ${inserted})`))
    .returning();
  return row;
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

/** The verdict, counted as `counted` from now on (see `recount`). */
export async function storeFinal(tx: Tx, submitId: number, v: FinalVerdict, counted: number | null): Promise<JudgeRow> {
  const [row] = await tx
    .update(judge)
    .set({ ...v, countedStatus: counted, progressAt: sql`now()`, gmtModified: sql`now()` })
    .where(eq(judge.submitId, submitId))
    .returning();
  return row!;
}

/**
 * Up to `limit` submissions in progress (Submitting to a remote judge included) without judge progress for `stallS`
 * seconds, locked (SKIP LOCKED).
 */
export async function takeStalled(tx: Tx, stallS: number, limit: number): Promise<JudgeRow[]> {
  return tx
    .select()
    .from(judge)
    .where(and(inArray(judge.status, [...IN_PROGRESS_STATUSES]), lt(judge.progressAt, sql`now() - make_interval(secs => ${stallS})`)))
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
