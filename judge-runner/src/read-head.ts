// Reads the start of a file a sandboxed program wrote (compiler output, checker messages) without loading the rest.
import { open } from 'node:fs/promises';

/** The first `bytes` bytes of `file` as UTF-8; `ifMissing` when given and the file cannot be opened, else the error. */
export async function readHead(file: string, bytes: number, ifMissing?: string): Promise<string> {
  const fh = await open(file, 'r').catch((err: unknown) => {
    if (ifMissing === undefined) throw err;
    return null;
  });
  if (!fh) return ifMissing ?? '';
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await fh.close();
  }
}
