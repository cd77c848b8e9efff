import { describe, expect, it } from 'vitest';
import { applyDashboardLive, type DashboardPanels, type RunnerHeartbeat } from '@oj/proto';
import { RunnerRegistry } from '../judge/runner-registry';
import { diffRunners, toDashboardRunner, type SentRunner } from './runner-diff';

const hb = (runnerId: string, over: Partial<RunnerHeartbeat> = {}): RunnerHeartbeat => ({
  runnerId,
  version: '0.1.0',
  languages: ['C', 'C++'],
  slots: 2,
  freeSlots: 2,
  at: 1,
  jobs: [],
  ...over,
});

describe('diffRunners', () => {
  it('sends a new runner whole, a mere heartbeat as its time only, a change whole again, and a silent one as removed', () => {
    const reg = new RunnerRegistry(30_000);
    const sent = new Map<string, SentRunner>();
    let panels: DashboardPanels = { runners: [], lanes: [], verdicts: [] };
    const step = (now: number) => {
      const d = diffRunners(sent, reg.seen(now));
      if (d) panels = applyDashboardLive(panels, { now, runners: d });
      return d;
    };

    reg.record(hb('a'), 1000);
    reg.record(hb('b'), 1000);
    expect(step(1000)).toMatchObject({ changed: [{ runnerId: 'a', lastSeen: 1000 }, { runnerId: 'b' }], seen: [], removed: [] });
    expect(step(1200)).toBeNull();

    reg.record(hb('a'), 6000);
    expect(step(6000)).toEqual({ changed: [], seen: [{ runnerId: 'a', lastSeen: 6000 }], removed: [] });

    const job = { submitId: 7, problemId: '1000', startedAt: 6100 };
    reg.record(hb('b', { freeSlots: 1, jobs: [job] }), 6100);
    expect(step(6100)).toMatchObject({ changed: [{ runnerId: 'b', freeSlots: 1, jobs: [job] }], seen: [] });

    // Its sandbox driver, once reported, is part of what the panel shows.
    reg.record(hb('b', { freeSlots: 1, jobs: [job], sandbox: 'nsjail' }), 6100);
    expect(step(6100)).toMatchObject({ changed: [{ runnerId: 'b', sandbox: 'nsjail' }], seen: [] });
    expect(panels.runners.find((r) => r.runnerId === 'b')?.sandbox).toBe('nsjail');

    // a keeps beating, b falls silent past the timeout.
    reg.record(hb('a'), 35_000);
    expect(step(36_200)).toEqual({ changed: [], seen: [{ runnerId: 'a', lastSeen: 35_000 }], removed: ['b'] });
    expect(panels.runners).toEqual([toDashboardRunner({ hb: hb('a'), seenAt: 35_000 })]);

    // A runner that stops cleanly is gone at once.
    reg.record(hb('a', { leaving: true }), 36_300);
    expect(step(36_300)).toEqual({ changed: [], seen: [], removed: ['a'] });
    expect(panels.runners).toEqual([]);
  });
});

describe('applyDashboardLive', () => {
  it('puts new verdicts first, replaces a resent submission and keeps 20', () => {
    const v = (submitId: number, status = 0) => ({ submitId, uid: 'u', username: 'u', pid: 1, displayPid: '1000', cid: 0, status, time: 1, memory: 1, judger: 'r', judgedAt: '' });
    let p: DashboardPanels = { runners: [], lanes: [], verdicts: Array.from({ length: 20 }, (_, i) => v(20 - i)) };
    p = applyDashboardLive(p, { now: 0, verdicts: [v(21), v(5, -1)] });
    expect(p.verdicts.map((x) => x.submitId).slice(0, 4)).toEqual([5, 21, 20, 19]);
    expect(p.verdicts).toHaveLength(20);
    expect(p.verdicts[0]!.status).toBe(-1);
  });
});
