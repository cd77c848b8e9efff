// Replays recorded exchanges (fixtures) in place of a site: each request must match the next unused exchange of the
// same method and path, and may be checked against the form fields it has to send. A request nothing matches is a
// test failure with the request named, so a changed adapter cannot silently talk past its recording.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { decode } from '@oj/proto';
import { decodeBody, RemoteSiteError, withRedirects, type HttpReply, type HttpRequest, type RemoteHttp } from './remote-http';

export const Exchange = Type.Object({
  /** What this exchange stands for (shown when the recording does not match). */
  note: Type.Optional(Type.String()),
  method: Type.Union([Type.Literal('GET'), Type.Literal('POST')]),
  /** Path of the site's URL; with a `?`, the query must be the same too (in any order); without, any query matches. */
  path: Type.String({ pattern: '^/' }),
  /** Form fields the request must carry with these values (`*`: present, any value). */
  form: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** Fields the request's JSON body must carry with these values (nested objects likewise; `"*"`: present, any value). */
  json: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  /** A text the request's Cookie header must contain (the session's cookie). */
  cookie: Type.Optional(Type.String()),
  /** A text the request's Authorization header must contain (an API's bearer token). */
  auth: Type.Optional(Type.String()),
  /** Usable again and again (a status page polled until a verdict): the next exchange of the same path wins once used. */
  repeat: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Integer()),
  headers: Type.Optional(Type.Record(Type.String(), Type.String())),
  setCookies: Type.Optional(Type.Array(Type.String())),
  /** The reply's body, or the name of a file beside the fixture holding it. */
  body: Type.Optional(Type.String()),
  bodyFile: Type.Optional(Type.String()),
  /** The body's bytes when they are not UTF-8 (a GBK page): set by `loadFixture`, served as such by the fixture server. */
  bodyBase64: Type.Optional(Type.String()),
  /** The site does not answer: the request fails as a live one that timed out does. */
  timeout: Type.Optional(Type.Boolean()),
});
export type Exchange = Static<typeof Exchange>;

export const Fixture = Type.Object({
  site: Type.String(),
  note: Type.Optional(Type.String()),
  exchanges: Type.Array(Exchange),
});
export type Fixture = Static<typeof Fixture>;

/** Inlines a body file: its text in the page's charset (as the live transport decodes it), and its bytes if not UTF-8. */
function inlineBody(x: Exchange, dir: string): Exchange {
  if (!x.bodyFile) return x;
  const bytes = readFileSync(path.join(dir, x.bodyFile));
  const contentType = Object.entries(x.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  const body = decodeBody(bytes, contentType);
  return { ...x, body, bodyFile: undefined, ...(!Buffer.from(body, 'utf8').equals(bytes) && { bodyBase64: bytes.toString('base64') }) };
}

/** Reads a fixture and inlines its body files. */
export function loadFixture(file: string): Fixture {
  const fixture = decode(Fixture, JSON.parse(readFileSync(file, 'utf8')));
  const dir = path.dirname(file);
  return { ...fixture, exchanges: fixture.exchanges.map((x) => inlineBody(x, dir)) };
}

function sameQuery(a: URLSearchParams, b: URLSearchParams): boolean {
  const sorted = (q: URLSearchParams) => [...q].map(([k, v]) => `${k}=${v}`).sort().join('&');
  return sorted(a) === sorted(b);
}

/** Whether `req` (relative to the site's base) is what exchange `x` recorded. */
export function matches(x: Exchange, req: { method: string; url: URL; form?: Record<string, string>; cookie?: string }): boolean {
  if (x.method !== req.method) return false;
  const want = new URL(x.path, 'http://site');
  if (want.pathname !== req.url.pathname) return false;
  if (x.path.includes('?') && !sameQuery(want.searchParams, req.url.searchParams)) return false;
  return true;
}

/** Whether JSON `got` has what `want` records: objects field by field (more fields allowed), `"*"` any value. */
function jsonHas(got: unknown, want: unknown): boolean {
  if (want === '*') return got !== undefined;
  if (want !== null && typeof want === 'object' && !Array.isArray(want)) {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return false;
    return Object.entries(want).every(([k, v]) => jsonHas((got as Record<string, unknown>)[k], v));
  }
  return JSON.stringify(got) === JSON.stringify(want);
}

/** What is wrong with a matching request's form, JSON body or cookie (null: nothing). */
export function mismatch(x: Exchange, req: { form?: Record<string, string>; json?: unknown; cookie?: string; auth?: string }): string | null {
  for (const [k, v] of Object.entries(x.form ?? {})) {
    const got = req.form?.[k];
    if (got === undefined || (v !== '*' && got !== v)) return `form field ${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(got)}`;
  }
  if (x.json && !jsonHas(req.json, x.json)) return `JSON body: expected one with ${JSON.stringify(x.json)}, got ${JSON.stringify(req.json)}`;
  if (x.cookie && !(req.cookie ?? '').includes(x.cookie)) return `cookie: expected one containing ${JSON.stringify(x.cookie)}, got ${JSON.stringify(req.cookie ?? '')}`;
  if (x.auth && !(req.auth ?? '').includes(x.auth)) return `authorization: expected one containing ${JSON.stringify(x.auth)}, got ${JSON.stringify(req.auth ?? '')}`;
  return null;
}

/** Picks the exchange that answers a request: the first unused one of its path, or the last repeatable one used. */
export class ExchangeCursor {
  private readonly used = new Set<number>();
  readonly requests: string[] = [];

  constructor(private readonly exchanges: readonly Exchange[]) {}

  take(req: { method: string; url: URL; form?: Record<string, string>; json?: unknown; cookie?: string; auth?: string }): Exchange {
    this.requests.push(`${req.method} ${req.url.pathname}${req.url.search}`);
    let candidate = -1;
    for (let i = 0; i < this.exchanges.length; i++) {
      if (!matches(this.exchanges[i], req)) continue;
      if (!this.used.has(i)) {
        candidate = i;
        break;
      }
      if (this.exchanges[i].repeat) candidate = i;
    }
    if (candidate < 0) throw new Error(`no recorded exchange for ${req.method} ${req.url.pathname}${req.url.search}`);
    const x = this.exchanges[candidate];
    const wrong = mismatch(x, req);
    if (wrong) throw new Error(`${req.method} ${req.url.pathname} (${x.note ?? 'recorded exchange'}): ${wrong}`);
    this.used.add(candidate);
    return x;
  }

  /** Exchanges never used (a test checks the adapter went the whole recorded way). */
  unused(): Exchange[] {
    return this.exchanges.filter((x, i) => !this.used.has(i) && !x.repeat);
  }
}

/** A RemoteHttp answering from a fixture instead of the site. */
export function replayHttp(fixture: Fixture): RemoteHttp & { cursor: ExchangeCursor } {
  const cursor = new ExchangeCursor(fixture.exchanges);
  const http = withRedirects(async (req: HttpRequest): Promise<HttpReply> => {
    const url = new URL(req.url);
    const x = cursor.take({ method: req.method, url, form: req.form, json: req.json, cookie: req.headers?.cookie, auth: req.headers?.authorization });
    if (x.timeout) throw new RemoteSiteError('down', `no answer from ${url.host} (timed out)`);
    const headers = Object.fromEntries(Object.entries(x.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    return { status: x.status ?? 200, body: x.body ?? '', headers, setCookies: x.setCookies ?? [], url: req.url };
  });
  return { cursor, request: (req) => http.request(req) };
}
