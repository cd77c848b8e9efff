// The admin list's file transfers against a real local HTTP server: the event-feed upload (multipart `file`, the
// token and language headers, the new cid or the server's message) and the downloads (blob, attachment name,
// JSON refusals).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalogue, localeState } from '../../../i18n/locale';
import { ApiError, setApiOrigin } from '../../../lib/api';
import { sessionState } from '../../../stores/session';
import { attachmentName, downloadFile } from '../../../lib/download';
import { importEventFeed } from './event-feed-api';

interface Seen {
  path: string;
  query: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let seen: Seen | null = null;

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    seen = { path: url.pathname, query: url.search, headers: req.headers, body };
    const json = (body: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/admin/contest/import-event-feed') {
      if (body.includes('broken')) return json({ status: 400, data: null, msg: 'Event feed line 3: malformed JSON', code: 'EVENT_FEED_INVALID' });
      return json({ status: 200, data: { cid: 42 }, msg: 'success' });
    }
    if (url.pathname === '/api/admin/contest/event-feed') {
      if (url.searchParams.get('cid') === '9') return json({ status: 403, data: null, msg: 'No permission', code: 'AUTH_FORBIDDEN' });
      res.writeHead(200, {
        'Content-Type': 'application/x-ndjson; charset=utf-8',
        'Content-Disposition': `attachment; filename="contest-1-__.ndjson"; filename*=UTF-8''${encodeURIComponent('contest-1-比赛.ndjson')}`,
      });
      return res.end('{"type":"contest"}\n');
    }
    if (url.pathname === '/api/file/download-contest-rank') {
      res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8' });
      return res.end('Rank\n1\n');
    }
    res.writeHead(404, { 'Content-Type': 'text/html' });
    res.end('<html></html>');
  });
});

beforeAll(async () => {
  await loadCatalogue('en-US');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  setApiOrigin('');
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = null;
  sessionState.csrf = 'proof-1';
  localeState.locale = 'en-US';
});

describe('importEventFeed', () => {
  it('uploads the file as multipart field `file` with the CSRF proof and answers the new cid', async () => {
    const cid = await importEventFeed(new File(['{"type":"contest"}\n'], 'feed.ndjson', { type: 'application/x-ndjson' }));
    expect(cid).toBe(42);
    expect(seen?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.body).toContain('name="file"; filename="feed.ndjson"');
    expect(seen?.headers['x-csrf-token']).toBe('proof-1');
    expect(seen?.headers['url-type']).toBe('admin');
    expect(seen?.headers['accept-language']).toBe('en-US');
  });

  it("rejects with the server's message (the line number of EVENT_FEED_INVALID) and code", async () => {
    const err = await importEventFeed(new File(['broken'], 'feed.txt')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Event feed line 3: malformed JSON');
    expect((err as ApiError).code).toBe('EVENT_FEED_INVALID');
  });
});

describe('downloadFile', () => {
  it('returns the body as a blob named by the UTF-8 attachment name', async () => {
    const { blob, fileName } = await downloadFile('/admin/contest/event-feed', { cid: 1 }, 'fallback.ndjson');
    expect(await blob.text()).toBe('{"type":"contest"}\n');
    expect(fileName).toBe('contest-1-比赛.ndjson');
    expect(seen?.query).toBe('?cid=1');
    expect(seen?.headers['x-csrf-token']).toBe('proof-1');
  });

  it('falls back to the given name without a Content-Disposition and passes the query', async () => {
    const { fileName } = await downloadFile('/file/download-contest-rank', { cid: 3, forceRefresh: true }, 'contest-3-rank.csv');
    expect(fileName).toBe('contest-3-rank.csv');
    expect(seen?.query).toBe('?cid=3&forceRefresh=true');
    expect(seen?.headers['url-type']).toBe('general');
  });

  it("rejects a JSON refusal with the server's message", async () => {
    await expect(downloadFile('/admin/contest/event-feed', { cid: 9 }, 'x')).rejects.toThrow('No permission');
  });
});

describe('attachmentName', () => {
  it('prefers filename* and decodes it, else the plain name, else null', () => {
    expect(attachmentName(`attachment; filename="a_b.csv"; filename*=UTF-8''a%20%E6%A6%9C.csv`)).toBe('a 榜.csv');
    expect(attachmentName('attachment; filename="rank.csv"')).toBe('rank.csv');
    expect(attachmentName('attachment; filename=rank%2Bx.csv')).toBe('rank+x.csv');
    expect(attachmentName('attachment')).toBeNull();
  });
});
