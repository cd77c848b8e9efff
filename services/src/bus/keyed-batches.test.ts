import { describe, expect, it } from 'vitest';
import { KeyedBatches } from './keyed-batches';

/** A handler that records each batch and ends it when `release(key)` is called. */
function harness() {
  const log: string[] = [];
  const gates = new Map<number, () => void>();
  const run = (key: number, items: string[]) =>
    new Promise<void>((resolve, reject) => {
      log.push(`start ${key}: ${items.join(',')}`);
      gates.set(key, () => {
        gates.delete(key);
        log.push(`end ${key}`);
        if (items.includes('bad')) reject(new Error('stored nothing'));
        else resolve();
      });
    });
  const release = async (key: number) => {
    for (let i = 0; i < 100 && !gates.has(key); i++) await new Promise((r) => setTimeout(r, 1));
    gates.get(key)!();
    await new Promise((r) => setTimeout(r, 2));
  };
  return { log, run, release };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('KeyedBatches', () => {
  it('works on different keys at once, up to its limit, and takes a new key once one is done', async () => {
    const h = harness();
    const q = new KeyedBatches<number, string>(2, h.run);
    await q.take(1, 'a');
    await q.take(2, 'b');
    let taken = false;
    const third = q.take(3, 'c').then(() => (taken = true));
    await tick();
    expect(h.log).toEqual(['start 1: a', 'start 2: b']);
    expect(taken).toBe(false);
    await h.release(2);
    await third;
    await tick();
    expect(h.log).toEqual(['start 1: a', 'start 2: b', 'end 2', 'start 3: c']);
    await h.release(1);
    await h.release(3);
    await q.idle();
    expect(q.size).toBe(0);
  });

  it('hands a key the items taken while its batch ran as the next batch, in order, even after a failed batch', async () => {
    const h = harness();
    const q = new KeyedBatches<number, string>(4, h.run);
    await q.take(7, 'first');
    await tick();
    await q.take(7, 'bad');
    await q.take(7, 'third');
    await q.take(7, 'fourth');
    await q.take(8, 'other');
    await tick();
    expect(h.log).toEqual(['start 7: first', 'start 8: other']);
    await h.release(7);
    expect(h.log.slice(2)).toEqual(['end 7', 'start 7: bad,third,fourth']);
    await h.release(7);
    await q.take(7, 'fifth');
    await tick();
    expect(h.log.slice(4)).toEqual(['end 7', 'start 7: fifth']);
    await h.release(7);
    await h.release(8);
    await q.idle();
    expect(q.size).toBe(0);
  });

  it('puts the items taken together into one batch, at most maxBatch of them', async () => {
    const h = harness();
    const q = new KeyedBatches<number, string>(1, h.run, 2);
    for (const x of ['a', 'b', 'c']) await q.take(5, x);
    await tick();
    expect(h.log).toEqual(['start 5: a,b']);
    await h.release(5);
    expect(h.log.slice(1)).toEqual(['end 5', 'start 5: c']);
    await h.release(5);
    await q.idle();
  });

  it('is idle only once every item has been handled', async () => {
    const h = harness();
    const q = new KeyedBatches<number, string>(3, h.run);
    await q.take(1, 'x');
    let idle = false;
    const waiting = q.idle().then(() => (idle = true));
    await tick();
    expect(idle).toBe(false);
    await h.release(1);
    await waiting;
    expect(idle).toBe(true);
  });
});
