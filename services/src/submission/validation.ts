// The pure submit checks of the original product: code length limits and the interval between submissions.
import { isShortCodeLanguage, LIMITS, OjError } from '@oj/proto';

/** Throws the catalogued error for code that may not be submitted in `language`. */
export function validateCode(code: string, language: string): void {
  if (code.trim().length === 0) throw new OjError('CODE_EMPTY');
  // PostgreSQL text cannot hold NUL; no compiler wants one either.
  if (code.includes('\0')) throw new OjError('VALIDATION_FAILED', { detail: 'code contains a NUL character' });
  if (code.length > LIMITS.codeMax) throw new OjError('CODE_TOO_LONG');
  if (code.length < LIMITS.codeMin && !isShortCodeLanguage(language)) throw new OjError('CODE_TOO_SHORT');
}

/** Whole seconds the user still has to wait after a submission at `last`, or 0 when they may submit. */
export function secondsToWait(last: Date | null, now: Date, intervalS: number): number {
  if (!last || intervalS <= 0) return 0;
  const waitMs = last.getTime() + intervalS * 1000 - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}
