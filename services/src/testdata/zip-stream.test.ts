// The streamed zip writer: what it writes reads back entry for entry (names, contents), and it writes as it reads —
// the first bytes leave before the source has produced its later files, so memory holds one file at a time.
import { describe, expect, it } from 'vitest';
import { readZip, writeZip, zipStream } from './zip';

const LIMITS = { entries: 5000, fileBytes: 1 << 20, totalBytes: 1 << 30 };

describe('zipStream', () => {
  it('writes the same archive as writeZip, entry by entry, while the files are still being produced', async () => {
    const files = Array.from({ length: 300 }, (_, i) => ({ name: `u${i % 7}/A_u${i % 7}_${i}.cpp`, data: Buffer.from(`// ${i}\n`.repeat(50 + i)) }));
    let produced = 0;
    let producedAtFirstChunk = -1;
    async function* source() {
      for (const f of files) {
        produced++;
        yield f;
      }
    }
    const chunks: Buffer[] = [];
    for await (const c of zipStream(source())) {
      if (producedAtFirstChunk < 0) producedAtFirstChunk = produced;
      chunks.push(c);
    }
    expect(producedAtFirstChunk).toBe(1);
    const zip = Buffer.concat(chunks);
    expect(zip.equals(writeZip(files))).toBe(true);
    const back = readZip(zip, LIMITS, () => true);
    expect(back.map((e) => e.name)).toEqual(files.map((f) => f.name));
    back.forEach((e, i) => expect(e.data.equals(files[i]!.data)).toBe(true));
  });

  it('an empty source is a valid empty zip', async () => {
    const chunks: Buffer[] = [];
    for await (const c of zipStream((async function* () {})())) chunks.push(c);
    expect(readZip(Buffer.concat(chunks), LIMITS, () => true)).toEqual([]);
  });
});
