// A byte reader over a file (read in 64 KiB chunks) or a buffer, for comparisons that must not load a whole output
// into memory. Every operation is synchronous and says NEED when the chunk is used up; the caller then awaits
// `fill()` and repeats, so the hot loop awaits once per chunk, not once per byte or token.
import { open, type FileHandle } from 'node:fs/promises';

/** The end of the input. */
export const EOF = -1;
/** The chunk is used up: `await fill()`, then call again. */
export const NEED = -2;
const CHUNK = 64 * 1024;

/** C's isspace() in the C locale: space, \t, \n, \v, \f, \r. */
export function isSpace(b: number): boolean {
  return b === 0x20 || (b >= 0x09 && b <= 0x0d);
}

export interface Token {
  /** The token's bytes, at most the `max` given to `token()`. */
  bytes: Buffer;
  /** The token was longer than `max`: the rest was skipped. */
  truncated: boolean;
}

export class ByteReader {
  private buf: Buffer;
  private pos = 0;
  private end: number;
  private eof: boolean;
  /** A token cut by the end of a chunk: its pieces so far (copies), their length, and whether it ran over `max`. */
  private parts: Buffer[] = [];
  private partLength = 0;
  private partTruncated = false;
  /** Newlines consumed so far (for messages: "line n"). */
  newlines = 0;
  /** Bytes consumed so far. */
  consumed = 0;

  private constructor(
    private readonly fh: FileHandle | null,
    buf: Buffer,
  ) {
    this.buf = buf;
    this.end = fh ? 0 : buf.length;
    this.eof = !fh;
  }

  /** Reads `buf` (already complete in memory: never NEED). */
  static fromBuffer(buf: Buffer): ByteReader {
    return new ByteReader(null, buf);
  }

  static async open(file: string): Promise<ByteReader> {
    return new ByteReader(await open(file, 'r'), Buffer.alloc(CHUNK));
  }

  async close(): Promise<void> {
    await this.fh?.close();
  }

  /** Reads the next chunk (only after an operation said NEED). */
  async fill(): Promise<void> {
    if (!this.fh || this.eof || this.pos < this.end) return;
    const { bytesRead } = await this.fh.read(this.buf, 0, this.buf.length, null);
    this.pos = 0;
    this.end = bytesRead;
    if (bytesRead === 0) this.eof = true;
  }

  /** The next byte without consuming it, EOF, or NEED. */
  peek(): number {
    if (this.pos < this.end) return this.buf[this.pos]!;
    return this.eof ? EOF : NEED;
  }

  /** Consumes the byte `peek()` returned. */
  skip(): void {
    if (this.buf[this.pos] === 0x0a) this.newlines++;
    this.pos++;
    this.consumed++;
  }

  /** Skips whitespace; true once a non-space or EOF is next, NEED when the chunk ran out first. */
  skipSpace(): true | typeof NEED {
    while (this.pos < this.end) {
      const b = this.buf[this.pos]!;
      if (!isSpace(b)) return true;
      if (b === 0x0a) this.newlines++;
      this.pos++;
      this.consumed++;
    }
    return this.eof ? true : NEED;
  }

  /**
   * The token at the cursor (call after `skipSpace()`): its first `max` bytes; null at EOF; NEED when the chunk
   * ran out (the part read so far is kept for the next call).
   */
  token(max: number): Token | null | typeof NEED {
    const start = this.pos;
    while (this.pos < this.end && !isSpace(this.buf[this.pos]!)) this.pos++;
    const piece = this.buf.subarray(start, this.pos);
    this.consumed += piece.length;
    if (this.pos === this.end && !this.eof) {
      // Cut by the chunk's end: keep a copy (the buffer is reused), at most `max` bytes in all.
      this.keep(piece, max);
      return NEED;
    }
    if (this.parts.length === 0 && !this.partTruncated) {
      if (piece.length === 0) return null;
      return piece.length > max ? { bytes: piece.subarray(0, max), truncated: true } : { bytes: piece, truncated: false };
    }
    this.keep(piece, max);
    const t: Token = { bytes: Buffer.concat(this.parts), truncated: this.partTruncated };
    this.parts = [];
    this.partLength = 0;
    this.partTruncated = false;
    return t;
  }

  private keep(piece: Buffer, max: number): void {
    const room = max - this.partLength;
    if (piece.length > room) this.partTruncated = true;
    const kept = piece.subarray(0, Math.max(0, room));
    if (kept.length > 0) {
      this.parts.push(Buffer.from(kept));
      this.partLength += kept.length;
    }
  }
}
