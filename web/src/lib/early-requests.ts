// The first requests of a visit, started by an inline script in index.html while the HTML is still being parsed
// (vite-early-requests.ts), instead of after the entry has downloaded and run (≈ 0.3–1 s later on this machine): the
// visit's catalogue chunk (a modulepreload) and the REST answer its first page needs (the problem's detail on
// /problem/:id). The api client takes such an answer instead of asking again when URL and headers are the same
// (takeEarlyResponse), and checks and decodes it like any other. docs/benchmarks.md, "Third pass".
import type { Locale } from '@oj/proto';
import type { detectLocale } from '../i18n/detect-locale';

/** One REST GET the inline script may start: on a page whose path matches `route`, `api?param=<the route's id>`. */
export interface EarlyGet {
  /** Source of a RegExp on location.pathname; its first group is the id. */
  route: string;
  /** Path under /api (as given to the api client). */
  api: string;
  param: string;
}

export interface EarlyPlan {
  fallbackLocale: Locale;
  /** Per language, the files of its catalogue chunk. */
  catalogues: Record<Locale, string[]>;
  gets: EarlyGet[];
}

export interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
  /** Date.now() when it started. */
  at: number;
  response: Promise<Response>;
}

/** Where the inline script leaves its requests for the app. */
export interface EarlyWindow {
  __ojEarly?: EarlyRequest[];
}

/** The GETs index.html starts: the problem's detail on /problem/:id (the route of App.tsx, the call of problem-api.ts). */
export const EARLY_GETS: EarlyGet[] = [{ route: '^/problem/([^/]+)/?$', api: '/get-problem-detail', param: 'problemId' }];

/** An answer older than this is not taken (the page asks again). */
export const EARLY_FRESH_MS = 30_000;

/**
 * Runs inline in index.html, before any module: self-contained (no imports at run time, no outer names), for its
 * source text is what runs there. `detect` is detectLocale (i18n/detect-locale.ts), passed in as its source too.
 * The headers are those the api client (lib/api.ts) sends for the same call.
 */
export function startEarlyRequests(w: Window & EarlyWindow, detect: typeof detectLocale, plan: EarlyPlan): void {
  const doc = w.document;
  const locale = detect(w.location.search, doc.cookie, w.navigator.languages ?? [w.navigator.language], plan.fallbackLocale);
  for (const href of plan.catalogues[locale] ?? []) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
  // The session's CSRF proof (cookie `oj_csrf`, stores/session.ts): sent as the api client sends it; the httpOnly
  // session cookie goes by itself.
  let csrf: string | null = null;
  for (const part of doc.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'oj_csrf') csrf = rest.join('=') || null;
  }
  const started: EarlyRequest[] = [];
  for (const g of plan.gets) {
    const m = new RegExp(g.route).exec(w.location.pathname);
    if (!m?.[1]) continue;
    let id: string;
    try {
      id = decodeURIComponent(m[1]);
    } catch {
      continue;
    }
    const url = `/api${g.api}?${new URLSearchParams({ [g.param]: id }).toString()}`;
    const headers: Record<string, string> = { 'Url-Type': 'general', 'Accept-Language': locale };
    if (csrf) headers['X-CSRF-Token'] = csrf;
    const response = w.fetch(url, { headers });
    response.catch(() => undefined); // the app sees a failure when it takes the answer
    started.push({ url, headers, at: Date.now(), response });
  }
  w.__ojEarly = started;
}

/**
 * The answer of an early request for exactly this URL and these headers (once), or undefined: then the caller
 * fetches as usual. A stale one (older than EARLY_FRESH_MS) is dropped.
 */
export function takeEarlyResponse(url: string, headers: Readonly<Record<string, string>>, now = Date.now()): Promise<Response> | undefined {
  const list = (globalThis as EarlyWindow).__ojEarly;
  if (!list) return undefined;
  const same = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);
  const i = list.findIndex((r) => r.url === url && same(r.headers, headers));
  if (i < 0) return undefined;
  const [r] = list.splice(i, 1);
  return now - r!.at < EARLY_FRESH_MS ? r!.response : undefined;
}
