// Client-side rules of the "Change mobile" form: current password required, mobile required, in the
// server's MOBILE_RE form (mainland 1[3-9]xxxxxxxxx or E.164 +…), and different from the stored one.
import { isValidMobile } from '@oj/proto';
import type { MessageId } from '../../i18n/zh-CN';

export type MobileField = 'password' | 'newMobile';

export function checkMobile(v: string, old: string | null | undefined): MessageId | null {
  const m = v.trim();
  if (m === '') return 'setting.check.mobileRequired';
  if (!isValidMobile(m)) return 'setting.check.mobileInvalid';
  if (old && m === old) return 'setting.check.sameMobile';
  return null;
}

export function validateChangeMobile(f: Record<MobileField, string>, old: string | null | undefined): Partial<Record<MobileField, MessageId>> {
  const out: Partial<Record<MobileField, MessageId>> = {};
  if (f.password === '') out.password = 'setting.check.currentPasswordRequired';
  const m = checkMobile(f.newMobile, old);
  if (m) out.newMobile = m;
  return out;
}
