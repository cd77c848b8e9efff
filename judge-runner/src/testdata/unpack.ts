// Unpacks a test-data pack arriving as a stream into a directory, one file at a time (files 0600), hashing every
// byte on the way: memory holds one chunk and the manifest, whatever the pack's size.
import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { assertNever, PackReader } from '@oj/proto';

export interface Unpacked {
  files: number;
  /** Bytes of the files written. */
  bytes: number;
  /** sha256 of the whole pack, hex. */
  sha256: string;
}

/** Writes the files of the pack in `chunks` into `dir` (which must exist); throws on a malformed or truncated pack. */
export async function unpackStream(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, dir: string): Promise<Unpacked> {
  const hash = createHash('sha256');
  const reader = new PackReader();
  let out: FileHandle | null = null;
  let files = 0;
  let bytes = 0;
  try {
    for await (const chunk of chunks) {
      hash.update(chunk);
      for (const ev of reader.push(chunk)) {
        switch (ev.kind) {
          case 'manifest':
            break;
          case 'file-start':
            // The name was checked by the reader (one safe path segment); 'wx' refuses a repeated name.
            out = await open(path.join(dir, ev.name), 'wx', 0o600);
            files++;
            break;
          case 'data':
            await out!.write(ev.chunk);
            bytes += ev.chunk.byteLength;
            break;
          case 'file-end':
            await out!.close();
            out = null;
            break;
          default:
            assertNever(ev);
        }
      }
    }
    reader.end();
  } finally {
    await out?.close();
  }
  return { files, bytes, sha256: hash.digest('hex') };
}
