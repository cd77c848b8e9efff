// The judge-event ingester: persists the runners' status, case and final events idempotently, keeps the
// problem counters exact, and publishes the resulting push events. Also the stall watchdog.
import {
  assertNever,
  compareAttempts,
  isInProgress,
  isJudgeStatus,
  JudgeStatus,
  oiRankScore as rankScore,
  type CaseResult,
  type JudgeEvent,
  type PushMessage,
  type Stoppable,
  type SubmissionStatusData,
  topics,
} from '@oj/proto';
import type { ServiceContext } from '../context';
import { INT4_MAX, type Tx } from '../db/client';
import type { JudgeRow } from '../db/schema';
import { appendPush, publishAll } from '../push/push.service';
import { BoardProjector } from '../contest/scoreboard/projector';
import { ownerStatusData } from '../contest/sealed-results';
import { trainingVerdictPushes } from '../training/training-live';
import { taskVerdictPushes } from '../education/task-live';
import { lockSubmission, takeOverAttempt, problemJudgeFacts, publicProblemCounts, recount, requeueStalled, setStatus, storeCase, storeFinal, takeStalled, touchProgress, upsertCases, type CaseRow } from './judging.repo';
import type { OutboxRelay } from './outbox-relay';

type FinalEvent = Extract<JudgeEvent, { kind: 'final' }>;
type JudgeFacts = NonNullable<Awaited<ReturnType<typeof problemJudgeFacts>>>;

/**
 * What a transaction already read of the submission its events are for: the row as it stands now (locked by this
 * transaction) and its problem's judge facts. The events of one batch are one submission's, so only the first locks
 * and reads; each step that changes the row keeps the row it answered.
 */
interface Known {
  row?: JudgeRow;
  facts?: JudgeFacts | null;
}

/** The judger name written when the services end a submission themselves. */
export const WATCHDOG_JUDGER = 'services-watchdog';

/** Bounds on the text a runner may make us store (the runner promises less; this is the trust boundary). */
export const EVENT_TEXT_MAX = { userOutput: 4096, message: 4096, errorMessage: 65_536, judger: 200 } as const;

const clampInt = (n: number) => Math.max(-INT4_MAX, Math.min(INT4_MAX, n));
const clampNullable = (n: number | null) => (n === null ? null : clampInt(n));
/** PostgreSQL text and jsonb refuse NUL characters; a program may well print them. */
function cleanText(s: string, max: number): string {
  const t = s.includes('\0') ? s.replaceAll('\0', '') : s;
  return t.length > max ? t.slice(0, max) : t;
}
const cleanNullable = (s: string | null, max: number) => (s === null ? null : cleanText(s, max));

function cleanCase(c: CaseResult): CaseResult {
  return {
    ...c,
    caseId: clampInt(c.caseId),
    index: clampInt(c.index),
    status: clampInt(c.status),
    time: clampInt(c.time),
    memory: clampInt(c.memory),
    score: clampInt(c.score),
    groupNum: clampNullable(c.groupNum),
    userOutput: cleanText(c.userOutput, EVENT_TEXT_MAX.userOutput),
    ...(c.message !== undefined && { message: cleanText(c.message, EVENT_TEXT_MAX.message) }),
  };
}

/** A schema-valid event made storable: no NUL characters, bounded text, integers within `integer`. */
export function sanitizeEvent(ev: JudgeEvent): JudgeEvent {
  const judger = cleanText(ev.judger, EVENT_TEXT_MAX.judger);
  switch (ev.kind) {
    case 'status':
      return { ...ev, judger, casesTotal: clampInt(ev.casesTotal) };
    case 'case':
      return { ...ev, judger, total: clampInt(ev.total), case: cleanCase(ev.case) };
    case 'final':
      return {
        ...ev,
        judger,
        status: clampInt(ev.status),
        score: clampNullable(ev.score),
        time: clampNullable(ev.time),
        memory: clampNullable(ev.memory),
        errorMessage: cleanNullable(ev.errorMessage, EVENT_TEXT_MAX.errorMessage),
        cases: ev.cases.map(cleanCase),
      };
    default:
      return assertNever(ev);
  }
}

/** The order of the in-progress statuses (their codes are not in that order: Submitting is 9). */
const STATUS_RANK: Record<number, number> = { [JudgeStatus.PENDING]: 0, [JudgeStatus.SUBMITTING]: 1, [JudgeStatus.COMPILING]: 2, [JudgeStatus.JUDGING]: 3 };
const statusRank = (status: number): number => STATUS_RANK[status] ?? 99;

/** A status a judge may end a submission with (not in progress, not one of the display-only codes). */
export function isFinalVerdict(status: number): boolean {
  return isJudgeStatus(status) && !isInProgress(status) && status !== JudgeStatus.NOT_SUBMITTED && status !== JudgeStatus.SUBMITTED_UNKNOWN_RESULT;
}

/**
 * A database error that retrying the same event cannot cure (PostgreSQL data exception, integrity
 * violation, program limit). Redelivering such an event forever would block the in-memory bus's queue
 * and burn the NATS consumer; it is dropped instead.
 */
export function isPermanentDbError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e instanceof Error; depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|23|54)[0-9A-Z]{3}$/.test(code)) return true;
    e = e.cause;
  }
  return false;
}

/**
 * OI rank score of a verdict: round(0.1 × s + 2 × difficulty × s / ioScore),
 * which is round(0.1 × ioScore + 2 × difficulty) for full marks. Null for ACM problems.
 */
export function oiRankScore(type: number, score: number | null, difficulty: number, ioScore = 100): number | null {
  return rankScore(type, score, difficulty, ioScore);
}

function caseValues(row: JudgeRow, c: CaseResult, mode: string): CaseRow {
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

function systemError(row: JudgeRow, judger: string, errorMessage: string): FinalEvent {
  return {
    kind: 'final',
    submitId: row.submitId,
    version: row.version,
    judger,
    status: JudgeStatus.SYSTEM_ERROR,
    score: null,
    time: null,
    memory: null,
    errorMessage,
    cases: [],
  };
}

/** A submission's status as pushed on its topic and its owner's. */
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
    version: row.version,
  };
}

/** The status on the submission's topic and on its owner's, where a contest's seal may hide the result (sealed-results.ts). */
export async function pushStatus(tx: Tx, row: JudgeRow): Promise<PushMessage[]> {
  const data = statusData(row);
  return [
    await appendPush(tx, topics.submission(row.submitId), 'submission.status', data),
    await appendPush(tx, topics.user(row.uid), 'submission.status', await ownerStatusData(tx, row, data)),
  ];
}

/** `problem.counts` on `problem-counts` for a public problem (nothing for the others). */
export async function pushCounts(tx: Tx, pid: number): Promise<PushMessage[]> {
  const counts = await publicProblemCounts(tx, pid);
  return counts ? [await appendPush(tx, topics.problemCounts(), 'problem.counts', counts)] : [];
}

export class JudgeIngester {
  private sub: Stoppable | null = null;
  /** Told of every batch of push messages this ingester published (the admin dashboard picks the verdicts). */
  onPublished: ((msgs: readonly PushMessage[]) => void) | null = null;

  private readonly boards: BoardProjector;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly relay: OutboxRelay,
    /** The process's scoreboard projection (contest verdicts are projected in the verdict's transaction). */
    boards?: BoardProjector,
  ) {
    this.boards = boards ?? new BoardProjector(ctx);
  }

  async start(): Promise<void> {
    if (this.sub) return;
    const t = this.ctx.transport;
    this.sub = t.consumeEventBatches ? await t.consumeEventBatches((evs) => this.handleBatch(evs)) : await t.consumeEvents((ev) => this.handle(ev));
  }

  async stop(): Promise<void> {
    await this.sub?.stop();
    this.sub = null;
  }

  /** Applies one judge event. Safe to call again with the same event (at-least-once delivery). */
  async handle(raw: JudgeEvent): Promise<void> {
    if (raw.submitId > INT4_MAX || raw.version > INT4_MAX) {
      this.ctx.logger.warn({ submissionId: raw.submitId, kind: raw.kind }, 'judge event for an unknown submission');
      return;
    }
    const ev = sanitizeEvent(raw);
    let pushes: PushMessage[];
    try {
      pushes = await this.ctx.db.transaction((tx) => this.apply(tx, ev));
    } catch (err) {
      if (!isPermanentDbError(err)) throw err; // transient (connection, deadlock): redelivered later
      this.ctx.logger.error({ err, submissionId: ev.submitId, kind: ev.kind }, 'judge event cannot be stored; dropped');
      if (ev.kind !== 'final') return;
      // The runner is done with it: end the submission now rather than leave it for the watchdog.
      pushes = await this.ctx.db.transaction(async (tx) => {
        const row = await lockSubmission(tx, ev.submitId);
        if (!row || row.version !== ev.version || !isInProgress(row.status)) return [];
        return this.applyFinal(tx, row, systemError(row, ev.judger, 'The judge result could not be stored.'));
      });
    }
    await this.publish(pushes);
  }

  /**
   * Applies one submission's events, in order, in one transaction (what arrived while its previous batch was being
   * stored: a burst of cases and the final cost one commit). Safe to call again with the same events. When one of them
   * cannot be stored, each is applied on its own (`handle`), which drops only that one.
   */
  async handleBatch(raws: readonly JudgeEvent[]): Promise<void> {
    if (raws.length === 1) return this.handle(raws[0]!);
    if (raws.some((ev) => ev.submitId > INT4_MAX || ev.version > INT4_MAX)) {
      for (const ev of raws) await this.handle(ev);
      return;
    }
    const evs = raws.map(sanitizeEvent);
    let pushes: PushMessage[];
    try {
      pushes = await this.ctx.db.transaction(async (tx) => {
        const out: PushMessage[] = [];
        const known: Known = {};
        for (const ev of evs) out.push(...(await this.apply(tx, ev, known)));
        return out;
      });
    } catch (err) {
      if (!isPermanentDbError(err)) throw err;
      for (const ev of raws) await this.handle(ev);
      return;
    }
    await this.publish(pushes);
  }

  private async publish(pushes: PushMessage[]): Promise<void> {
    await publishAll(this.ctx.transport, pushes, this.ctx.logger);
    if (pushes.length > 0) this.onPublished?.(pushes);
  }

  private async apply(tx: Tx, ev: JudgeEvent, known: Known = {}): Promise<PushMessage[]> {
    if (known.row?.submitId !== ev.submitId) {
      known.row = await lockSubmission(tx, ev.submitId);
      known.facts = undefined;
    }
    const locked = known.row;
    if (!locked) {
      this.ctx.logger.warn({ submissionId: ev.submitId, kind: ev.kind }, 'judge event for an unknown submission');
      return [];
    }
    // Another judge attempt's event, or one arriving after the final: already superseded.
    if (locked.version !== ev.version || !isInProgress(locked.status)) return [];
    const row = await this.fence(tx, locked, ev);
    if (!row) return [];
    known.row = row;
    let out: PushMessage[];
    switch (ev.kind) {
      case 'status':
        out = await this.applyStatus(tx, row, ev, known);
        break;
      case 'case':
        out = await this.applyCase(tx, row, ev, known);
        break;
      case 'final':
        if (!isFinalVerdict(ev.status)) {
          // A final that is not a verdict would reopen or corrupt the submission; the watchdog ends it instead.
          this.ctx.logger.error({ submissionId: ev.submitId, status: ev.status }, 'final judge event without a final verdict ignored');
          return [];
        }
        return this.applyFinal(tx, row, ev, known);
      default:
        return assertNever(ev);
    }
    // A repeated status or case changed nothing, but it proves a runner is working on this attempt right now
    // (e.g. re-running a redelivered job): the stall watchdog must not take it for dead.
    if (out.length === 0) await touchProgress(tx, row.submitId);
    return out;
  }

  /**
   * The fence (docs/judge.md, "Fencing"): an event of an older delivery than the current one is dropped (a runner that
   * lost its job while paused); a newer delivery becomes the current one. Answers the row to apply the event to.
   */
  private async fence(tx: Tx, row: JudgeRow, ev: JudgeEvent): Promise<JudgeRow | null> {
    const attempt = ev.attempt ?? { requeue: 0, delivery: 0 };
    const current = { requeue: row.attemptRequeue, delivery: row.attemptDelivery };
    const order = compareAttempts(attempt, current);
    if (order === 0) return row;
    if (order < 0) {
      this.ctx.logger.warn({ submitId: row.submitId, kind: ev.kind, judger: ev.judger, attempt, current }, 'judge event of a superseded delivery ignored');
      return null;
    }
    // The first delivery heard of needs no restart; a later one replaces whatever an earlier one stored.
    const restart = current.delivery > 0 && (row.status !== JudgeStatus.PENDING || row.casesDone > 0);
    if (restart) this.ctx.logger.warn({ submitId: row.submitId, judger: ev.judger, attempt, previous: current }, 'a newer delivery took over the submission; its cases start afresh');
    return takeOverAttempt(tx, row.submitId, attempt, restart);
  }

  /** The problem's judge facts, read once per transaction. */
  private async facts(tx: Tx, row: JudgeRow, known: Known): Promise<JudgeFacts | null> {
    if (known.facts === undefined) known.facts = (await problemJudgeFacts(tx, row.pid)) ?? null;
    return known.facts;
  }

  private async applyStatus(tx: Tx, row: JudgeRow, ev: Extract<JudgeEvent, { kind: 'status' }>, known: Known): Promise<PushMessage[]> {
    // Pending → (Submitting →) Compiling → Judging only moves forward; a repeated or older status changes nothing.
    // A remote submission goes Submitting → Pending when the site has taken it into its queue.
    const remoteQueued = row.status === JudgeStatus.SUBMITTING && ev.status === JudgeStatus.PENDING;
    if (!remoteQueued && statusRank(ev.status) <= statusRank(row.status)) return [];
    known.row = await setStatus(tx, row.submitId, { status: ev.status, judger: ev.judger, casesTotal: ev.casesTotal });
    return pushStatus(tx, known.row);
  }

  private async applyCase(tx: Tx, row: JudgeRow, ev: Extract<JudgeEvent, { kind: 'case' }>, known: Known): Promise<PushMessage[]> {
    const mode = (await this.facts(tx, row, known))?.judgeCaseMode ?? 'default';
    const updated = await storeCase(tx, caseValues(row, ev.case, mode), ev.judger, ev.total);
    if (!updated) return []; // redelivered case
    known.row = updated;
    const out: PushMessage[] = [];
    if (updated.status !== row.status) out.push(...(await pushStatus(tx, updated)));
    const c = ev.case;
    out.push(
      await appendPush(tx, topics.submission(row.submitId), 'submission.case', {
        submitId: row.submitId,
        caseId: c.caseId,
        index: c.index,
        total: ev.total,
        status: c.status,
        time: c.time,
        memory: c.memory,
        score: c.score,
        groupNum: c.groupNum,
        mode,
      }),
    );
    return out;
  }

  private async applyFinal(tx: Tx, row: JudgeRow, ev: FinalEvent, known: Known = {}): Promise<PushMessage[]> {
    const problem = await this.facts(tx, row, known);
    await upsertCases(
      tx,
      ev.cases.map((c) => caseValues(row, c, problem?.judgeCaseMode ?? 'default')),
    );
    // Exactly-once counters: the row remembers what it was counted as (see counters.ts); contest verdicts never count.
    const counted = await recount(tx, row, ev.status);

    const updated = await storeFinal(tx, row.submitId, {
      status: ev.status,
      score: ev.score,
      time: ev.time,
      memory: ev.memory,
      errorMessage: ev.errorMessage,
      judger: ev.judger,
      casesDone: ev.cases.length,
      casesTotal: Math.max(row.casesTotal, ev.cases.length),
      oiRankScore: problem ? oiRankScore(problem.type, ev.score, problem.difficulty, problem.ioScore) : null,
    }, counted);
    known.row = updated;
    // A contest verdict updates its contest record and the boards in this same transaction; a practice verdict
    // pushes the public problem's new counters to the problem lists and the member's standing to their trainings.
    const board = updated.cid > 0 ? await this.boards.onVerdict(tx, updated) : [...(await pushCounts(tx, updated.pid)), ...(await trainingVerdictPushes(tx, updated)), ...(await taskVerdictPushes(tx, updated))];
    return [...(await pushStatus(tx, updated)), ...board];
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
      const stalled = await takeStalled(tx, config.judgeStallS, 100);
      for (const row of stalled) {
        if (row.requeues < config.judgeMaxRequeues) {
          await requeueStalled(tx, row);
          requeued++;
        } else {
          pushes.push(
            ...(await this.applyFinal(
              tx,
              row,
              systemError(row, WATCHDOG_JUDGER, `No judge finished this submission after ${config.judgeMaxRequeues + 1} attempts.`),
            )),
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
    await this.publish(pushes);
    return [requeued, failed];
  }
}
