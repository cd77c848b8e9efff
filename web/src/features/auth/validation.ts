// The login/register/reset form rules of the original product; each returns the message id of the first failure.
import { LIMITS } from '@oj/proto';
import type { MessageId } from '../../i18n/zh-CN';

export type FieldErrors<K extends string> = Partial<Record<K, MessageId>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkUsername(v: string): MessageId | null {
  if (v.trim() === '') return 'auth.check.usernameRequired';
  if (v.length > LIMITS.usernameMax) return 'auth.check.usernameMax';
  return null;
}

export function checkPassword(v: string): MessageId | null {
  if (v === '') return 'auth.check.passwordRequired';
  if (v.length < LIMITS.passwordMin || v.length > LIMITS.passwordMax) return 'auth.check.passwordLength';
  return null;
}

export function checkEmail(v: string): MessageId | null {
  if (v.trim() === '') return 'auth.check.emailRequired';
  if (!EMAIL.test(v.trim())) return 'auth.check.emailInvalid';
  return null;
}

function compact<K extends string>(e: Record<K, MessageId | null>): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const k of Object.keys(e) as K[]) {
    const v = e[k];
    if (v) out[k] = v;
  }
  return out;
}

export function validateLogin(f: { username: string; password: string }): FieldErrors<'username' | 'password'> {
  return compact({ username: checkUsername(f.username), password: checkPassword(f.password) });
}

export type RegisterField = 'username' | 'email' | 'password' | 'passwordAgain' | 'code';

export function validateRegister(f: Record<RegisterField, string>): FieldErrors<RegisterField> {
  let passwordAgain: MessageId | null = null;
  if (f.passwordAgain === '') passwordAgain = 'auth.check.passwordAgainRequired';
  else if (f.passwordAgain !== f.password) passwordAgain = 'auth.check.passwordMismatch';
  let code: MessageId | null = null;
  if (f.code.trim() === '') code = 'auth.check.codeRequired';
  else if (f.code.length !== LIMITS.registerCodeLength) code = 'auth.check.codeLength';
  return compact({
    username: checkUsername(f.username),
    email: checkEmail(f.email),
    password: checkPassword(f.password),
    passwordAgain,
    code,
  });
}

export function validateReset(f: { email: string; captcha: string }): FieldErrors<'email' | 'captcha'> {
  let captcha: MessageId | null = null;
  if (f.captcha.trim() === '') captcha = 'auth.check.captchaRequired';
  else if (f.captcha.length > 8) captcha = 'auth.check.captchaLength';
  return compact({ email: checkEmail(f.email), captcha });
}
