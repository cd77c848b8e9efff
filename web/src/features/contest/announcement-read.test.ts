// Read announcement ids are kept per user and contest, so a notification is raised once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadReadIds, markRead, MAX_READ_IDS, readKey } from './announcement-read';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

const g = globalThis as unknown as { window?: { localStorage: MemoryStorage } };

describe('announcement read ids', () => {
  beforeEach(() => {
    g.window = { localStorage: new MemoryStorage() };
  });
  afterEach(() => {
    delete g.window;
  });

  it('returns only the ids not read before, and remembers them', () => {
    expect(markRead('u1', 7, [3, 4])).toEqual([3, 4]);
    expect(markRead('u1', 7, [4, 5, 5])).toEqual([5]);
    expect(loadReadIds('u1', 7)).toEqual([3, 4, 5]);
  });

  it('keeps users and contests apart', () => {
    markRead('u1', 7, [1]);
    expect(markRead('u2', 7, [1])).toEqual([1]);
    expect(markRead('u1', 8, [1])).toEqual([1]);
    expect(loadReadIds('u1', 9)).toEqual([]);
  });

  it('ignores unreadable stored values and caps the list', () => {
    g.window!.localStorage.setItem(readKey('u1', 1), '{"not":"a list"}');
    expect(loadReadIds('u1', 1)).toEqual([]);
    markRead('u1', 1, Array.from({ length: MAX_READ_IDS + 10 }, (_, i) => i + 1));
    const kept = loadReadIds('u1', 1);
    expect(kept).toHaveLength(MAX_READ_IDS);
    expect(kept[kept.length - 1]).toBe(MAX_READ_IDS + 10);
  });
});
