// Password hashing. New hashes are argon2id (OWASP's first choice: m = 19 MiB, t = 2, p = 1; ~45 ms and 19 MiB
// per hash, so a burst of logins on the libuv pool stays small), stored in the PHC form `$argon2id$v=19$m=…`.
// Older stored forms still verify: `scrypt$N$r$p$salt$hash` (the default cost before, N = 2¹⁵, and the cheap cost of
// accounts made in bulk); `needsRehash` tells the login to store an argon2id hash of the same password.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';

/** The cost of every new hash (the login rehashes anything weaker). */
export const ARGON2_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ARGON2ID = 2 as Algorithm;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
/**
 * The cost of accounts made in bulk (CSV import, generate-user: up to 10,000 at once, well under 1 ms each instead
 * of ~45 ms); such a hash is replaced by an argon2id one at the account's first login (`needsRehash`).
 */
export const BULK_COST: ScryptCost = { N: 2 ** 8, r: 8, p: 1 };
const KEY_LEN = 32;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const maxmem = (N: number, r: number) => 256 * N * r;

/** An argon2id hash of `password`; with a scrypt `cost`, the cheap scrypt form (bulk accounts, test fixtures). */
export async function hashPassword(password: string, cost?: ScryptCost): Promise<string> {
  if (!cost) return argon2Hash(password, { ...ARGON2_COST, algorithm: ARGON2ID });
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LEN, { ...cost, maxmem: maxmem(cost.N, cost.r) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const ARGON2_RE = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/** Whether `stored` has the shape of one of our hashes (anything else is a plain text, e.g. an old contest password). */
export function isPasswordHash(stored: string): boolean {
  return ARGON2_RE.test(stored) || /^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/.test(stored);
}

async function verifyScrypt(password: string, parts: string[]): Promise<boolean> {
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((x) => Number.isSafeInteger(x) && x > 0) || N > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length === 0) return false;
  const key = await scrypt(password, salt, expected.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(key, expected);
}

/** Constant-time check of `password` against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const argon = ARGON2_RE.exec(stored);
  if (argon) {
    // A stored cost far above ours would be a denial of service, not a password: refused.
    if (Number(argon[1]) > 1_048_576 || Number(argon[2]) > 16) return false;
    return argon2Verify(stored, password).catch(() => false);
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  return verifyScrypt(password, parts);
}

/** Whether `stored` is weaker than a new hash (scrypt of any cost, or argon2id below ARGON2_COST): rehash at login. */
export function needsRehash(stored: string): boolean {
  const argon = ARGON2_RE.exec(stored);
  if (!argon) return stored.startsWith('scrypt$');
  return Number(argon[1]) < ARGON2_COST.memoryCost || Number(argon[2]) < ARGON2_COST.timeCost;
}

/** A hash of nothing, verified against when the user does not exist so both paths cost the same. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}
