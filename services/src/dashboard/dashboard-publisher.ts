// Keeps the admin dashboard live: one `dashboard.live` event on `admin-dashboard` at most every 500 ms, carrying
// only what moved since the last one — the runners' diff (from this process's registry, fed by every heartbeat),
// the lanes when a count changed, the remote judges' panel when it changed, the verdicts this process's ingester published since. Runs where the workers
// run; a second worker process sends the same runner and lane diffs again, which clients apply idempotently.
import { DASHBOARD_VERDICTS, isInProgress, parseTopic, topics, type DashboardLiveEvent, type PushMessage } from '@oj/proto';
import type { ServiceContext } from '../context';
import type { RunnerRegistry } from '../judge/runner-registry';
import { appendPush, publishAll } from '../push/push.service';
import { remoteJudgeStatus } from '../remote-judge/remote-accounts.service';
import { laneQueues, verdictsOf } from './dashboard.repo';
import { dashboardVerdicts } from './sealed-verdicts';
import { diffRunners, type SentRunner } from './runner-diff';

/** At most two pushes a second. */
const MIN_GAP_MS = 500;
/** Checked this often even without a heartbeat or verdict: runners timing out, the queue moving. */
const TICK_MS = 1000;

export class DashboardPublisher {
  private sent = new Map<string, SentRunner>();
  private lastLanes = '';
  private lastRemote = '';
  private readonly verdictIds = new Set<number>();
  private lastPushAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private flushing: Promise<unknown> | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly registry: RunnerRegistry,
  ) {}

  start(): void {
    if (this.ticker) return;
    this.ticker = setInterval(() => this.poke(), TICK_MS);
    this.ticker.unref();
  }

  /** Something may have moved: flush once the 500 ms since the last push have passed. */
  poke(): void {
    if (this.timer || !this.ticker) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.flushing ??= this.flush().finally(() => (this.flushing = null));
      },
      Math.max(0, this.lastPushAt + MIN_GAP_MS - Date.now()),
    );
    this.timer.unref();
  }

  /** Notes the final verdicts among messages the ingester published. */
  notePublished(msgs: readonly PushMessage[]): void {
    let any = false;
    for (const m of msgs) {
      if (m.event !== 'submission.status' || parseTopic(m.topic)?.kind !== 'submission') continue;
      const d = m.data as { submitId: number; status: number };
      if (isInProgress(d.status)) continue;
      this.verdictIds.delete(d.submitId); // re-added last: the order is the order of arrival
      this.verdictIds.add(d.submitId);
      any = true;
    }
    if (any) this.poke();
  }

  /** Builds and pushes one event if anything moved; whether it pushed. */
  async flush(now = Date.now()): Promise<boolean> {
    const sentBefore = new Map(this.sent);
    const lanesBefore = this.lastLanes;
    const remoteBefore = this.lastRemote;
    const ids = [...this.verdictIds].slice(-DASHBOARD_VERDICTS);
    this.verdictIds.clear();
    try {
      const runners = diffRunners(this.sent, this.registry.seen(now));
      const lanes = await laneQueues(this.ctx.db);
      const lanesSig = JSON.stringify(lanes);
      const verdicts = await dashboardVerdicts(this.ctx.db, await verdictsOf(this.ctx.db, ids));
      // The remote panel without the accounts' `busy` (it flips with every submission; the queue says as much).
      const remote = await remoteJudgeStatus(this.ctx.db, now);
      const remoteSig = JSON.stringify({ ...remote, accounts: remote.accounts.map((a) => ({ ...a, busy: false })) });
      const ev: DashboardLiveEvent = {
        now,
        ...(runners && { runners }),
        ...(lanesSig !== this.lastLanes && { lanes }),
        ...(verdicts.length > 0 && { verdicts }),
        ...(remoteSig !== this.lastRemote && { remote }),
      };
      this.lastLanes = lanesSig;
      this.lastRemote = remoteSig;
      if (!ev.runners && !ev.lanes && !ev.verdicts && !ev.remote) return false;
      const msg = await this.ctx.db.transaction((tx) => appendPush(tx, topics.adminDashboard(), 'dashboard.live', ev));
      this.lastPushAt = Date.now();
      await publishAll(this.ctx.transport, [msg], this.ctx.logger);
      return true;
    } catch (err) {
      // Nothing went out: the next flush sends the same differences again.
      this.sent = sentBefore;
      this.lastLanes = lanesBefore;
      this.lastRemote = remoteBefore;
      for (const id of ids) if (!this.verdictIds.has(id)) this.verdictIds.add(id);
      this.ctx.logger.warn({ err }, 'dashboard update not pushed');
      return false;
    }
  }

  async stop(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    if (this.timer) clearTimeout(this.timer);
    this.ticker = this.timer = null;
    await this.flushing;
  }
}
