import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** sha256 (hex) and size of a file, read as a stream. */
export async function fileDigest(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
  }
  return { sha256: hash.digest('hex'), size };
}
