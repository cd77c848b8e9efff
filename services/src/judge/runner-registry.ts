// Which languages the connected judge runners can run, from their heartbeats; feeds `Language.available`.
import type { RunnerHeartbeat } from '@oj/proto';

/** A runner silent for this long is considered gone. */
const RUNNER_TTL_MS = 30_000;

export class RunnerRegistry {
  private readonly runners = new Map<string, { hb: RunnerHeartbeat; seenAt: number }>();

  record(hb: RunnerHeartbeat, now = Date.now()): void {
    this.runners.set(hb.runnerId, { hb, seenAt: now });
  }

  /** The languages some live runner offers, or null when no runner was ever heard of (availability unknown). */
  availableLanguages(now = Date.now()): Set<string> | null {
    if (this.runners.size === 0) return null;
    const out = new Set<string>();
    for (const [id, r] of this.runners) {
      if (now - r.seenAt > RUNNER_TTL_MS) {
        this.runners.delete(id);
        continue;
      }
      for (const l of r.hb.languages) out.add(l);
    }
    return out;
  }

  live(now = Date.now()): RunnerHeartbeat[] {
    return [...this.runners.values()].filter((r) => now - r.seenAt <= RUNNER_TTL_MS).map((r) => r.hb);
  }
}
