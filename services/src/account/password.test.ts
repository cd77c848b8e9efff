import { describe, expect, it } from 'vitest';
import { BULK_COST, hashPassword, isPasswordHash, needsRehash, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes with argon2id at m = 19 MiB, t = 2 and verifies the right password only', async () => {
    const h = await hashPassword('s3cret-pass');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('s3cret-pass', h)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', h)).toBe(false);
    expect(await verifyPassword('', h)).toBe(false);
    expect(needsRehash(h)).toBe(false);
    expect(isPasswordHash(h)).toBe(true);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same', BULK_COST), hashPassword('same', BULK_COST)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('still verifies the older scrypt hashes, and asks for a rehash of them and of weaker argon2id ones', async () => {
    const old = await hashPassword('legacy', { N: 2 ** 15, r: 8, p: 1 });
    expect(old).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('legacy', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('bulk', BULK_COST))).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaGhhc2g')).toBe(true);
    expect(isPasswordHash('plain text')).toBe(false);
  });

  it('rejects malformed or hostile hashes instead of throwing', async () => {
    const hostile = '$argon2id$v=19$m=4000000,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';
    for (const bad of ['', 'plain', 'bcrypt$1$2$3$4$5', 'scrypt$x$8$1$abc$def', 'scrypt$1024$8$1$abc$', 'scrypt$99999999$8$1$a$b', '$argon2id$v=19$m=19456,t=2,p=1$$', hostile]) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });
});
