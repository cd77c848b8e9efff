// The judge-event ingester: persists the runners' status, case and final events idempotently, keeps the
// problem counters exact, and publishes the resulting push events. Also the stall watchdog.
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  assertNever,
  isInProgress,
  JudgeStatus,
  ProblemType,
  submissionTopic,
  userTopic,
  type CaseResult,
  type JudgeEvent,
  type PushMessage,
  type Stoppable,
  type SubmissionStatusData,
} from '@oj/proto';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { judge, judgeCase, outbox, problems } from '../db/schema';
import { appendPush, publishAll } from '../push/push.service';
import { COUNTER_COLUMNS, counterDelta } from './counters';
import type { OutboxRelay } from './outbox-relay';

type JudgeRow = typeof judge.$inferSelect;
type FinalEvent = Extract<JudgeEvent, { kind: 'final' }>;

/** The judger name written when the services end a submission themselves. */
export const WATCHDOG_JUDGER = 'services-watchdog';

export function statusData(row: JudgeRow): SubmissionStatusData {
  return {
    submitId: row.submitId,
    status: row.status,
    time: row.time,
    memory: row.memory,
    score: row.score,
    oiRankScore: row.oiRankScore,
    judger: row.judger,
    isManual: row.isManual,
    casesDone: row.casesDone,
    casesTotal: row.casesTotal,
  };
}

/** OI rank score of a verdict (specification §9: 0.1 × score + 2 × difficulty). */
export function oiRankScore(type: number, score: number | null, difficulty: number): number | null {
  if (type !== ProblemType.OI || score === null) return null;
  return Math.round(0.1 * score + 2 * difficulty);
}

async function pushStatus(tx: Tx, row: JudgeRow): Promise<PushMessage[]> {
  const data = statusData(row);
  return [await appendPush(tx, submissionTopic(row.submitId), 'submission.status', data), await appendPush(tx, userTopic(row.uid), 'submission.status', data)];
}

function caseValues(row: JudgeRow, c: CaseResult, mode: string) {
  return {
    submitId: row.submitId,
    pid: row.pid,
    uid: row.uid,
    caseId: c.caseId,
    status: c.status,
    time: c.time,
    memory: c.memory,
    score: c.score,
    groupNum: c.groupNum,
    seq: c.index,
    mode,
    userOutput: c.userOutput,
    message: c.message ?? null,
  };
}

export class JudgeIngester {
  private sub: Stoppable | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly relay: OutboxRelay,
  ) {}

  async start(): Promise<void> {
    if (this.sub) return;
    this.sub = await this.ctx.transport.consumeEvents((ev) => this.handle(ev));
  }

  async stop(): Promise<void> {
    await this.sub?.stop();
    this.sub = null;
  }

  /** Applies one judge event. Safe to call again with the same event (at-least-once delivery). */
  async handle(ev: JudgeEvent): Promise<void> {
    const pushes = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(judge).where(eq(judge.submitId, ev.submitId)).for('update');
      if (!row) {
        this.ctx.logger.warn({ submitId: ev.submitId, kind: ev.kind }, 'judge event for an unknown submission');
        return [];
      }
      // Another judge attempt's event, or one arriving after the final: already superseded.
      if (row.version !== ev.version || !isInProgress(row.status)) return [];
      if (ev.kind === 'final' && isInProgress(ev.status)) {
        // A final that is not final would reopen the submission; the watchdog ends it instead.
        this.ctx.logger.error({ submitId: ev.submitId, status: ev.status }, 'final judge event with an in-progress status ignored');
        return [];
      }
      switch (ev.kind) {
        case 'status':
          return this.applyStatus(tx, row, ev);
        case 'case':
          return this.applyCase(tx, row, ev);
        case 'final':
          return this.applyFinal(tx, row, ev);
        default:
          return assertNever(ev);
      }
    });
    await publishAll(this.ctx.transport, pushes, this.ctx.logger);
  }

  private async applyStatus(tx: Tx, row: JudgeRow, ev: Extract<JudgeEvent, { kind: 'status' }>): Promise<PushMessage[]> {
    // Pending → Compiling → Judging only moves forward; a repeated or older status changes nothing.
    if (ev.status <= row.status) return [];
    const [updated] = await tx
      .update(judge)
      .set({ status: ev.status, judger: ev.judger, casesTotal: ev.casesTotal, progressAt: sql`now()`, gmtModified: sql`now()` })
      .where(eq(judge.submitId, row.submitId))
      .returning();
    return pushStatus(tx, updated!);
  }

  private async applyCase(tx: Tx, row: JudgeRow, ev: Extract<JudgeEvent, { kind: 'case' }>): Promise<PushMessage[]> {
    const mode = await this.caseMode(tx, row.pid);
    const inserted = await tx
      .insert(judgeCase)
      .values(caseValues(row, ev.case, mode))
      .onConflictDoNothing({ target: [judgeCase.submitId, judgeCase.caseId] })
      .returning({ id: judgeCase.id });
    if (inserted.length === 0) return []; // redelivered case
    const [updated] = await tx
      .update(judge)
      .set({
        status: sql`greatest(${judge.status}, ${JudgeStatus.JUDGING})`,
        judger: ev.judger,
        casesDone: sql`${judge.casesDone} + 1`,
        casesTotal: ev.total,
        progressAt: sql`now()`,
        gmtModified: sql`now()`,
      })
      .where(eq(judge.submitId, row.submitId))
      .returning();
    const out: PushMessage[] = [];
    if (updated!.status !== row.status) out.push(...(await pushStatus(tx, updated!)));
    const c = ev.case;
    out.push(
      await appendPush(tx, submissionTopic(row.submitId), 'submission.case', {
        submitId: row.submitId,
        caseId: c.caseId,
        index: c.index,
        total: ev.total,
        status: c.status,
        time: c.time,
        memory: c.memory,
        score: c.score,
        groupNum: c.groupNum,
      }),
    );
    return out;
  }

  private async applyFinal(tx: Tx, row: JudgeRow, ev: FinalEvent): Promise<PushMessage[]> {
    const [problem] = await tx
      .select({ type: problems.type, difficulty: problems.difficulty, judgeCaseMode: problems.judgeCaseMode })
      .from(problems)
      .where(eq(problems.id, row.pid));
    const mode = problem?.judgeCaseMode ?? 'default';
    if (ev.cases.length > 0) {
      await tx
        .insert(judgeCase)
        .values(ev.cases.map((c) => caseValues(row, c, mode)))
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
    // Exactly-once counters: the row remembers what it was counted as (see counters.ts).
    const delta = counterDelta(row.countedStatus, ev.status);
    const set: Record<string, unknown> = {};
    for (const k of ['total', ...COUNTER_COLUMNS] as const) {
      const n = delta[k];
      if (n) set[k] = sql`${problems[k]} + ${n}`;
    }
    if (Object.keys(set).length > 0) await tx.update(problems).set(set).where(eq(problems.id, row.pid));

    const [updated] = await tx
      .update(judge)
      .set({
        status: ev.status,
        score: ev.score,
        time: ev.time,
        memory: ev.memory,
        errorMessage: ev.errorMessage,
        judger: ev.judger,
        casesDone: ev.cases.length,
        casesTotal: Math.max(row.casesTotal, ev.cases.length),
        countedStatus: ev.status,
        oiRankScore: problem ? oiRankScore(problem.type, ev.score, problem.difficulty) : null,
        progressAt: sql`now()`,
        gmtModified: sql`now()`,
      })
      .where(eq(judge.submitId, row.submitId))
      .returning();
    return pushStatus(tx, updated!);
  }

  private async caseMode(tx: Tx, pid: number): Promise<string> {
    const [p] = await tx.select({ m: problems.judgeCaseMode }).from(problems).where(eq(problems.id, pid));
    return p?.m ?? 'default';
  }

  /**
   * Re-enqueues the job of every submission without judge progress for `judgeStallS` (at most
   * `judgeMaxRequeues` times), then ends it as System Error. Returns [requeued, failed] counts.
   */
  async sweepStalled(): Promise<[number, number]> {
    const { config } = this.ctx;
    const pushes: PushMessage[] = [];
    let requeued = 0;
    let failed = 0;
    await this.ctx.db.transaction(async (tx) => {
      const stalled = await tx
        .select()
        .from(judge)
        .where(
          and(
            inArray(judge.status, [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING]),
            lt(judge.progressAt, sql`now() - make_interval(secs => ${config.judgeStallS})`),
          ),
        )
        .orderBy(asc(judge.submitId))
        .limit(100)
        .for('update', { skipLocked: true });
      for (const row of stalled) {
        if (row.requeues < config.judgeMaxRequeues) {
          await tx
            .update(judge)
            .set({ requeues: row.requeues + 1, progressAt: sql`now()` })
            .where(eq(judge.submitId, row.submitId));
          const unsent = await tx
            .select({ id: outbox.id })
            .from(outbox)
            .where(and(eq(outbox.submitId, row.submitId), isNull(outbox.sentAt)));
          if (unsent.length === 0) await tx.insert(outbox).values({ submitId: row.submitId, version: row.version, lane: 'practice' });
          requeued++;
        } else {
          pushes.push(
            ...(await this.applyFinal(tx, row, {
              kind: 'final',
              submitId: row.submitId,
              version: row.version,
              judger: WATCHDOG_JUDGER,
              status: JudgeStatus.SYSTEM_ERROR,
              score: null,
              time: null,
              memory: null,
              errorMessage: `No judge finished this submission after ${config.judgeMaxRequeues + 1} attempts.`,
              cases: [],
            })),
          );
          failed++;
        }
      }
    });
    if (requeued > 0) {
      this.ctx.logger.warn({ requeued }, 'stalled submissions re-enqueued');
      await this.relay.flush();
    }
    if (failed > 0) this.ctx.logger.error({ failed }, 'stalled submissions ended as System Error');
    await publishAll(this.ctx.transport, pushes, this.ctx.logger);
    return [requeued, failed];
  }
}
