// What the dashboard pushes about the runners: the difference between what it last sent and the registry now.
import type { DashboardRunner, DashboardRunnersDiff } from '@oj/proto';
import type { SeenRunner } from '../judge/runner-registry';

/** What was last sent about one runner: its state's signature and its last heartbeat. */
export interface SentRunner {
  sig: string;
  lastSeen: number;
}

export function toDashboardRunner(r: SeenRunner): DashboardRunner {
  const { runnerId, version, languages, slots, freeSlots, sandbox, jobs } = r.hb;
  return { runnerId, version, languages, slots, freeSlots, ...(sandbox ? { sandbox } : {}), jobs: jobs ?? [], lastSeen: r.seenAt };
}

const signature = (r: DashboardRunner) => JSON.stringify([r.version, r.languages, r.slots, r.freeSlots, r.sandbox, r.jobs]);

/**
 * The diff from `sent` to `live`, and `sent` brought up to date; null when nothing moved. A runner whose state
 * changed goes whole into `changed`; one that only heartbeated goes into `seen` (its id and time only).
 */
export function diffRunners(sent: Map<string, SentRunner>, live: readonly SeenRunner[]): DashboardRunnersDiff | null {
  const diff: DashboardRunnersDiff = { changed: [], seen: [], removed: [] };
  const ids = new Set<string>();
  for (const r of live) {
    const view = toDashboardRunner(r);
    ids.add(view.runnerId);
    const sig = signature(view);
    const before = sent.get(view.runnerId);
    if (!before || before.sig !== sig) diff.changed.push(view);
    else if (before.lastSeen !== view.lastSeen) diff.seen.push({ runnerId: view.runnerId, lastSeen: view.lastSeen });
    else continue;
    sent.set(view.runnerId, { sig, lastSeen: view.lastSeen });
  }
  for (const id of [...sent.keys()]) {
    if (ids.has(id)) continue;
    sent.delete(id);
    diff.removed.push(id);
  }
  return diff.changed.length + diff.seen.length + diff.removed.length > 0 ? diff : null;
}
