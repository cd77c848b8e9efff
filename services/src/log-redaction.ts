// What our logs must never hold: the secrets of mails (reset links, codes), tokens and password hashes. Two ways they
// could get there, both closed here for every logger of the gateway and the services (they wrap theirs with
// `redactingLogger`):
// - a failed query's error (drizzle's DrizzleQueryError) carries the statement's parameters in its message, its stack
//   and its `params`: a mail being stored, a hash being written, a session id being checked. The error serializer
//   drops them (the SQL text stays: it names what failed);
// - a request's URL: the reset page's `?code=`, a download's `?key=`. The request serializer masks those values.
import pino, { type Logger } from 'pino';

/** Query parameters whose values are secrets (compared case-insensitively). */
const SECRET_PARAMS = new Set(['code', 'key', 'token', 'password', 'pwd', 'captcha', 'secret', 'csrf']);
const MASK = '[redacted]';

/** `url` with the values of secret query parameters masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((kv) => {
      const eq = kv.indexOf('=');
      const name = (eq < 0 ? kv : kv.slice(0, eq)).toLowerCase();
      return eq >= 0 && SECRET_PARAMS.has(name) ? `${kv.slice(0, eq)}=${MASK}` : kv;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** A log text without the parameters of a failed query (`params: …` up to the stack or the end). */
export function redactQueryParams(text: string): string {
  return text.replace(/(^|\n)params: [\s\S]*?(?=\n\s+at |\ncaused by: |$)/g, `$1params: ${MASK}`);
}

type SerializedError = Record<string, unknown> & { message?: unknown; stack?: unknown };

function safeErr(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as SerializedError;
  if (!out || typeof out !== 'object') return out;
  delete out.params;
  delete out.parameters;
  if (typeof out.message === 'string') out.message = redactQueryParams(out.message);
  if (typeof out.stack === 'string') out.stack = redactQueryParams(out.stack);
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

function safeReq(req: LoggedRequest): Record<string, unknown> {
  return { method: req.method, url: typeof req.url === 'string' ? redactUrl(req.url) : req.url, host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/** `logger` with serializers that keep query parameters and secret URL values out of every line. */
export function redactingLogger<L>(logger: L): L {
  return (logger as unknown as Logger).child({}, { serializers: { err: safeErr, req: safeReq } }) as unknown as L;
}
