// Password hashing with node:crypto scrypt. Stored as `scrypt$N$r$p$salt$hash` (salt and hash base64url),
// so the cost can be raised later without breaking old hashes.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const DEFAULT = { N: 2 ** 15, r: 8, p: 1 };
/**
 * The cost of accounts made in bulk (CSV import, generate-user: up to 10,000 at once, well under 1 ms each instead
 * of ~100 ms); such a hash is replaced by a DEFAULT one at the account's first login (`needsRehash`).
 */
export const BULK_COST = { N: 2 ** 8, r: 8, p: 1 };
const KEY_LEN = 32;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const maxmem = (N: number, r: number) => 256 * N * r;

export async function hashPassword(password: string, cost: { N: number; r: number; p: number } = DEFAULT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LEN, { ...cost, maxmem: maxmem(cost.N, cost.r) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check of `password` against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((x) => Number.isSafeInteger(x) && x > 0) || N > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length === 0) return false;
  const key = await scrypt(password, salt, expected.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(key, expected);
}

/** Whether `stored` was made at a lower cost than the default (so the next login should hash it again). */
export function needsRehash(stored: string): boolean {
  const N = Number(stored.split('$')[1]);
  return Number.isFinite(N) && N < DEFAULT.N;
}

/** A hash of nothing, verified against when the user does not exist so both paths cost the same. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}
