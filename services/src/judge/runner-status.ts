// Pushes the live judge runners to admins (`judge.runners` on the `judge-status` topic) whenever the set
// of runners, their languages or their free slots change, at most once a second, and at least every 30 s
// while runners are alive (so a runner that went silent drops off the list).
import type { JudgeRunnersData, RunnerHeartbeat } from '@oj/proto';
import { topics } from '@oj/proto';
import type { ServiceContext } from '../context';
import { appendPush, publishAll } from '../push/push.service';
import type { RunnerRegistry } from './runner-registry';

const MIN_INTERVAL_MS = 1000;
const REFRESH_MS = 30_000;

export function runnersData(live: RunnerHeartbeat[]): JudgeRunnersData {
  return { runners: [...live].sort((a, b) => a.runnerId.localeCompare(b.runnerId)).map((hb) => ({ service: hb.runnerId, ...hb })) };
}

const signature = (d: JudgeRunnersData) => JSON.stringify(d.runners.map((r) => [r.runnerId, r.version, r.languages, r.slots, r.freeSlots, r.sandbox]));

export class RunnerStatusPublisher {
  private last = '';
  private lastAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly registry: RunnerRegistry,
  ) {}

  /** Called on every heartbeat (and by maintenance): publishes if something changed. */
  poke(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastAt + MIN_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.busy ??= this.publishIfChanged()
        .then(() => undefined)
        .finally(() => (this.busy = null));
    }, wait);
    this.timer.unref();
  }

  async publishIfChanged(now = Date.now()): Promise<boolean> {
    const data = runnersData(this.registry.live(now));
    const sig = signature(data);
    if (sig === this.last && (data.runners.length === 0 || now - this.lastAt < REFRESH_MS)) return false;
    this.last = sig;
    this.lastAt = now;
    try {
      const msg = await this.ctx.db.transaction((tx) => appendPush(tx, topics.judgeStatus(), 'judge.runners', { ...data }));
      await publishAll(this.ctx.transport, [msg], this.ctx.logger);
    } catch (err) {
      this.ctx.logger.warn({ err }, 'judge runner status not pushed');
    }
    return true;
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.busy;
  }
}
