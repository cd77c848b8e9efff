// The codes mailed for registration, password reset and an email change: their lifetimes and resend waits, the email
// format, and issuing a code (refused while the previous one to that address is younger than the wait).
import { LIMITS, OjError } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { emailCodeOf, putEmailCode, userByEmail } from './account-flows.repo';

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ACCOUNT_TIMES = {
  registerCodeS: 300,
  registerResendS: LIMITS.registerResendWaitS,
  resetResendS: LIMITS.resetResendWaitS,
  resetCodeS: 600,
  changeEmailCodeS: 300,
  captchaS: 300,
} as const;

export type CodePurpose = 'register' | 'reset' | 'change_email';

/** Emails are stored and compared trimmed and lower-cased. */
export const normEmail = (email: string): string => email.trim().toLowerCase();

/** The normalised email, or ACCOUNT_EMAIL_INVALID. */
export function checkEmail(email: string): string {
  if (!EMAIL_RE.test(email.trim())) throw new OjError('ACCOUNT_EMAIL_INVALID');
  return normEmail(email);
}

/** The user holding `email` (in any case), or null. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  return (await userByEmail(db, normEmail(email))) ?? null;
}

/** Stores a fresh code unless the previous one was sent less than `waitS` ago. */
export async function issueCode(db: DbOrTx, purpose: CodePurpose, email: string, code: string, ttlS: number, waitS: number, uid: string | null): Promise<void> {
  const prev = await emailCodeOf(db, purpose, email);
  if (prev) {
    const left = Math.ceil(waitS - (Date.now() - prev.sentAt.getTime()) / 1000);
    if (left > 0) throw new OjError('ACCOUNT_CODE_TOO_FAST', { seconds: left });
  }
  const values = { purpose, email, code, uid, sentAt: new Date(), expiresAt: new Date(Date.now() + ttlS * 1000) };
  await putEmailCode(db, values);
}
