import { encodePack } from '@oj/proto';
import { describe, expect, it } from 'vitest';
import { CASE_PREVIEW_CHARS, createCasePreviewCache, previewText } from './case-preview';

const big = 'x'.repeat(CASE_PREVIEW_CHARS + 10);
const files = [
  { name: '1.in', data: Buffer.from('1 2\n') },
  { name: '1.out', data: Buffer.from('3\n') },
  { name: '2.in', data: Buffer.from(big) },
  { name: '2.out', data: Buffer.from('') },
  { name: '3.in', data: Buffer.from('中文'.repeat(1500)) },
];
const pack = Buffer.from(encodePack(files));

/** The pack in 7-byte chunks, counting reads. */
function source() {
  let reads = 0;
  const src = async (v: string) => {
    if (v !== 'v1') return null;
    reads++;
    return (async function* () {
      for (let i = 0; i < pack.length; i += 7) yield pack.subarray(i, i + 7);
    })();
  };
  return { src, reads: () => reads };
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(Buffer.from(c));
  return Buffer.concat(parts).toString('utf8');
}

describe('case previews', () => {
  it('previews every file once per version, marking long files truncated', async () => {
    const s = source();
    const cache = createCasePreviewCache(s.src);
    const [a, b] = await Promise.all([cache.previews('v1'), cache.previews('v1')]);
    expect(a).toBe(b);
    expect(s.reads()).toBe(1);
    expect(a!.get('1.in')).toEqual({ text: '1 2\n', bytes: 4, truncated: false });
    expect(a!.get('2.out')).toEqual({ text: '', bytes: 0, truncated: false });
    const long = a!.get('2.in')!;
    expect(long.truncated).toBe(true);
    expect(long.text).toBe('x'.repeat(CASE_PREVIEW_CHARS));
    expect(long.bytes).toBe(CASE_PREVIEW_CHARS + 10);
    const cjk = a!.get('3.in')!;
    expect(cjk.text).toBe('中文'.repeat(1024));
    expect(cjk.truncated).toBe(true);
    await cache.previews('v1');
    expect(s.reads()).toBe(1);
    expect(await cache.previews('nope')).toBeNull();
  });

  it('streams one file whole and answers null for a missing one', async () => {
    const cache = createCasePreviewCache(source().src);
    const f = await cache.file('v1', '2.in');
    expect(f!.bytes).toBe(big.length);
    expect(await collect(f!.body)).toBe(big);
    const empty = await cache.file('v1', '2.out');
    expect(await collect(empty!.body)).toBe('');
    expect(await collect((await cache.file('v1', '1.out'))!.body)).toBe('3\n');
    expect(await cache.file('v1', 'missing.in')).toBeNull();
    expect(await cache.file('v2', '1.in')).toBeNull();
  });

  it('cuts a text at the preview length', () => {
    expect(previewText('abc', 3)).toEqual({ text: 'abc', bytes: 3, truncated: false });
    expect(previewText('y'.repeat(CASE_PREVIEW_CHARS + 1), CASE_PREVIEW_CHARS + 1).truncated).toBe(true);
  });
});
