// Contest passwords (private and protected contests) are stored hashed, like account passwords (argon2id), and never
// shown back: the admin form answers only whether one is set, and a blank password on an edit keeps the stored one.
// Plain passwords an older version stored are hashed once when the workers start; until then (a rolling upgrade)
// they are compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { OjError } from '@oj/proto';
import { hashPassword, isPasswordHash, verifyPassword } from '../account/password';
import type { DbOrTx } from '../db/client';
import { plainContestPasswords, replaceContestPassword } from './contest-admin.repo';

/** Whether `given` is the contest's password (`stored` hashed, or plain from an older version). */
export async function contestPasswordMatches(stored: string | null, given: string): Promise<boolean> {
  if (stored === null) return false;
  if (isPasswordHash(stored)) return verifyPassword(given, stored);
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(stored), digest(given));
}

/**
 * The `pwd` column of a saved form: `undefined` (keep the stored one) when the form left it blank, refused with
 * CONTEST_PASSWORD_MISSING if there is none to keep; null for a public contest; else the new password's hash.
 */
export async function pwdColumn(formPwd: string | null | undefined, stored: string | null): Promise<string | null | undefined> {
  if (formPwd === null) return null;
  if (formPwd === undefined) {
    if (stored === null) throw new OjError('CONTEST_PASSWORD_MISSING');
    return undefined;
  }
  return hashPassword(formPwd);
}

/** Hashes the plain contest passwords an older version stored; how many. Safe with several processes at once. */
export async function hashPlainContestPasswords(db: DbOrTx): Promise<number> {
  let n = 0;
  for (const row of await plainContestPasswords(db)) {
    if (isPasswordHash(row.pwd)) continue;
    if (await replaceContestPassword(db, row.id, row.pwd, await hashPassword(row.pwd))) n++;
  }
  return n;
}
