// Failed answers get an "Error" notification besides the toast, except on mobile user agents.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, setApiOrigin } from '../lib/api';
import { dismissNotification, isMobileUserAgent, notificationState, notifyError } from './notifications';
import { toastState } from './ui';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const MOBILES = [
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1',
];

const server = http.createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(req.url?.startsWith('/api/fail') ? { status: 400, data: null, msg: 'Submit too fast' } : { status: 200, data: 1, msg: 'success' }));
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  for (const n of [...notificationState.items]) dismissNotification(n.id);
  toastState.items.splice(0);
});

describe('error notification', () => {
  it('recognises mobile user agents', () => {
    for (const ua of MOBILES) expect(isMobileUserAgent(ua), ua).toBe(true);
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
    expect(isMobileUserAgent('')).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
  });

  it('shows on desktop, once per message, and not on mobile', () => {
    expect(notifyError('boom', MOBILES[0])).toBe(false);
    expect(notificationState.items).toHaveLength(0);
    expect(notifyError('boom', DESKTOP)).toBe(true);
    expect(notifyError('boom', DESKTOP)).toBe(true);
    expect(notificationState.items.map((n) => n.text)).toEqual(['boom']);
    dismissNotification(notificationState.items[0]!.id);
    expect(notificationState.items).toHaveLength(0);
  });

  it('a failed answer shows the server message as a toast and a notification; success and silent calls do not', async () => {
    await expect(api.get('/ok')).resolves.toBe(1);
    expect(notificationState.items).toHaveLength(0);
    await expect(api.get('/fail', { silent: true })).rejects.toThrow('Submit too fast');
    expect(notificationState.items).toHaveLength(0);
    expect(toastState.items).toHaveLength(0);
    await expect(api.get('/fail')).rejects.toThrow('Submit too fast');
    expect(toastState.items.map((t) => [t.kind, t.text])).toEqual([['error', 'Submit too fast']]);
    expect(notificationState.items.map((n) => n.text)).toEqual(['Submit too fast']);
  });
});
