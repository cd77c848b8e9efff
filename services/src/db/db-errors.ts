// What a database failure means to a caller: the database is out of reach for now (a restart, a dropped connection:
// answer 503 and let the caller retry, the pool reconnects on its own), a value the database refused (a request
// that slipped past its schema: the caller's fault, answered 400), or a race lost to a concurrent request (two
// creations of the same name at once, a serialization failure: answered 409, retry). Anything else is ours (500).
export type DbFailure = 'unavailable' | 'bad-value' | 'conflict';

/** postgres.js connection errors (its own codes and the socket's). */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unreachable or restarting server: 08 connection exceptions, 57P01–57P03 (admin shutdown, crash
 * shutdown, cannot connect now: the server is starting or in recovery), 53300 too many connections.
 */
const unavailableState = (s: string) => s.startsWith('08') || s === '57P01' || s === '57P02' || s === '57P03' || s === '53300';

/** SQLSTATEs of a value refused: 22 data exceptions (NUL in text, out of range, bad syntax), 54000 a value too big for an index. */
const badValueState = (s: string) => s.startsWith('22') || s === '54000';

/** SQLSTATEs of a race with another transaction: a unique key taken meanwhile, serialization failure, deadlock. */
const conflictState = (s: string) => s === '23505' || s === '40001' || s === '40P01';

/** The failure `err` stands for, looking through wrappers (drizzle wraps a query's error as its `cause`). */
export function classifyDbError(err: unknown): DbFailure | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (CONNECTION_CODES.has(code)) return 'unavailable';
    // A PostgresError carries the SQLSTATE in `code` and a `severity`.
    if ((e as { severity?: unknown }).severity !== undefined || /^[0-9A-Z]{5}$/.test(code)) {
      if (unavailableState(code)) return 'unavailable';
      if (badValueState(code)) return 'bad-value';
      if (conflictState(code)) return 'conflict';
    }
  }
  return null;
}
