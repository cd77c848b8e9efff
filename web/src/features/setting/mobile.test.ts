// The "Change mobile" form rules, shared MOBILE_RE with the server.
import { describe, expect, it } from 'vitest';
import { checkMobile, validateChangeMobile } from './mobile';

describe('change mobile validation', () => {
  it('requires the mobile and accepts mainland and E.164 numbers', () => {
    expect(checkMobile('', null)).toBe('setting.check.mobileRequired');
    expect(checkMobile('   ', null)).toBe('setting.check.mobileRequired');
    for (const ok of ['13812345678', '19912345678', ' 15000000000 ', '+8613812345678', '+447911123456', '+12025550123']) expect(checkMobile(ok, null), ok).toBeNull();
    for (const bad of ['12812345678', '1381234567', '138123456789', '+0123456789', '+1234567', '+1234567890123456', 'abc', '138-1234-5678'])
      expect(checkMobile(bad, null), bad).toBe('setting.check.mobileInvalid');
  });

  it('refuses the stored number and needs the current password', () => {
    expect(checkMobile(' 13812345678', '13812345678')).toBe('setting.check.sameMobile');
    expect(checkMobile('13812345679', '13812345678')).toBeNull();
    expect(validateChangeMobile({ password: '', newMobile: 'x' }, null)).toEqual({ password: 'setting.check.currentPasswordRequired', newMobile: 'setting.check.mobileInvalid' });
    expect(validateChangeMobile({ password: 'pw', newMobile: '13812345678' }, undefined)).toEqual({});
  });
});
