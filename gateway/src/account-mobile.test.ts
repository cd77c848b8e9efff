// POST /api/change-mobile over REST on the real services and PostgreSQL:
// the current password is required and checked, the mobile is required in MOBILE_RE form and must differ.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startHarness, type Harness } from './test-harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { OJ_RATE_LOGIN_IP_PER_MIN: '1000', OJ_RATE_LOGIN_USER_PER_MIN: '100' } });
});
afterAll(async () => {
  await h?.stop();
});

const post = (url: string, payload: unknown, token?: string) =>
  h.gw.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(token ? { authorization: token } : {}), 'accept-language': 'zh-CN' } });
const code = (res: { json(): { code?: string; status: number } }) => res.json().code ?? res.json().status;

describe('change mobile', () => {
  it('needs a login', async () => {
    expect(code(await post('/api/change-mobile', { password: PASSWORD, newMobile: '13812345678' }))).toBe('AUTH_NOT_LOGGED_IN');
  });

  it('refuses a wrong password, a bad format and the old number; accepts a new one', async () => {
    await h.createUser('mb_user');
    const t = await h.login('mb_user');
    expect(code(await post('/api/change-mobile', { password: 'wrong-one', newMobile: '13812345678' }, t))).toBe('ACCOUNT_PASSWORD_WRONG');
    for (const bad of ['', '   ', '12812345678', '1381234567', '138123456789', '+0123456789', '+1234567', 'abc', '138-1234-5678']) {
      const res = await post('/api/change-mobile', { password: PASSWORD, newMobile: bad }, t);
      expect(code(res), bad).toBe('ACCOUNT_MOBILE_INVALID');
      expect(res.json().msg).toBe('手机号不能为空且格式必须正确');
    }
    expect(code(await post('/api/change-mobile', { password: PASSWORD }, t))).toBe('VALIDATION_FAILED');

    const ok = await post('/api/change-mobile', { password: PASSWORD, newMobile: ' 13812345678 ' }, t);
    expect(ok.json().status).toBe(200);
    expect(ok.json().data).toMatchObject({ code: 200, userInfo: { username: 'mb_user', mobile: '13812345678' } });

    expect(code(await post('/api/change-mobile', { password: PASSWORD, newMobile: '13812345678' }, t))).toBe('ACCOUNT_SAME_AS_OLD');
    const intl = await post('/api/change-mobile', { password: PASSWORD, newMobile: '+447911123456' }, t);
    expect(intl.json().data.userInfo.mobile).toBe('+447911123456');
    // The login answer carries the stored number too.
    const login = await post('/api/login', { username: 'mb_user', password: PASSWORD });
    expect(login.json().data.mobile).toBe('+447911123456');
  });
});
