import { describe, expect, it } from 'vitest';
import { decodePack, encodePack, encodePackHead, objectChunks, PackReader, readPackHead, type PackEvent } from './testdata';

const text = (s: string) => new TextEncoder().encode(s);
const files = [
  { name: 'b.out', data: text('answer') },
  { name: 'a.in', data: text('1 2\n') },
  { name: 'empty.in', data: text('') },
];

/** Feeds `pack` to a reader in slices of `size`; answers each file's text as read back, and the events' kinds. */
function readInSlices(pack: Uint8Array, size: number) {
  const reader = new PackReader();
  const out = new Map<string, string>();
  const kinds: PackEvent['kind'][] = [];
  for (let at = 0; at < pack.byteLength; at += size) {
    for (const ev of reader.push(pack.slice(at, at + size))) {
      kinds.push(ev.kind);
      if (ev.kind === 'file-start') out.set(ev.name, '');
      if (ev.kind === 'data') out.set(ev.name, out.get(ev.name)! + new TextDecoder().decode(ev.chunk));
    }
  }
  reader.end();
  return { out: Object.fromEntries(out), kinds };
}

describe('the test-data pack', () => {
  it('encodes sorted by name, and decodes whole or as a stream cut anywhere', () => {
    const pack = encodePack(files);
    expect(decodePack(pack).map((f) => f.name)).toEqual(['a.in', 'b.out', 'empty.in']);
    const head = encodePackHead([
      { name: 'a.in', size: 4 },
      { name: 'b.out', size: 6 },
      { name: 'empty.in', size: 0 },
    ]);
    expect(pack.subarray(0, head.byteLength)).toEqual(head);
    expect(readPackHead(pack)).toEqual({ files: [{ name: 'a.in', size: 4 }, { name: 'b.out', size: 6 }, { name: 'empty.in', size: 0 }], dataStart: head.byteLength });
    expect(readPackHead(pack.subarray(0, head.byteLength - 1))).toBeNull();
    for (const size of [1, 2, 5, 64, pack.byteLength]) {
      const { out, kinds } = readInSlices(pack, size);
      expect(out).toEqual({ 'a.in': '1 2\n', 'b.out': 'answer', 'empty.in': '' });
      expect(kinds[0]).toBe('manifest');
      expect(kinds.filter((k) => k === 'file-end')).toHaveLength(3);
    }
  });

  it('refuses what is not a complete pack', () => {
    const pack = encodePack(files);
    expect(() => readInSlices(pack.subarray(0, pack.byteLength - 1), 3)).toThrow(/truncated/);
    expect(() => readInSlices(pack.subarray(0, 8), 3)).toThrow(/truncated manifest/);
    const padded = new Uint8Array(pack.byteLength + 1);
    padded.set(pack);
    expect(() => readInSlices(padded, 4)).toThrow(/trailing bytes/);
    expect(() => new PackReader().push(text('PK\x03\x04'))).toThrow(/not a test-data pack/);
    const huge = encodePackHead([]);
    new DataView(huge.buffer).setUint32(6, 0xffffffff);
    expect(() => new PackReader().push(huge)).toThrow(/manifest too large/);
    const evil = encodePackHead([{ name: '../x', size: 0 }]);
    expect(() => decodePack(evil)).toThrow(/bad file name/);
  });

  it('reads an object-store result chunk by chunk and fails on a corrupt object', async () => {
    const stream = (chunks: Uint8Array[], fail?: Error) => {
      let i = 0;
      return {
        getReader: () => ({
          read: async () => {
            if (i < chunks.length) return { done: false, value: chunks[i++]! };
            if (fail) throw fail;
            return { done: true };
          },
          cancel: async () => {},
        }),
      };
    };
    const got: string[] = [];
    for await (const c of objectChunks({ data: stream([text('ab'), text('c')]), error: Promise.resolve(null) })) got.push(new TextDecoder().decode(c));
    expect(got).toEqual(['ab', 'c']);
    const corrupt = new Error('received a corrupt object, digests do not match');
    const read = async () => {
      for await (const _ of objectChunks({ data: stream([text('ab')], corrupt), error: Promise.reject(corrupt) })) void _;
    };
    await expect(read()).rejects.toThrow(/corrupt object/);
  });
});
