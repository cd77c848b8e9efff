// Zip bombs (issue 15, item 13): a test-data upload and a problem import of a ~120–500 KB zip that would unpack to
// hundreds of MiB — entries sharing one compressed stream, entries of extreme ratio, a header that lies about its
// size, paths nested too deep — are refused with a catalogued 4xx within seconds, from the central directory (or, for
// a lying header, as soon as the entry passes its declared size), the memory of the process stays flat, and nothing
// is half imported or attached.
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centralHeader, crc32, endRecord, localHeader, writeZip, type ZipRecord } from '@oj/services';
import { ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

let h: Harness;
let root: string;
let pid: number;

const MiB = 1024 * 1024;

/** `mib` MiB of one repeated digit, deflated as a stream (never held whole): the compressed bytes and the CRC. */
async function kernel(mib: number): Promise<{ body: Buffer; crc: number; size: number }> {
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => z.on('end', resolve));
  const chunk = Buffer.alloc(MiB, '1');
  let crc = 0;
  for (let i = 0; i < mib; i++) {
    crc = crc32(chunk, crc);
    if (!z.write(chunk)) await new Promise((r) => z.once('drain', r));
  }
  z.end();
  await done;
  return { body: Buffer.concat(out), crc, size: mib * MiB };
}

/** A zip of `entries` written by hand: each names a body (shared ones make overlapping entries) and may lie about its size. */
function handZip(bodies: Buffer[], entries: { name: string; body: number; crc: number; size: number }[]): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const [i, body] of bodies.entries()) {
    const e = entries.find((x) => x.body === i)!;
    const local = localHeader({ name: e.name, method: 8, crc: e.crc, compressedSize: body.length, size: e.size, offset });
    offsets.push(offset);
    parts.push(local, body);
    offset += local.length + body.length;
  }
  const records: ZipRecord[] = entries.map((e) => ({ name: e.name, method: 8, crc: e.crc, compressedSize: bodies[e.body]!.length, size: e.size, offset: offsets[e.body]! }));
  const cd = Buffer.concat(records.map(centralHeader));
  return Buffer.concat([...parts, cd, endRecord(records.length, cd.length, offset)]);
}

let overlap: Buffer;
let ratio: Buffer;
let lying: Buffer;
const deep = writeZip([{ name: `${'d/'.repeat(20)}1.in`, data: Buffer.from('1') }, { name: `${'d/'.repeat(20)}1.out`, data: Buffer.from('1') }]);

beforeAll(async () => {
  h = await startHarness();
  root = await h.login('root', ROOT_PASSWORD);
  pid = (await h.services.problems.list({}, null)).records[0]!.pid;
  // 4 entries sharing one 120 MiB stream: ~120 KB that unpack to 480 MiB.
  const k = await kernel(120);
  const names = ['1.in', '1.out', '2.in', '2.out'];
  overlap = handZip([k.body], names.map((name) => ({ name, body: 0, crc: k.crc, size: k.size })));
  // 4 entries of 100 MiB each, each deflated apart (~1000:1): ~400 KB that unpack to 400 MiB.
  const k100 = await kernel(100);
  ratio = handZip([k100.body, k100.body, k100.body, k100.body], names.map((name, i) => ({ name, body: i, crc: k100.crc, size: k100.size })));
  // An input that claims 1 KiB and inflates to 120 MiB, and its output.
  const one = Buffer.from('1');
  lying = handZip([k.body, deflateRawSync(one)], [{ name: '1.in', body: 0, crc: k.crc, size: 1024 }, { name: '1.out', body: 1, crc: crc32(one), size: 1 }]);
}, 120_000);
afterAll(async () => h?.stop());

function multipart(zip: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const head = Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="bomb.zip"\r\nContent-Type: application/zip\r\n\r\n');
  return { payload: Buffer.concat([head, zip, Buffer.from('\r\n--B--\r\n')]), headers: { 'content-type': 'multipart/form-data; boundary=B', authorization: root, 'accept-language': 'en-US' } };
}

/** Sends `zip` to `url`: the answer, how long it took and how much the process's memory grew meanwhile. */
async function send(url: string, zip: Buffer) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const res = await h.gw.app.inject({ method: 'POST', url, ...multipart(zip) });
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { body: res.json() as { status: number; code: string; msg: string }, http: res.statusCode, ms: performance.now() - t0, grewMiB: (peak - before) / MiB };
}

/** The problem's test cases as the admin downloads them (the zip's entries, unchanged when nothing was attached). */
const cases = async () => (await h.gw.app.inject({ method: 'GET', url: `/api/file/download-testcase?pid=${pid}`, headers: { authorization: root } })).rawPayload.subarray(0, 2000).toString('base64');

const problemCount = async () => (await h.services.problems.list({ limit: 1 }, null)).total;

describe('zip bombs are refused quickly, with flat memory', () => {
  it('the generated bombs are small archives that would unpack to hundreds of MiB', () => {
    expect(overlap.length).toBeGreaterThan(100 * 1024);
    expect(overlap.length).toBeLessThan(600 * 1024);
    expect(ratio.length).toBeGreaterThan(100 * 1024);
    expect(ratio.length).toBeLessThan(600 * 1024);
  });

  it.each([
    ['entries sharing one stream', () => overlap, 'ARCHIVE_BOMB', /overlaps another entry/],
    ['entries of extreme ratio', () => ratio, 'ARCHIVE_BOMB', /more than the 200:1 allowed/],
    ['a header that lies about its size', () => lying, 'FILE_TOO_LARGE', /inflates beyond its declared size/],
    ['paths nested too deep', () => deep, 'ARCHIVE_BOMB', /nested more than 16 folders deep/],
  ])('test data, %s: a 4xx with the catalogue message, nothing attached', async (_what, zip, code, detail) => {
    const before = await cases();
    const res = await send(`/api/file/upload-testcase-zip?pid=${pid}`, zip());
    expect(res.http).toBeLessThan(500);
    expect(res.body.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.msg).toMatch(detail);
    expect(res.ms).toBeLessThan(5_000);
    expect(res.grewMiB).toBeLessThan(64);
    expect(await cases()).toEqual(before);
  });

  it.each([
    ['entries sharing one stream', () => overlap, 'ARCHIVE_BOMB'],
    ['entries of extreme ratio', () => ratio, 'ARCHIVE_BOMB'],
    ['a header that lies about its size', () => lying, 'FILE_TOO_LARGE'],
    ['paths nested too deep', () => deep, 'ARCHIVE_BOMB'],
  ])('problem import, %s: a 4xx, and the bank is as it was', async (_what, zip, code) => {
    const before = await problemCount();
    const res = await send('/api/file/import-problem', zip());
    expect(res.http).toBeLessThan(500);
    expect(res.body.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.ms).toBeLessThan(5_000);
    expect(res.grewMiB).toBeLessThan(64);
    expect(await problemCount()).toBe(before);
  });
});
