import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { every, PollGroup } from './fallback-poll';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PollGroup', () => {
  it('polls all active members in one run per tick, stops with the last member, and keeps a budget', async () => {
    const runs: string[][] = [];
    const g = new PollGroup<string>({ intervalMs: 2000, maxPolls: 3, run: async (keys) => (runs.push(keys), true) });
    const a = g.member('a');
    const b = g.member('b');
    a.start();
    b.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toEqual([['a', 'b']]);
    a.stop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toEqual([['a', 'b'], ['b']]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(3); // the budget
    g.resetBudget();
    b.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toHaveLength(4);
    b.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(4);
  });

  it('rests when a run had nothing to poll, until a member starts again', async () => {
    const run = vi.fn(async () => false);
    const g = new PollGroup<number>({ intervalMs: 1000, run });
    g.member(1).start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);
    g.member(2).start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});

describe('every', () => {
  it('does not overlap a slow run', async () => {
    let resolve = () => {};
    const run = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    const p = every(1000, run);
    p.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(1);
    resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    p.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
