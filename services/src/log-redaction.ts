// What our logs must never hold: the secrets of mails (reset links, codes), tokens and password hashes. Two ways they
// could get there, both closed here for every logger of the gateway and the services (they wrap theirs with
// `redactingLogger`):
// - a failed query's error (drizzle's DrizzleQueryError) carries the statement's parameters in its message, its stack
//   and its `params`, and PostgreSQL's message (its cause) may echo a value: a mail being stored, a hash being
//   written, a session id being checked. The error serializer drops them (the SQL text stays: it names what failed);
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

/** Where a value quoted in an error text ends: the next stack frame, the next cause, or the end. */
const UNTIL_FRAME = String.raw`(?=\n\s+at |\ncaused by: |$)`;

/**
 * A log text without the values of a failed query: drizzle's `params: …`, and what PostgreSQL's own messages echo
 * of a value (`invalid input syntax for type integer: "…"`, `value "…" is out of range`, `Key (…)=(…)`,
 * `Failing row contains (…)`). Names of tables, columns and types stay.
 */
export function redactQueryParams(text: string): string {
  return text
    .replace(new RegExp(String.raw`(^|\n)params: [\s\S]*?` + UNTIL_FRAME, 'g'), `$1params: ${MASK}`)
    .replace(new RegExp(String.raw`(invalid input (?:syntax|value) for [^:\n]*: )"[\s\S]*?"` + UNTIL_FRAME, 'g'), `$1"${MASK}"`)
    .replace(/(value )"[\s\S]*?"( is out of range)/g, `$1"${MASK}"$2`)
    .replace(/(Key \([^)]*\)=)\([\s\S]*?\)( already exists| is not present| conflicts)/g, `$1(${MASK})$2`)
    .replace(new RegExp(String.raw`(Failing row contains )\([\s\S]*?\)\.?` + UNTIL_FRAME, 'g'), `$1(${MASK})`);
}

type SerializedError = Record<string, unknown> & { message?: unknown; stack?: unknown };

function safeErr(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as SerializedError;
  if (!out || typeof out !== 'object') return out;
  delete out.params;
  delete out.parameters;
  for (const field of ['message', 'stack', 'detail']) {
    const v = out[field];
    if (typeof v === 'string') out[field] = redactQueryParams(v);
  }
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

const safeUrl = (url: unknown): unknown => (typeof url === 'string' ? redactUrl(url) : url);

/**
 * `logger` with serializers that keep query parameters and secret URL values out of every line: an error, a request,
 * and any `url` field a line carries (the gateway's "request answered" line, a fetch that failed).
 */
export function redactingLogger<L>(logger: L): L {
  return (logger as unknown as Logger).child({}, { serializers: { err: safeErr, req: safeReq, url: safeUrl } }) as unknown as L;
}
