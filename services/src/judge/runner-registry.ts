// The judge runners this process has heard from, from their heartbeats (every services process subscribes, gateways
// included): feeds `Language.available`, the runner listing and the admin dashboard.
import type { RunnerHeartbeat } from '@oj/proto';

/** A runner silent for this long is considered gone (default; `OJ_RUNNER_TIMEOUT_S`). */
export const RUNNER_TTL_MS = 30_000;

/** A runner's last heartbeat and when this process received it (its own clock). */
export interface SeenRunner {
  hb: RunnerHeartbeat;
  seenAt: number;
}

export class RunnerRegistry {
  private readonly runners = new Map<string, SeenRunner>();

  constructor(readonly ttlMs = RUNNER_TTL_MS) {}

  /** Records a heartbeat; a runner that says it is leaving is forgotten at once. */
  record(hb: RunnerHeartbeat, now = Date.now()): void {
    if (hb.leaving) this.runners.delete(hb.runnerId);
    else this.runners.set(hb.runnerId, { hb, seenAt: now });
  }

  /** The languages some live runner offers, or null when no runner was ever heard of (availability unknown). */
  availableLanguages(now = Date.now()): Set<string> | null {
    if (this.runners.size === 0) return null;
    const out = new Set<string>();
    for (const r of this.seen(now)) for (const l of r.hb.languages) out.add(l);
    return out;
  }

  live(now = Date.now()): RunnerHeartbeat[] {
    return this.seen(now).map((r) => r.hb);
  }

  /** The live runners with the time each was last heard from; forgets the ones silent past the timeout. */
  seen(now = Date.now()): SeenRunner[] {
    const out: SeenRunner[] = [];
    for (const [id, r] of this.runners) {
      if (now - r.seenAt > this.ttlMs) this.runners.delete(id);
      else out.push(r);
    }
    return out;
  }
}
