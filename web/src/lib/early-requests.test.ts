// The inline script of index.html (its source text, run alone as the browser runs it) and the api client's handoff:
// the answer of the request it started is taken, checked and decoded by the client, once, with the same headers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import vm from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '@oj/proto';
import { detectLocale } from '../i18n/detect-locale';
import { loadCatalogue, localeState } from '../i18n/locale';
import { sessionState } from '../stores/session';
import { api, setApiOrigin } from './api';
import { EARLY_GETS, startEarlyRequests, takeEarlyResponse, type EarlyPlan, type EarlyRequest, type EarlyWindow } from './early-requests';

const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];
const server = http.createServer((req, res) => {
  seen.push({ url: req.url ?? '', headers: req.headers });
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const problemId = new URL(req.url ?? '/', 'http://x').searchParams.get('problemId');
  res.end(JSON.stringify({ status: 200, data: { problemId, lang: req.headers['accept-language'] }, msg: 'success' }));
});
let origin = '';

beforeAll(async () => {
  await loadCatalogue('en-US');
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen.length = 0;
  delete (globalThis as EarlyWindow).__ojEarly;
});

const PLAN: EarlyPlan = { fallbackLocale: DEFAULT_LOCALE, catalogues: { 'zh-CN': ['/assets/zh.js'], 'en-US': ['/assets/en.js', '/assets/build.js'] }, gets: EARLY_GETS };

interface Page {
  path: string;
  cookie?: string;
  languages?: string[];
}

/** Runs the script's source text in a bare context, as index.html does, against a minimal page; returns the page. */
function runInline({ path, cookie = '', languages = ['en-US'] }: Page) {
  const links: { rel: string; href: string }[] = [];
  const [pathname, search = ''] = path.split('?');
  const w = {
    location: { pathname, search: search ? `?${search}` : '' },
    navigator: { languages, language: languages[0] },
    document: { cookie, head: { appendChild: (l: { rel: string; href: string }) => links.push(l) }, createElement: () => ({}) },
    fetch: (url: string, init: RequestInit) => fetch(origin + url, init),
  } as unknown as Window & EarlyWindow;
  const source = `(${startEarlyRequests.toString()})(w, ${detectLocale.toString()}, ${JSON.stringify(PLAN)})`;
  vm.runInNewContext(source, { w, URLSearchParams });
  return { w, links: links.map((l) => `${l.rel} ${l.href}`) };
}

describe('detectLocale', () => {
  it('takes the query, then the lang cookie, then the browser, then the fallback', () => {
    expect(detectLocale('?l=en', 'lang=zh-CN', ['zh-CN'], 'zh-CN')).toBe('en-US');
    expect(detectLocale('', 'a=1; lang=en-US', ['zh-CN'], 'zh-CN')).toBe('en-US');
    expect(detectLocale('?l=fr', 'lang=%E0%A4%A', ['fr-FR', 'zh_TW'], 'en-US')).toBe('zh-CN');
    expect(detectLocale('', '', ['fr'], 'zh-CN')).toBe('zh-CN');
  });
});

describe('the inline script', () => {
  it('preloads the catalogue of the language the app will pick and starts the problem detail with its headers', async () => {
    const { w, links } = runInline({ path: '/problem/A%2BB%201', cookie: 'lang=en-US; oj_csrf=proof-1', languages: ['zh-CN'] });
    expect(links).toEqual(['modulepreload /assets/en.js', 'modulepreload /assets/build.js']);
    const [r] = w.__ojEarly as EarlyRequest[];
    expect(r!.url).toBe('/api/get-problem-detail?problemId=A%2BB+1');
    expect(r!.headers).toEqual({ 'Url-Type': 'general', 'Accept-Language': 'en-US', 'X-CSRF-Token': 'proof-1' });
    await r!.response;
    expect(seen.map((s) => [s.url, s.headers['x-csrf-token'], s.headers['url-type']])).toEqual([['/api/get-problem-detail?problemId=A%2BB+1', 'proof-1', 'general']]);
  });

  it('starts nothing but the catalogue elsewhere', () => {
    const { w, links } = runInline({ path: '/problem', languages: ['fr-FR'] });
    expect(links).toEqual(['modulepreload /assets/zh.js']);
    expect(w.__ojEarly).toEqual([]);
  });
});

describe('the handoff to the api client', () => {
  it('takes the early answer once, decodes it, and asks the server itself the next time', async () => {
    const { w } = runInline({ path: '/problem/1000', cookie: 'lang=en-US; oj_csrf=proof-2' });
    (globalThis as EarlyWindow).__ojEarly = w.__ojEarly;
    sessionState.csrf = 'proof-2';
    localeState.locale = 'en-US';
    // The page's own origin, as in the browser: only the early answer can serve this call (Node has no page URL).
    setApiOrigin('');
    const decode = (x: unknown) => x as { problemId: string; lang: string };
    try {
      expect(await api.get('/get-problem-detail', { query: { problemId: '1000' }, decode })).toEqual({ problemId: '1000', lang: 'en-US' });
      await expect(api.get('/get-problem-detail', { query: { problemId: '1000' }, decode, silent: true })).rejects.toMatchObject({ kind: 'network' });
    } finally {
      setApiOrigin(origin);
    }
    expect(seen).toHaveLength(1);
  });

  it('leaves an answer made with other headers or too long ago', () => {
    const response = Promise.resolve(new Response('{}'));
    const list: EarlyRequest[] = [{ url: '/api/x?a=1', headers: { 'Url-Type': 'general', 'Accept-Language': 'zh-CN', 'X-CSRF-Token': 't' }, at: 1000, response }];
    (globalThis as EarlyWindow).__ojEarly = list;
    expect(takeEarlyResponse('/api/x?a=1', { 'Url-Type': 'general', 'Accept-Language': 'zh-CN' }, 1001)).toBeUndefined();
    expect(takeEarlyResponse('/api/x?a=1', { 'Url-Type': 'general', 'Accept-Language': 'en-US', 'X-CSRF-Token': 't' }, 1001)).toBeUndefined();
    expect(takeEarlyResponse('/api/x?a=1', { 'Url-Type': 'general', 'Accept-Language': 'zh-CN', 'X-CSRF-Token': 't' }, 1000 + 60_000)).toBeUndefined();
    expect(list).toEqual([]); // a stale one is dropped, not kept
  });
});
