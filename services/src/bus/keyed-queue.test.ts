import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

/** A task that records its start and end and ends when `release(name)` is called. */
function harness() {
  const log: string[] = [];
  const gates = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<void>((resolve) => {
      log.push(`start ${name}`);
      gates.set(name, () => {
        log.push(`end ${name}`);
        resolve();
      });
    });
  const release = async (name: string) => {
    for (let i = 0; i < 100 && !gates.has(name); i++) await new Promise((r) => setTimeout(r, 1));
    gates.get(name)!();
    await new Promise((r) => setTimeout(r, 1));
  };
  return { log, task, release, running: () => [...gates.keys()] };
}

describe('KeyedQueue', () => {
  it('runs tasks of different keys at once, up to its limit, and takes more as they end', async () => {
    const h = harness();
    const q = new KeyedQueue<number>(2);
    await q.take(1, h.task('a'));
    await q.take(2, h.task('b'));
    let taken = false;
    const third = q.take(3, h.task('c')).then(() => (taken = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(h.log).toEqual(['start a', 'start b']);
    expect(taken).toBe(false);
    await h.release('b');
    await third;
    expect(h.log).toEqual(['start a', 'start b', 'end b', 'start c']);
    await h.release('a');
    await h.release('c');
    await q.idle();
    expect(q.size).toBe(0);
  });

  it('runs the tasks of one key one after another, in the order taken, even when a task fails', async () => {
    const h = harness();
    const q = new KeyedQueue<number>(4);
    await q.take(7, h.task('first'));
    await q.take(7, () => Promise.reject(new Error('stored nothing')));
    await q.take(7, h.task('third'));
    await q.take(8, h.task('other'));
    await new Promise((r) => setTimeout(r, 5));
    expect(h.log).toEqual(['start first', 'start other']);
    await h.release('first');
    expect(h.log).toEqual(['start first', 'start other', 'end first', 'start third']);
    await h.release('third');
    await h.release('other');
    await q.idle();
    expect(q.size).toBe(0);
  });

  it('is idle only once every task has ended', async () => {
    const h = harness();
    const q = new KeyedQueue<string>(3);
    await q.take('x', h.task('x'));
    let idle = false;
    const waiting = q.idle().then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(idle).toBe(false);
    await h.release('x');
    await waiting;
    expect(idle).toBe(true);
  });
});
