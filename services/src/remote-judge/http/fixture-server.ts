// A recorded site served over HTTP on 127.0.0.1: the live transport (and so the whole worker or gateway process)
// talks to it as to the real site. For integration and end-to-end tests; a request the recording does not have is
// answered 500 and kept in `errors`, which the test checks.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExchangeCursor, type Exchange } from './replay-http';

export interface FixtureServer {
  /** The base URL to give the adapter (OJ_REMOTE_BASE_URLS). */
  url: string;
  cursor: ExchangeCursor;
  errors: string[];
  close(): Promise<void>;
}

/** The request's body: a form, or (application/json) a JSON value; an unreadable JSON body is kept as its text. */
async function bodyOf(req: IncomingMessage): Promise<{ form?: Record<string, string>; json?: unknown }> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  if (chunks.length === 0) return {};
  const text = Buffer.concat(chunks).toString('utf8');
  if (!(req.headers['content-type'] ?? '').includes('application/json')) return { form: Object.fromEntries(new URLSearchParams(text)) };
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return { json: text };
  }
}

/** `port` 0 (default): any free port; an end-to-end stack started with a fixed OJ_REMOTE_BASE_URLS names one. */
export async function startFixtureServer(exchanges: readonly Exchange[], { port: wanted = 0 }: { port?: number } = {}): Promise<FixtureServer> {
  const cursor = new ExchangeCursor(exchanges);
  const errors: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await bodyOf(req);
      let x: Exchange;
      try {
        x = cursor.take({ method: req.method ?? 'GET', url, ...body, cookie: req.headers.cookie, auth: req.headers.authorization });
      } catch (e) {
        errors.push(e instanceof Error ? e.message : String(e));
        res.writeHead(500, { 'content-type': 'text/plain' }).end('not in the recording');
        return;
      }
      if (x.timeout) return; // the site never answers: the client's timeout fires
      // A page in another charset (bodyBase64) is sent as its bytes, with the recorded headers only (it names its charset).
      const headers: Record<string, string | string[]> = {
        'content-type': x.bodyBase64 ? 'text/html' : x.body?.trimStart().startsWith('{') ? 'application/json' : 'text/html; charset=utf-8',
        ...Object.fromEntries(Object.entries(x.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      };
      if (x.setCookies?.length) headers['set-cookie'] = x.setCookies;
      res.writeHead(x.status ?? 200, headers).end(x.bodyBase64 ? Buffer.from(x.bodyBase64, 'base64') : (x.body ?? ''));
    })();
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cursor,
    errors,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
