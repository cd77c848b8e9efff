// The REST client against a real local HTTP server: envelope, headers (CSRF proof, cookie mode), 401/403, timeouts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalogue, localeState } from '../i18n/locale';
import { sessionState } from '../stores/session';
import { loginDialogState, toastState } from '../stores/ui';
import { api, ApiError, buildUrl, request, setApiOrigin, urlType } from './api';

interface Seen {
  path: string;
  headers: http.IncomingHttpHeaders;
}
const seen: Seen[] = [];

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push({ path: url.pathname, headers: req.headers });
  const json = (code: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(code, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  switch (url.pathname) {
    case '/api/ok':
      return json(200, { status: 200, data: { n: 1 }, msg: 'success' });
    case '/api/refresh':
      return json(200, { status: 200, data: null, msg: 'success' }, { 'Refresh-Token': 'true', Authorization: 'fresh-token' });
    case '/api/business-fail':
      return json(200, { status: 400, data: null, msg: 'Submit too fast' });
    case '/api/expired':
      return json(401, { status: 401, data: null, msg: 'Login has expired' });
    case '/api/forbidden':
      return json(403, { status: 403, data: null, msg: 'No permission' });
    case '/api/get-user-auth-info':
      return json(200, { status: 200, data: { roles: ['admin'], permissions: ['submit'] }, msg: 'success' });
    case '/api/slow':
      setTimeout(() => json(200, { status: 200, data: null, msg: 'late' }), 500);
      return;
    default:
      res.writeHead(404, { 'Content-Type': 'text/html' });
      res.end('<html>no</html>');
  }
});

beforeAll(async () => {
  await loadCatalogue('en-US');
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  localeState.locale = 'en-US';
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen.length = 0;
  toastState.items.splice(0);
  sessionState.csrf = 'proof';
  sessionState.user = null;
  sessionState.roles = [];
  loginDialogState.open = false;
});

describe('api client', () => {
  it('builds urls and the Url-Type by path', () => {
    setApiOrigin('');
    expect(buildUrl('/get-problem-list', { currentPage: 2, keyword: '', tagId: [1, 2], x: undefined })).toBe(
      '/api/get-problem-list?currentPage=2&tagId=1&tagId=2',
    );
    setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    expect(urlType('/admin/judge/rejudge')).toBe('admin');
    expect(urlType('/get-problem-list')).toBe('general');
  });

  it('sends the CSRF proof (never a token) except on login, which asks for the session as cookies, and unwraps data', async () => {
    expect(await api.get('/ok')).toEqual({ n: 1 });
    await api.post('/login', {}).catch(() => null);
    expect(seen[0]!.headers['x-csrf-token']).toBe('proof');
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers['url-type']).toBe('general');
    expect(seen[1]!.headers['x-csrf-token']).toBeUndefined();
    expect(seen[1]!.headers['x-auth-mode']).toBe('cookie');
  });

  it('keeps no token a response hands out (the session is the httpOnly cookie)', async () => {
    await api.get('/refresh');
    expect(sessionState.csrf).toBe('proof');
    expect(JSON.stringify(sessionState)).not.toContain('fresh-token');
  });

  it('rejects a failed envelope with the server message as a toast', async () => {
    await expect(api.get('/business-fail')).rejects.toMatchObject({ status: 400, message: 'Submit too fast' });
    expect(toastState.items.map((t) => t.text)).toEqual(['Submit too fast']);
  });

  it('on 401 clears the session and opens the login dialog', async () => {
    await expect(api.get('/expired')).rejects.toBeInstanceOf(ApiError);
    expect(sessionState.csrf).toBeNull();
    expect(loginDialogState.open).toBe(true);
  });

  it('on 403 toasts and refreshes the roles', async () => {
    await expect(api.get('/forbidden')).rejects.toMatchObject({ status: 403 });
    await expect.poll(() => sessionState.roles).toEqual(['admin']);
  });

  it('maps a 404 page without envelope to the catalogue message', async () => {
    await expect(api.get('/missing')).rejects.toMatchObject({ kind: 'http', message: 'Query error: unable to find the resource to request' });
  });

  it('times out with the catalogue message, and silent calls do not toast', async () => {
    await expect(request('GET', '/slow', { timeoutMs: 50, silent: true })).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Request timed out, please try again later',
    });
    expect(toastState.items).toEqual([]);
  });

  it('decodes data and reports a mismatch', async () => {
    const decode = (x: unknown) => {
      if (typeof x !== 'object' || x === null || !('m' in x)) throw new Error('no m');
      return x;
    };
    await expect(api.get('/ok', { decode })).rejects.toMatchObject({ kind: 'decode' });
  });
});
