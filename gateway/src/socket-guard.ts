// What keeps a socket flood cheap (docs/realtime.md#limits): caps on the sockets of one user and of one address,
// a token bucket per socket for subscribe/unsubscribe, and a short cache of topic authorisations and latest sequence
// numbers, so that a flood of subscribes is not a flood of database reads. Refusals carry the catalogue's code and
// its message in the socket's language.
import { formatError, type ErrorCode, type Locale } from '@oj/proto';
import { pickLocale } from './locale';

/** Per-socket allowance of subscribe/unsubscribe requests: a bucket of `capacity` refilled at `perSecond`. */
export class OpBucket {
  private tokens: number;
  private at = Date.now();
  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
  ) {
    this.tokens = capacity;
  }
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Counts of open sockets by key (a user, an address), each held to its own maximum. */
export class SocketCaps {
  private readonly byUser = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  constructor(private readonly max: { perUser: number; perAddress: number }) {}

  /** Takes a place for a socket of `uid` (null: anonymous) from `address`; false when either is full. */
  acquire(uid: string | null, address: string): boolean {
    if ((this.byAddress.get(address) ?? 0) >= this.max.perAddress) return false;
    if (uid !== null && (this.byUser.get(uid) ?? 0) >= this.max.perUser) return false;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    if (uid !== null) this.byUser.set(uid, (this.byUser.get(uid) ?? 0) + 1);
    return true;
  }

  release(uid: string | null, address: string): void {
    const dec = (m: Map<string, number>, k: string) => {
      const n = (m.get(k) ?? 0) - 1;
      if (n > 0) m.set(k, n);
      else m.delete(k);
    };
    dec(this.byAddress, address);
    if (uid !== null) dec(this.byUser, uid);
  }
}

/** A value per key for `ttlMs`, bounded in size (cleared whole when full: a flood of distinct keys costs memory once). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until > Date.now()) return e.value;
    this.entries.delete(key);
    return undefined;
  }
  set(key: string, value: V, ttlMs = this.ttlMs): void {
    if (ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: Date.now() + ttlMs });
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
  /** Drops every key starting with `prefix` (all of them without one). */
  forget(prefix = ''): void {
    if (prefix === '') this.entries.clear();
    else for (const k of this.entries.keys()) if (k.startsWith(prefix)) this.entries.delete(k);
  }
}

/** The language of a socket's messages: the handshake's `l` query, `lang` cookie or Accept-Language, as for REST. */
export const socketLocale = (handshake: { query: unknown; headers: Record<string, string | string[] | undefined> }): Locale =>
  pickLocale({ query: handshake.query, headers: handshake.headers });

/** A refusal as an ack carries it: the catalogue's code and its message in `locale`. */
export const refusal = (code: ErrorCode, locale: Locale, params: Record<string, string | number> = {}) => ({ ok: false as const, code, msg: formatError(code, locale, params) });

/** The address a socket counts against: its peer, or with a trusted proxy in front, the first forwarded address. */
export function socketAddress(handshake: { address: string; headers: Record<string, string | string[] | undefined> }, trustProxy: boolean): string {
  const fwd = handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
  return trustProxy && first ? first : handshake.address;
}
