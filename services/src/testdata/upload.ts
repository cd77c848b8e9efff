// The disk side of a test-data upload: the zip is spooled to a private temp directory as it arrives (the byte limit
// enforced on the way), read back from disk to check it and write its pack to a second file, and the pack is put in
// the object store as a stream. Neither the zip nor the pack is ever held in memory; the directory is removed
// whatever happens.
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OjError, type PackSource, type TestdataLimits } from '@oj/proto';
import { buildCaseSet, type CaseSet } from './case-set';
import type { ProgressReporter } from './upload-progress';
import { fileSource } from './zip-file';

/** The bytes of an uploaded zip: a stream (a multipart part) or, for small uses and tests, a buffer. */
export type ZipBody = AsyncIterable<Uint8Array> | Uint8Array;

export interface SpoolOptions {
  limits: TestdataLimits;
  mode: string;
  /** Parent of the temp directory (default: the OS temp dir). */
  tmpDir?: string;
  /** Bytes the client announced (the request's length), for the progress total; 0 when unknown. */
  expectedBytes?: number;
  progress: ProgressReporter;
  /** Stores the finished pack under its version. */
  put(version: string, pack: PackSource): Promise<void>;
}

const tooLarge = (limit: number) => new OjError('FILE_TOO_LARGE', { detail: `the zip is larger than ${limit} bytes` });

/** Local file header, or the end record of an empty archive. */
const isZipMagic = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && ((b[2] === 3 && b[3] === 4) || (b[2] === 5 && b[3] === 6));

/** Writes `body` to `file`, refusing it as soon as it passes `maxBytes`; answers its size. */
async function receive(body: ZipBody, file: string, maxBytes: number, onBytes: (n: number) => void): Promise<number> {
  const fh = await open(file, 'wx', 0o600);
  try {
    let n = 0;
    const chunks: AsyncIterable<Uint8Array> | Uint8Array[] = body instanceof Uint8Array ? [body] : body;
    for await (const chunk of chunks) {
      n += chunk.byteLength;
      if (n > maxBytes) throw tooLarge(maxBytes);
      await fh.write(chunk);
      onBytes(n);
    }
    return n;
  } finally {
    await fh.close();
  }
}

/** A file read as a stream on each `open()`, counting the bytes read for the progress. */
function fileAsPack(file: string, size: number, onBytes: (n: number) => void): PackSource {
  return {
    size,
    async *open() {
      let n = 0;
      for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
        n += chunk.length;
        onBytes(n);
        yield chunk;
      }
    },
  };
}

/** Checks the zip at `zipFile` and writes its pack to `packFile`. */
async function checkAndPack(zipFile: string, packFile: string, opts: SpoolOptions): Promise<CaseSet> {
  const src = await fileSource(zipFile);
  try {
    if (!isZipMagic(await src.read(0, 4))) throw new OjError('FILE_TYPE_NOT_SUPPORTED', { detail: 'the file is not a zip archive' });
    const out = await open(packFile, 'wx', 0o600);
    try {
      const sink = async (c: Uint8Array) => void (await out.write(c));
      return await buildCaseSet(src, sink, { mode: opts.mode, limits: opts.limits, onProgress: (done, total) => opts.progress.report('checking', done, total) });
    } finally {
      await out.close();
    }
  } finally {
    await src.close();
  }
}

/** Receives, checks, packs and stores an uploaded zip; answers its case set. */
export async function spoolAndStore(body: ZipBody, opts: SpoolOptions): Promise<CaseSet> {
  const { limits, progress } = opts;
  const expected = opts.expectedBytes ?? 0;
  const dir = await mkdtemp(path.join(opts.tmpDir ?? os.tmpdir(), 'oj-testdata-upload-'));
  try {
    const zipFile = path.join(dir, 'upload.zip');
    const packFile = path.join(dir, 'pack');
    progress.report('receiving', 0, expected);
    await receive(body, zipFile, limits.zipBytes, (n) => progress.report('receiving', n, Math.max(expected, n)));
    progress.report('checking', 0, 0);
    const set = await checkAndPack(zipFile, packFile, opts);
    progress.report('storing', 0, set.bytes);
    await opts.put(set.version, fileAsPack(packFile, set.bytes, (n) => progress.report('storing', n, set.bytes)));
    return set;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
