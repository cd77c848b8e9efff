// The HTTP layer every remote-judge adapter talks through: one request/reply shape, a cookie session per account,
// a per-site pace (the site's rate limit), and the one error type for a site that is down or has changed. Two
// transports implement it: the live one (fetch, production) and the replay of recorded exchanges (tests).

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Absolute URL (the adapter joins its site's base URL). */
  url: string;
  /** A form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** A JSON body (application/json), for sites whose API takes one (LibreOJ). */
  json?: unknown;
  headers?: Record<string, string>;
}

export interface HttpReply {
  status: number;
  body: string;
  /** Lower-case names; `set-cookie` lists every cookie of the reply. */
  headers: Record<string, string>;
  setCookies: string[];
  /** The URL that answered (after redirects). */
  url: string;
}

export interface RemoteHttp {
  request(req: HttpRequest): Promise<HttpReply>;
}

/**
 * Why a site did not give what the adapter needed. `down`: unreachable, timed out or a server error (try later);
 * `changed`: the page or reply is not what the adapter understands (never guess a verdict from it); `login`: the
 * site refused the account; `rejected`: the site refused the submission (the reason is the site's); `not-found`:
 * no such problem on the site.
 */
export type RemoteErrorKind = 'down' | 'changed' | 'login' | 'rejected' | 'not-found';

export class RemoteSiteError extends Error {
  constructor(
    readonly kind: RemoteErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteSiteError';
  }
}

/** A reply the adapter can read: 2xx or 3xx; a 5xx or 429 is the site being down, any other status a change. */
export function expectOk(reply: HttpReply, what: string): HttpReply {
  if (reply.status >= 500 || reply.status === 429) throw new RemoteSiteError('down', `${what}: the site answered HTTP ${reply.status}`);
  if (reply.status >= 400) throw new RemoteSiteError('changed', `${what}: the site answered HTTP ${reply.status}`);
  return reply;
}

/** Parses a JSON reply, or says the site changed. */
export function jsonOf<T>(reply: HttpReply, what: string): T {
  try {
    return JSON.parse(reply.body) as T;
  } catch {
    throw new RemoteSiteError('changed', `${what}: the reply is not JSON`);
  }
}

/**
 * A reply's text from its bytes, in the page's own charset: the Content-Type header's `charset`, else a `<meta>`
 * charset in the page's head (HDU serves GBK pages that name it only there), else UTF-8.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | null | undefined): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  const label = /charset\s*=\s*["']?([\w-]+)/i.exec(contentType ?? '')?.[1] ?? /<meta\b[^>]*charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes); // a label the decoder does not know
  }
}

/** A cookie session (one per account): sends back what the site set, like a browser would. */
export class HttpSession implements RemoteHttp {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly http: RemoteHttp) {}

  async request(req: HttpRequest): Promise<HttpReply> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const reply = await this.http.request({ ...req, headers: { ...req.headers, ...(cookie && { cookie }) } });
    for (const c of reply.setCookies) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return reply;
  }

  get hasCookies(): boolean {
    return this.cookies.size > 0;
  }
}

/** Keeps requests to one site at least `minIntervalMs` apart (Codeforces' API allows one call per 2 s). */
export function paced(http: RemoteHttp, minIntervalMs: number): RemoteHttp {
  if (minIntervalMs <= 0) return http;
  let next = 0;
  return {
    async request(req) {
      const now = Date.now();
      const at = Math.max(now, next);
      next = at + minIntervalMs;
      if (at > now) await new Promise((r) => setTimeout(r, at - now));
      return http.request(req);
    },
  };
}

const MAX_REDIRECTS = 5;

/** Follows redirects as a browser does (GET to the Location, with the cookies set on the way); `hop` is one exchange. */
export function withRedirects(hop: (req: HttpRequest) => Promise<HttpReply>): RemoteHttp {
  return {
    async request(req) {
      let current = req;
      let cookie = req.headers?.cookie;
      const setCookies: string[] = [];
      for (let n = 0; ; n++) {
        const reply = await hop({ ...current, headers: { ...current.headers, ...(cookie && { cookie }) } });
        setCookies.push(...reply.setCookies);
        if (reply.setCookies.length > 0) cookie = [cookie, ...reply.setCookies.map((c) => c.split(';')[0])].filter(Boolean).join('; ');
        const location = reply.headers.location;
        if (reply.status < 300 || reply.status >= 400 || !location || n >= MAX_REDIRECTS) return { ...reply, setCookies };
        const { cookie: _dropped, ...headers } = req.headers ?? {};
        current = { method: 'GET', url: new URL(location, current.url).toString(), headers };
      }
    },
  };
}
