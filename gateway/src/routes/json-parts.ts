// Sends an `ok` envelope whose data comes as JSON text in parts (the scoreboard's whole-board answers). A part
// shared by many answers (all rows of one board version) is gzip-compressed once and spliced between the
// caller's own parts, each compressed apart: raw deflate segments that end on a sync flush concatenate into
// one valid deflate stream, and the gzip trailer's CRC-32 is combined from the parts' CRCs. What the client
// decodes is byte for byte the text the parts join to.
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '@oj/proto';
import type { OjServices } from '@oj/services';

type JsonPart = Awaited<ReturnType<OjServices['scoreboards']['rankJson']>>[number];
type SharedPart = Exclude<JsonPart, string>;

interface Compressed {
  deflated: Buffer;
  crc: number;
  length: number;
}

const ENVELOPE = JSON.stringify(ok(0));
const AT = ENVELOPE.indexOf('"data":') + '"data":'.length;
/** `{"status":200,"data":` and `,"msg":"success"}`, as `ok()` serialises. */
const HEAD = ENVELOPE.slice(0, AT);
const TAIL = ENVELOPE.slice(AT + 1);
/** Smaller answers go through the compress plugin like any other (its threshold). */
const THRESHOLD = 8192;
const JSON_TYPE = 'application/json; charset=utf-8';
/** Magic, deflate, no flags, no mtime, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const LEVEL = 1;

function gf2Times(mat: Uint32Array, vec: number): number {
  let sum = 0;
  for (let i = 0; vec !== 0; i++, vec >>>= 1) if (vec & 1) sum ^= mat[i]!;
  return sum >>> 0;
}

function gf2Square(square: Uint32Array, mat: Uint32Array): void {
  for (let n = 0; n < 32; n++) square[n] = gf2Times(mat, mat[n]!);
}

/** CRC-32 of A followed by B from crc(A), crc(B) and B's length (zlib's crc32_combine). */
export function crc32Combine(crc1: number, crc2: number, len2: number): number {
  if (len2 <= 0) return crc1 >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320;
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row;
  gf2Square(even, odd);
  gf2Square(odd, even);
  let len = len2;
  let crc = crc1 >>> 0;
  for (;;) {
    gf2Square(even, odd);
    if (len % 2 === 1) crc = gf2Times(even, crc);
    len = Math.floor(len / 2);
    if (len === 0) break;
    gf2Square(odd, even);
    if (len % 2 === 1) crc = gf2Times(odd, crc);
    len = Math.floor(len / 2);
    if (len === 0) break;
  }
  return (crc ^ crc2) >>> 0;
}

function segment(buf: Buffer, last: boolean): Buffer {
  return deflateRawSync(buf, { level: LEVEL, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
}

function compressedOf(p: SharedPart): Compressed {
  if (!p.compressed) {
    const buf = Buffer.from(p.text, 'utf8');
    const crc = crc32(buf);
    p.compressed = { crc, length: buf.length, deflated: segment(buf, false) } satisfies Compressed;
  }
  return p.compressed as Compressed;
}

/** One gzip member of the parts' text; shared parts reuse their memoised segment. */
export function gzipParts(parts: readonly JsonPart[]): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  let own = '';
  const flushOwn = (last: boolean) => {
    const buf = Buffer.from(own, 'utf8');
    own = '';
    // The CRC first: deflating an empty buffer leaves it unusable for crc32 (which then answers 0).
    crc = crc32(buf, crc);
    length += buf.length;
    out.push(segment(buf, last));
  };
  for (const p of parts) {
    if (typeof p === 'string') {
      own += p;
      continue;
    }
    if (own !== '') flushOwn(false);
    const c = compressedOf(p);
    out.push(c.deflated);
    crc = crc32Combine(crc, c.crc, c.length);
    length += c.length;
  }
  flushOwn(true);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  out.push(trailer);
  return Buffer.concat(out);
}

/** Whether the request accepts gzip (an explicit `gzip`/`x-gzip`, or `*`, with a non-zero q). */
export function acceptsGzip(req: FastifyRequest): boolean {
  if (req.headers['x-no-compression'] !== undefined) return false;
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return false;
  let star: boolean | null = null;
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip' || name.trim() === 'x-gzip') return accepted;
    if (name.trim() === '*') star = accepted;
  }
  return star === true;
}

/** Adds `Accept-Encoding` to the answer's `Vary` (once). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('Vary');
  if (typeof vary !== 'string' || !/accept-encoding/i.test(vary)) reply.header('Vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
}

/** Replies `ok(data)` where data is the JSON text of `parts` joined. */
export function sendJsonParts(req: FastifyRequest, reply: FastifyReply, parts: readonly JsonPart[]): FastifyReply {
  const all: JsonPart[] = [HEAD, ...parts, TAIL];
  const shared = parts.some((p) => typeof p !== 'string');
  const size = all.reduce((n, p) => n + (typeof p === 'string' ? p.length : p.text.length), 0);
  reply.type(JSON_TYPE);
  if (shared && size >= THRESHOLD && acceptsGzip(req)) {
    varyOnEncoding(reply);
    return reply.header('Content-Encoding', 'gzip').send(gzipParts(all));
  }
  return reply.send(all.map((p) => (typeof p === 'string' ? p : p.text)).join(''));
}
