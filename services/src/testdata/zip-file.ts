// Reading a zip without holding it in memory: the central directory from a few positional reads, each entry as a
// stream of verified chunks (inflated by a zlib stream, stopped as soon as it passes its declared size, its CRC and
// size checked at the end). The source is a file on disk (uploads) or a buffer (small archives, tests).
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { OjError } from '@oj/proto';
import { bad, checkShape, crc32, dataOffset, END_SEARCH_BYTES, locateCentralDirectory, parseCentralDirectory, tooLarge, type CentralEntry, type ZipReadLimits } from './zip';

/** Random access to an archive's bytes. */
export interface ZipSource {
  readonly size: number;
  /** Up to `length` bytes at `position` (fewer at the end). */
  read(position: number, length: number): Promise<Buffer>;
  /** The bytes `[start, end)` as a stream. */
  stream(start: number, end: number): Readable;
  close(): Promise<void>;
}

export function bufferSource(buf: Buffer): ZipSource {
  return {
    size: buf.length,
    read: async (position, length) => buf.subarray(position, position + length),
    stream: (start, end) => Readable.from([buf.subarray(start, end)]),
    close: async () => {},
  };
}

/** Chunk of a file range read as a stream. */
const RANGE_CHUNK = 256 * 1024;

/** Up to `length` bytes of `fh` at `position` (fewer at the end of the file). */
async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(Math.max(0, length));
  let got = 0;
  while (got < buf.length) {
    const { bytesRead } = await fh.read(buf, got, buf.length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return buf.subarray(0, got);
}

/** The bytes `[start, end)` of `fh` in positional reads (a stream that never closes the shared descriptor). */
async function* readRange(fh: FileHandle, start: number, end: number): AsyncGenerator<Buffer> {
  for (let at = start; at < end; ) {
    const chunk = await readAt(fh, at, Math.min(RANGE_CHUNK, end - at));
    if (chunk.length === 0) throw new Error('unexpected end of file');
    at += chunk.length;
    yield chunk;
  }
}

/** Opens the archive at `path` for positional reads (one descriptor, closed by `close()`). */
export async function fileSource(path: string): Promise<ZipSource> {
  const fh: FileHandle = await open(path, 'r');
  const { size } = await fh.stat();
  return {
    size,
    read: (position, length) => readAt(fh, position, Math.min(length, size - position)),
    stream: (start, end) => Readable.from(readRange(fh, start, end), { objectMode: false }),
    close: () => fh.close(),
  };
}

/** The archive's entries, from its central directory, after the zip-bomb checks (nothing inflated yet). */
export async function listEntries(src: ZipSource, limits: ZipReadLimits): Promise<CentralEntry[]> {
  if (src.size < 22) throw bad('no end of central directory');
  const tailStart = Math.max(0, src.size - END_SEARCH_BYTES);
  const at = locateCentralDirectory(await src.read(tailStart, src.size - tailStart), src.size, limits);
  const entries = parseCentralDirectory(await src.read(at.offset, at.size), at.count);
  checkShape(entries, src.size, at.offset, limits);
  return entries;
}

/**
 * The inflated bytes of entry `e`, chunk by chunk. Throws FILE_TOO_LARGE the moment the entry passes its declared
 * size (a lying header), and TESTCASE_INVALID_ZIP when it cannot be inflated or fails its CRC.
 */
export async function* entryChunks(src: ZipSource, e: CentralEntry): AsyncGenerator<Buffer> {
  const start = dataOffset(await src.read(e.localOffset, 30), e, src.size);
  const raw = src.stream(start, start + e.compressedSize);
  const body: Readable = e.method === 0 ? raw : pipeline(raw, createInflateRaw(), () => {});
  let n = 0;
  let crc = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      n += chunk.length;
      if (n > e.size) throw tooLarge(`${e.name} inflates beyond its declared size`);
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof OjError) throw err;
    throw bad(`${e.name} cannot be inflated`);
  } finally {
    body.destroy();
    raw.destroy();
  }
  if (n !== e.size) throw tooLarge(`${e.name} does not have its declared size`);
  if (crc !== e.crc) throw bad(`${e.name} fails its CRC check`);
}

/** The whole (small) entry `e` in memory, verified. */
export async function readEntry(src: ZipSource, e: CentralEntry): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of entryChunks(src, e)) parts.push(c);
  return Buffer.concat(parts);
}
