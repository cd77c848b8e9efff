import { describe, expect, it } from 'vitest';
import { latestOnly } from './useLatestRead';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('latestOnly', () => {
  it('keeps the answer of the latest read started, even when an earlier one answers after it', async () => {
    const latest = latestOnly();
    const shown: string[] = [];
    const first = deferred<string>();
    const second = deferred<string>();
    const a = latest(first.promise, (v) => shown.push(v));
    const b = latest(second.promise, (v) => shown.push(v));
    second.resolve('judged');
    await b;
    first.resolve('judging');
    await a;
    expect(shown).toEqual(['judged']);
  });

  it('reports the failure of the latest read only', async () => {
    const latest = latestOnly();
    const failed: unknown[] = [];
    const first = deferred<string>();
    const a = latest(first.promise, () => {}, (e) => failed.push(e));
    const b = latest(Promise.reject(new Error('latest')), () => {}, (e) => failed.push(e));
    await b;
    first.reject(new Error('stale'));
    await a;
    expect(failed.map((e) => (e as Error).message)).toEqual(['latest']);
  });

  it('lets a failed re-read keep the list shown, and a failed first read end the loading state (the pages do both)', async () => {
    const latest = latestOnly();
    const EMPTY: string[] = [];
    let shown: string[] | null = null;
    // A page's `fail`: keep what is shown, or show the empty list if nothing is (loading ends when shown is not null).
    const keepOrEmpty = () => (shown = shown ?? EMPTY);
    await latest(Promise.reject(new Error('first read')), (v: string[]) => (shown = v), keepOrEmpty);
    expect(shown).toBe(EMPTY);
    await latest(Promise.resolve(['saved row']), (v: string[]) => (shown = v), keepOrEmpty);
    await latest(Promise.reject(new Error('re-read')), (v: string[]) => (shown = v), keepOrEmpty);
    expect(shown).toEqual(['saved row']);
  });
});
