// The contest clock: pushes `contest.status` on `contest:<cid>` and `scoreboard:<cid>` when a contest starts,
// when its seal begins and when it ends, exactly once however many services processes run. Each contest row
// keeps the last phase it announced and when its next boundary is due; a tick reads the due rows through one
// index and claims each boundary with a compare-and-set on `announced_phase`.
import { topics, type PushMessage } from '@oj/proto';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { appendPush, publishAll } from '../push/push.service';
import { contestStatus, isBoardSealed, type ContestRow } from './access';
import { claimPhase, dueContests, lockContestIfFree, resetStoredSince } from './contest-clock.repo';
import { sealAt } from './contest-view';
import { pushReset } from './scoreboard/projector';

/** Phases of a contest's life, in order. −1 (the column default) means "not looked at yet". */
export const PHASE = { UNKNOWN: -1, SCHEDULED: 0, RUNNING: 1, SEALED: 2, ENDED: 3 } as const;

type Timing = Pick<ContestRow, 'startTime' | 'endTime' | 'sealRank' | 'sealRankTime' | 'duration'>;

export function phaseAt(c: Timing, now: number): number {
  if (now < c.startTime.getTime()) return PHASE.SCHEDULED;
  if (now >= c.endTime.getTime()) return PHASE.ENDED;
  const seal = sealAt(c);
  return seal !== null && now >= seal.getTime() ? PHASE.SEALED : PHASE.RUNNING;
}

/** The first phase boundary strictly after `now`, or null when the contest has ended. */
export function nextBoundary(c: Timing, now: number): Date | null {
  const seal = sealAt(c);
  const times = [c.startTime, ...(seal ? [seal] : []), c.endTime].filter((t) => t.getTime() > now);
  return times.length === 0 ? null : new Date(Math.min(...times.map((t) => t.getTime())));
}

/** Column values that make the clock take over a contest created or edited at `now`. */
export function clockColumns(c: Timing, now: number, created: boolean): { announcedPhase?: number; nextPhaseAt: Date | null } {
  // A new contest starts in its current phase (nothing to announce); an edited one is re-examined at once, so a
  // change of times that moves it to another phase is announced by the next tick.
  return created ? { announcedPhase: phaseAt(c, now), nextPhaseAt: nextBoundary(c, now) } : { nextPhaseAt: new Date(now) };
}


/** Contests examined per tick at most; the rest wait a second. */
const BATCH = 100;

export class ContestClock {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass over the contests whose next boundary is due; resolves to the number of status pushes sent. */
  tick(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    const { db, logger } = this.ctx;
    try {
      const now = new Date();
      let sent = 0;
      for (const id of await dueContests(db, now, BATCH)) {
        const msgs = await db.transaction((tx) => this.advance(tx, id));
        if (msgs.length > 0) sent++;
        await publishAll(this.ctx.transport, msgs, logger);
      }
      return sent;
    } catch (err) {
      logger.error({ err }, 'contest clock tick failed');
      return 0;
    }
  }

  /** Claims the due boundary of contest `id` and stores its pushes; empty when another process had it. */
  private async advance(tx: Tx, id: number): Promise<PushMessage[]> {
    const c = await lockContestIfFree(tx, id);
    const now = Date.now();
    if (!c || c.nextPhaseAt === null || c.nextPhaseAt.getTime() > now) return [];
    const phase = phaseAt(c, now);
    const claimed = await claimPhase(tx, id, c.announcedPhase, phase, nextBoundary(c, now));
    if (!claimed || c.announcedPhase === PHASE.UNKNOWN || c.announcedPhase === phase) return [];
    const sealed = isBoardSealed(c, now);
    const status = { cid: c.id, status: contestStatus(c, now), now, sealed };
    const msgs = [await appendPush(tx, topics.contest(c.id), 'contest.status', status), await appendPush(tx, topics.scoreboard(c.id), 'contest.status', status)];
    // The end lifts the seal of the public board (autoRealRank): its readers reload it. The scoreboard's
    // projector does the same when it holds the board; whichever comes second sees the first's reset and skips.
    if (phase === PHASE.ENDED && c.sealRank && !sealed && !(await resetStoredSince(tx, c.id, c.endTime))) {
      msgs.push(...(await pushReset(tx, c.id, c.boardVersion, 'public')));
    }
    return msgs;
  }
}
