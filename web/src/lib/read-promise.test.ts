// readPromise: suspends (throws the promise) until it settles, then gives the value or throws the failure.
import { describe, expect, it } from 'vitest';
import { readPromise } from './read-promise';

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('readPromise', () => {
  it('throws the promise while pending, then returns its value', async () => {
    const p = Promise.resolve(42);
    expect(thrown(() => readPromise(p))).toBe(p);
    await p;
    expect(readPromise(p)).toBe(42);
  });

  it('throws the reason once rejected', async () => {
    const err = new Error('lost chunk');
    const p = Promise.reject(err);
    expect(thrown(() => readPromise(p))).toBe(p);
    await p.catch(() => undefined);
    expect(thrown(() => readPromise(p))).toBe(err);
  });
});
