import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodePack } from '@oj/proto';
import { TestdataCache } from './cache';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** An object store in a Map: the same contract as the buses' `getTestdata`. */
function store() {
  const objects = new Map<string, Uint8Array>();
  return {
    objects,
    add(files: Record<string, string>): string {
      const pack = encodePack(Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text) })));
      const version = sha(pack);
      objects.set(version, pack);
      return version;
    },
    fetch: async (v: string) => objects.get(v) ?? null,
  };
}

let root: string;
beforeEach(async () => {
  root = path.join(await mkdtemp(path.join(os.tmpdir(), 'oj-testdata-cache-')), 'cache');
});
afterEach(async () => {
  await rm(path.dirname(root), { recursive: true, force: true });
});

describe('TestdataCache', () => {
  it('fetches a version once, verifies it and serves it from disk afterwards (root-only)', async () => {
    const s = store();
    const v = s.add({ '1.in': '1 2\n', '1.out': '3\n' });
    const cache = new TestdataCache({ root, fetch: s.fetch, maxBytes: 1 << 20 });
    const [a, b] = await Promise.all([cache.acquire(v), cache.acquire(v)]);
    expect(cache.fetches).toBe(1);
    expect(await readFile(path.join(a.dir, '1.out'), 'utf8')).toBe('3\n');
    expect(b.dir).toBe(a.dir);
    a.release();
    b.release();
    const c = await cache.acquire(v);
    c.release();
    expect(cache.fetches).toBe(1);
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(a.dir, '1.in'))).mode & 0o777).toBe(0o600);

    // A new process finds the version on disk and fetches nothing.
    const restarted = new TestdataCache({ root, fetch: s.fetch, maxBytes: 1 << 20 });
    (await restarted.acquire(v)).release();
    expect(restarted.fetches).toBe(0);
  });

  it('unpacks a streamed pack however its chunks fall, without holding it whole', async () => {
    const s = store();
    const big = 'z'.repeat(5000);
    const v = s.add({ '1.in': '1 2\n', '1.out': '3\n', '2.in': big, '2.out': '', 'e.in': '', 'e.out': 'x' });
    const pack = s.objects.get(v)!;
    for (const size of [1, 7, 4096, pack.byteLength]) {
      const chunks = async function* () {
        for (let at = 0; at < pack.byteLength; at += size) yield pack.slice(at, at + size);
      };
      const dir = path.join(path.dirname(root), `c${size}`);
      const cache = new TestdataCache({ root: dir, fetch: async () => chunks(), maxBytes: 1 << 20 });
      const h = await cache.acquire(v);
      expect(await readFile(path.join(h.dir, '2.in'), 'utf8')).toBe(big);
      expect(await readFile(path.join(h.dir, 'e.in'), 'utf8')).toBe('');
      expect((await readdir(h.dir)).sort()).toEqual(['1.in', '1.out', '2.in', '2.out', 'e.in', 'e.out']);
      expect(cache.bytes).toBe(5000 + 4 + 2 + 1);
      h.release();
    }
  });

  it('refuses a truncated or padded streamed pack and leaves nothing behind', async () => {
    const s = store();
    const v = s.add({ '1.in': 'abc', '1.out': 'def' });
    const pack = s.objects.get(v)!;
    const once = (b: Uint8Array) => async () =>
      (async function* () {
        yield b;
      })();
    const truncated = new TestdataCache({ root, fetch: once(pack.subarray(0, pack.byteLength - 1)), maxBytes: 1 << 20 });
    await expect(truncated.acquire(v)).rejects.toThrow(/truncated/);
    const padded = new TestdataCache({ root, fetch: once(Buffer.concat([pack, Buffer.from('!')])), maxBytes: 1 << 20 });
    await expect(padded.acquire(v)).rejects.toThrow(/trailing bytes/);
    expect(await readdir(root)).toEqual([]);
  });

  it('refuses a pack that does not match its version, and a version the store lacks', async () => {
    const s = store();
    const v = s.add({ '1.in': 'a', '1.out': 'b' });
    s.objects.set(v, encodePack([{ name: '1.in', data: Buffer.from('tampered') }]));
    const cache = new TestdataCache({ root, fetch: s.fetch, maxBytes: 1 << 20 });
    await expect(cache.acquire(v)).rejects.toThrow(/hash check/);
    await expect(cache.acquire('0'.repeat(64))).rejects.toThrow(/not in the object store/);
    await expect(cache.acquire('../etc')).rejects.toThrow(/bad test-data version/);
    expect(cache.has(v)).toBe(false);
    expect(await readdir(root)).toEqual([]);
  });

  it('evicts the least recently used version over budget, never one in use', async () => {
    const s = store();
    const v1 = s.add({ '1.in': 'x'.repeat(600), '1.out': '' });
    const v2 = s.add({ '1.in': 'y'.repeat(600), '1.out': '' });
    const v3 = s.add({ '1.in': 'z'.repeat(600), '1.out': '' });
    const cache = new TestdataCache({ root, fetch: s.fetch, maxBytes: 1300 });
    const h1 = await cache.acquire(v1);
    (await cache.acquire(v2)).release();
    // v1 is older but held: v2 goes when v3 arrives.
    const h3 = await cache.acquire(v3);
    expect(cache.has(v1)).toBe(true);
    expect(cache.has(v2)).toBe(false);
    expect(cache.has(v3)).toBe(true);
    h1.release();
    h3.release();
    expect(cache.bytes).toBeLessThanOrEqual(1300);
    (await cache.acquire(v2)).release();
    expect(cache.fetches).toBe(4);
    expect((await readdir(root)).sort()).toEqual([v2, v3].sort());
  });
});
