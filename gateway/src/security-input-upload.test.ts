// Authority before the body (issue 15, item 4): a caller the route's rule refuses, or an upload announced over the
// route's limit, is answered before the body is read, over a real socket: the refusal arrives while the client is
// still sending a 128 MiB body, the gateway closes the connection instead of draining the rest, and its memory does
// not grow. JSON routes take only what their schema can need.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

let h: Harness;
let port: number;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  // Test-data zips up to 8 MiB here, so that an admin's over-limit upload is a small number.
  h = await startHarness({ servicesConfig: { testdataMaxZipMb: 8 } });
  await h.createUser('up_user');
  await h.createUser('up_admin', ['admin']);
  userToken = await h.login('up_user');
  adminToken = await h.login('up_admin');
  port = Number(new URL(await h.gw.listen(0, '127.0.0.1')).port);
});
afterAll(async () => h?.stop());

const MiB = 1024 * 1024;

interface Sent {
  /** The status of the answer, or 0 when none came. */
  status: number;
  body: string;
  /** Body bytes the client got to write before the answer came (or the connection ended). */
  sentBeforeAnswer: number;
  /** Whether the server closed the connection within a second of answering. */
  closed: boolean;
}

/**
 * Sends a request whose body announces (or, chunked, streams) `totalBytes`, one 64 KiB chunk per write as fast as
 * the socket drains, and stops as soon as the answer arrives.
 */
function upload(path: string, headers: Record<string, string>, totalBytes: number, opts: { chunked?: boolean; first?: Buffer } = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const answer: Buffer[] = [];
    let answeredAt = -1;
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      sock.destroy();
      const [head = '', body = ''] = Buffer.concat(answer).toString('utf8').split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body, sentBeforeAnswer: answeredAt < 0 ? sent : answeredAt, closed });
    };
    sock.on('data', (d) => {
      answer.push(d);
      if (answeredAt < 0) {
        answeredAt = sent;
        setTimeout(() => finish(false), 1000);
      }
    });
    sock.on('end', () => finish(true));
    sock.on('close', () => finish(true));
    sock.on('error', () => finish(true));
    sock.setTimeout(30_000, () => reject(new Error('no answer in 30 s')));
    const lines = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    lines.push(opts.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${totalBytes}`);
    sock.write(`${lines.join('\r\n')}\r\n\r\n`);
    const pump = () => {
      while (!done && answeredAt < 0 && sent < totalBytes) {
        const piece = sent === 0 && opts.first ? opts.first : chunk;
        sent += piece.length;
        const framed = opts.chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
        if (!sock.write(framed)) {
          sock.once('drain', () => setImmediate(pump));
          return;
        }
      }
    };
    sock.once('connect', pump);
  });
}

const MULTIPART = 'multipart/form-data; boundary=XYZ';
const partHead = Buffer.from('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="cases.zip"\r\nContent-Type: application/zip\r\n\r\n');

/** The answer to a refused 128 MiB upload: early, the connection closed, the gateway's memory flat. */
async function refusedEarly(path: string, headers: Record<string, string>, opts: { chunked?: boolean } = {}): Promise<Sent> {
  global.gc?.();
  const before = process.memoryUsage();
  const res = await upload(path, headers, 128 * MiB, { ...opts, first: partHead });
  const after = process.memoryUsage();
  // The refusal came long before the 128 MiB were through, and the rest was not drained.
  expect(res.sentBeforeAnswer).toBeLessThan(16 * MiB);
  expect(res.closed).toBe(true);
  expect(after.rss - before.rss).toBeLessThan(48 * MiB);
  expect(after.heapUsed - before.heapUsed).toBeLessThan(32 * MiB);
  return res;
}

describe('uploads are refused before their body is read', () => {
  it('an anonymous 128 MiB test-data upload: 401 at once, the rest never received', async () => {
    const res = await refusedEarly('/api/file/upload-testcase-zip', { 'Content-Type': MULTIPART, 'Accept-Language': 'en-US' });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'AUTH_NOT_LOGGED_IN', msg: 'Please login first' });
  });

  it('an unprivileged user’s 128 MiB upload, chunked (no length announced): 403 at once', async () => {
    const res = await refusedEarly('/api/file/upload-testcase-zip', { 'Content-Type': MULTIPART, Authorization: userToken, Cookie: 'lang=zh-CN' }, { chunked: true });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'AUTH_FORBIDDEN', msg: '您没有权限执行此操作' });
  });

  it('a problem import by a non-root admin is refused unread, as is an avatar from an anonymous caller', async () => {
    expect((await refusedEarly('/api/file/import-problem', { 'Content-Type': MULTIPART, Authorization: adminToken })).status).toBe(403);
    expect((await refusedEarly('/api/file/upload-avatar', { 'Content-Type': MULTIPART })).status).toBe(401);
  });

  it('an admin’s upload announced over the route’s limit: 413 before a byte is read', async () => {
    const res = await refusedEarly('/api/file/upload-testcase-zip', { 'Content-Type': MULTIPART, Authorization: adminToken, 'Accept-Language': 'en-US' });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('a JSON body sent to a route the caller may not use is refused before it is read, not after 1 MiB', async () => {
    const res = await refusedEarly('/api/admin/problem', { 'Content-Type': 'application/json', Authorization: userToken }, { chunked: true });
    expect(res.status).toBe(403);
  });
});

describe('body limits per route', () => {
  it('a JSON route takes what its schema can need: a small form refuses 100 KiB, a problem form takes it', async () => {
    const padded = { username: 'x', password: 'y', pad: 'z'.repeat(100 * 1024) };
    const small = await h.gw.app.inject({ method: 'POST', url: '/api/login', payload: padded, headers: { 'accept-language': 'en-US' } });
    expect(small.statusCode).toBe(413);
    expect(small.json()).toMatchObject({ code: 'VALIDATION_FAILED', msg: 'Invalid request: the body is too large' });
    const root = await h.login('root', ROOT_PASSWORD);
    const form = await h.gw.app.inject({ method: 'POST', url: '/api/admin/problem', payload: { description: 'd'.repeat(100 * 1024) }, headers: { authorization: root } });
    expect(form.statusCode).not.toBe(413);
  });

  it('an upload route takes no big body that is not multipart', async () => {
    const res = await h.gw.app.inject({
      method: 'POST',
      url: '/api/file/upload-testcase-zip',
      payload: JSON.stringify({ x: 'x'.repeat(64 * 1024) }),
      headers: { authorization: adminToken, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
  });
});
