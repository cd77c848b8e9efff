// Issue 4 accounts over REST on the real services and PostgreSQL: register with a mailed code (outbox),
// slide verification from the 5th failed login, reset with an image captcha and a mailed link, settings,
// avatar upload (magic bytes, 2 MB) and role enforcement, including the posting gates helper 4C uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, SLIDE, type UserInfo } from '@oj/proto';
import { PASSWORD, ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

let h: Harness;
let rootToken: string;

beforeAll(async () => {
  h = await startHarness({ env: { OJ_RATE_LOGIN_IP_PER_MIN: '1000', OJ_RATE_LOGIN_USER_PER_MIN: '100' }, servicesConfig: { postMinAc: 1, commentMinAc: 1 } });
  rootToken = await h.login('root', ROOT_PASSWORD);
});
afterAll(async () => {
  await h?.stop();
});

let ip = 0;
const nextIp = () => `10.44.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
const get = (url: string, token?: string) => h.gw.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {}, remoteAddress: nextIp() });
const post = (url: string, payload: unknown, token?: string, remoteAddress = nextIp()) =>
  h.gw.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(token ? { authorization: token } : {}), 'accept-language': 'en-US' }, remoteAddress });
const code = (res: { json(): { code?: string; status: number } }) => res.json().code ?? res.json().status;

async function lastMail(to: string): Promise<string> {
  const res = await get(`/api/admin/mail-outbox?to=${encodeURIComponent(to)}&limit=1`, rootToken);
  expect(res.json().status).toBe(200);
  const [mail] = res.json().data as { subject: string; text?: string; body: string | null }[];
  expect(mail).toBeDefined();
  // Admins see the recipient, the subject and the body with its secrets masked: the codes and links are read from the table.
  expect(mail!.text).toBeUndefined();
  const text = await h.mailText(to);
  const secret = /register code is (\d{6})|code=([\w-]+)|code is (\d{6})/.exec(text);
  if (secret) expect(mail!.body).not.toContain(secret[1] ?? secret[2] ?? secret[3]);
  return text;
}

async function register(username: string, email: string, password = PASSWORD): Promise<void> {
  expect((await get(`/api/get-register-code?email=${email}`)).json()).toMatchObject({ status: 200, data: { email, expire: 300 } });
  const c = /register code is (\d{6})/.exec(await lastMail(email))![1]!;
  const res = await post('/api/register', { username, password, email, code: c });
  expect(res.json()).toMatchObject({ status: 200 });
}

describe('register', () => {
  it('mails a 6-digit code, registers with it once, and logs in', async () => {
    await register('rg_new', 'rg_new@example.com');
    const check = await post('/api/check-username-or-email', { username: 'rg_new', email: 'RG_new@example.com' });
    expect(check.json().data).toEqual({ username: true, email: true });
    expect((await post('/api/check-username-or-email', { username: 'rg_free', email: 'free@example.com' })).json().data).toEqual({ username: false, email: false });
    const login = await post('/api/login', { username: 'rg_new', password: PASSWORD });
    expect(login.json().data).toMatchObject({ username: 'rg_new', email: 'rg_new@example.com', roleList: ['default_user'] });
  });

  it('checks the email format, blocks a resend for 60 s and refuses taken names and emails', async () => {
    expect(code(await get('/api/get-register-code?email=not-an-email'))).toBe('ACCOUNT_EMAIL_INVALID');
    expect(code(await get('/api/get-register-code?email=rg_new@example.com'))).toBe('ACCOUNT_EMAIL_EXISTS');
    expect((await get('/api/get-register-code?email=rg_twice@example.com')).json().status).toBe(200);
    const again = await get('/api/get-register-code?email=rg_twice@example.com');
    expect(code(again)).toBe('ACCOUNT_CODE_TOO_FAST');
    expect(again.json().msg).toMatch(/\d+/);
    const c = /(\d{6})/.exec(await lastMail('rg_twice@example.com'))![1]!;
    expect(code(await post('/api/register', { username: 'rg_new', password: PASSWORD, email: 'rg_twice@example.com', code: c }))).toBe('ACCOUNT_USERNAME_EXISTS');
  });

  it('refuses a wrong code and breaks of the registration rules', async () => {
    await get('/api/get-register-code?email=rg_code@example.com');
    const c = /(\d{6})/.exec(await lastMail('rg_code@example.com'))![1]!;
    const wrong = c === '000000' ? '111111' : '000000';
    expect(code(await post('/api/register', { username: 'rg_code', password: PASSWORD, email: 'rg_code@example.com', code: wrong }))).toBe('ACCOUNT_CODE_WRONG');
    for (const bad of [
      { username: '', password: PASSWORD, email: 'rg_code@example.com', code: c },
      { username: 'x'.repeat(21), password: PASSWORD, email: 'rg_code@example.com', code: c },
      { username: 'rg_code', password: '12345', email: 'rg_code@example.com', code: c },
      { username: 'rg_code', password: 'x'.repeat(21), email: 'rg_code@example.com', code: c },
      { username: 'rg_code', password: PASSWORD, email: 'rg_code@example.com', code: '12345' },
    ]) {
      expect(code(await post('/api/register', bad))).toBe('VALIDATION_FAILED');
    }
    expect(code(await post('/api/register', { username: 'rg_code', password: PASSWORD, email: 'bad', code: c }))).toBe('ACCOUNT_EMAIL_INVALID');
    // The right code still works after the wrong guesses, and only once.
    expect((await post('/api/register', { username: 'rg_code', password: PASSWORD, email: 'rg_code@example.com', code: c })).json().status).toBe(200);
    expect(code(await post('/api/register', { username: 'rg_code2', password: PASSWORD, email: 'rg_code@example.com', code: c }))).toBe('ACCOUNT_EMAIL_EXISTS');
  });

  it('only root and admin read the outbox', async () => {
    await h.createUser('rg_plain');
    expect(code(await get('/api/admin/mail-outbox', await h.login('rg_plain')))).toBe('AUTH_FORBIDDEN');
    expect(code(await get('/api/admin/mail-outbox'))).toBe('AUTH_NOT_LOGGED_IN');
  });
});

describe('slide verification after failed logins', () => {
  it('is enforced from the 5th failure, accepts |x - gap| <= 3 once, and success resets the count', async () => {
    await h.createUser('sl_user');
    const at = '10.45.0.1';
    for (let i = 0; i < 5; i++) expect(code(await post('/api/login', { username: 'sl_user', password: 'wrong-pass' }, undefined, at))).toBe('AUTH_BAD_CREDENTIALS');
    // The right password alone is no longer enough (and counts as a failure).
    const blocked = await post('/api/login', { username: 'sl_user', password: PASSWORD }, undefined, at);
    expect(code(blocked)).toBe('ACCOUNT_SLIDE_REQUIRED');
    expect(blocked.json().msg).toBe('Speed too fast, may be machine operation! Please verify again!');

    const challenge = async () => {
      const c = (await get('/api/captcha-slide')).json().data as { id: string; bg: string; width: number; height: number };
      expect(c).toMatchObject({ width: SLIDE.width, height: SLIDE.height });
      // The picture is pixels: the answer is read from the table, as a person reads it from the screen.
      const gap = Number(await h.captchaAnswer(c.id));
      return { id: c.id, gap };
    };
    const far = await challenge();
    expect(code(await post('/api/login', { username: 'sl_user', password: PASSWORD, slide: { id: far.id, x: far.gap + 4 } }, undefined, at))).toBe('ACCOUNT_SLIDE_REQUIRED');
    // A challenge is used up by its first answer, even a wrong one.
    expect(code(await post('/api/login', { username: 'sl_user', password: PASSWORD, slide: { id: far.id, x: far.gap } }, undefined, at))).toBe('ACCOUNT_SLIDE_REQUIRED');
    const near = await challenge();
    const ok = await post('/api/login', { username: 'sl_user', password: PASSWORD, slide: { id: near.id, x: near.gap - 3 } }, undefined, at);
    expect(ok.json().status).toBe(200);
    expect(typeof ok.headers.authorization).toBe('string');
    // Reset: one more failure does not require the slide.
    expect(code(await post('/api/login', { username: 'sl_user', password: 'wrong-pass' }, undefined, at))).toBe('AUTH_BAD_CREDENTIALS');
    expect((await post('/api/login', { username: 'sl_user', password: PASSWORD }, undefined, at)).json().status).toBe(200);
  });
});

describe('password reset', () => {
  const captcha = async () => {
    const c = (await get('/api/captcha')).json().data as { img: string; captchaKey: string };
    expect(c.img).toMatch(/^data:image\/png;base64,/);
    const text = await h.captchaAnswer(c.captchaKey);
    expect(text).toHaveLength(4);
    return { key: c.captchaKey, text };
  };

  it('checks the captcha and the email, mails a link, resets once and blocks a resend for 90 s', async () => {
    await register('rs_user', 'rs_user@example.com');
    const c1 = await captcha();
    expect(code(await post('/api/apply-reset-password', { email: 'rs_user@example.com', captcha: 'ZZZZ', captchaKey: c1.key }))).toBe('ACCOUNT_CAPTCHA_WRONG');
    // The captcha is one use: the right text after a wrong one fails too.
    expect(code(await post('/api/apply-reset-password', { email: 'rs_user@example.com', captcha: c1.text, captchaKey: c1.key }))).toBe('ACCOUNT_CAPTCHA_WRONG');
    const c2 = await captcha();
    expect(code(await post('/api/apply-reset-password', { email: 'nobody@example.com', captcha: c2.text.toLowerCase(), captchaKey: c2.key }))).toBe('ACCOUNT_EMAIL_NOT_FOUND');
    expect(code(await post('/api/apply-reset-password', { email: 'rs_user@example.com', captcha: '', captchaKey: 'k' }))).toBe('VALIDATION_FAILED');
    expect(code(await post('/api/apply-reset-password', { email: 'rs_user@example.com', captcha: '123456789', captchaKey: 'k' }))).toBe('VALIDATION_FAILED');
    const c3 = await captcha();
    expect((await post('/api/apply-reset-password', { email: 'rs_user@example.com', captcha: c3.text, captchaKey: c3.key })).json().status).toBe(200);
    const c4 = await captcha();
    expect(code(await post('/api/apply-reset-password', { email: 'rs_user@example.com', captcha: c4.text, captchaKey: c4.key }))).toBe('ACCOUNT_CODE_TOO_FAST');

    const link = /(\S+\/reset-password\?\S+)/.exec(await lastMail('rs_user@example.com'))![1]!;
    const url = new URL(link);
    expect(url.searchParams.get('username')).toBe('rs_user');
    const resetCode = url.searchParams.get('code')!;
    expect(code(await post('/api/reset-password', { username: 'nobody', password: 'new-pass-1', code: resetCode }))).toBe('ACCOUNT_USERNAME_NOT_FOUND');
    expect(code(await post('/api/reset-password', { username: 'rs_user', password: 'new-pass-1', code: 'wrong' }))).toBe('ACCOUNT_CODE_WRONG');
    expect(code(await post('/api/reset-password', { username: 'rs_user', password: '123', code: resetCode }))).toBe('VALIDATION_FAILED');
    expect((await post('/api/reset-password', { username: 'rs_user', password: 'new-pass-1', code: resetCode })).json().status).toBe(200);
    expect(code(await post('/api/reset-password', { username: 'rs_user', password: 'new-pass-2', code: resetCode }))).toBe('ACCOUNT_CODE_WRONG');
    expect(code(await post('/api/login', { username: 'rs_user', password: PASSWORD }))).toBe('AUTH_BAD_CREDENTIALS');
    expect((await post('/api/login', { username: 'rs_user', password: 'new-pass-1' })).json().status).toBe(200);
  });
});

describe('settings', () => {
  it('changes the password only with the current one and to a different one', async () => {
    await h.createUser('st_pw');
    const t = await h.login('st_pw');
    expect(code(await post('/api/change-password', { oldPassword: PASSWORD, newPassword: 'x' }, t))).toBe('VALIDATION_FAILED');
    expect(code(await post('/api/change-password', { oldPassword: 'wrong-one', newPassword: 'new-pass-9' }, t))).toBe('ACCOUNT_PASSWORD_WRONG');
    expect(code(await post('/api/change-password', { oldPassword: PASSWORD, newPassword: PASSWORD }, t))).toBe('ACCOUNT_SAME_AS_OLD');
    const res = await post('/api/change-password', { oldPassword: PASSWORD, newPassword: 'new-pass-9' }, t);
    expect(res.json().data).toMatchObject({ code: 200, userInfo: { username: 'st_pw' } });
    await h.login('st_pw', 'new-pass-9');
    expect(code(await post('/api/change-password', { oldPassword: PASSWORD, newPassword: 'new-pass-9' }))).toBe('AUTH_NOT_LOGGED_IN');
  });

  it('changes the email with a mailed code, the password, and a new address', async () => {
    await register('st_mail', 'st_mail@example.com');
    const t = await h.login('st_mail');
    expect(code(await get('/api/get-change-email-code?email=st_mail@example.com', t))).toBe('ACCOUNT_SAME_AS_OLD');
    expect(code(await get('/api/get-change-email-code?email=rg_new@example.com', t))).toBe('ACCOUNT_EMAIL_EXISTS');
    expect(code(await get('/api/get-change-email-code?email=nope', t))).toBe('ACCOUNT_EMAIL_INVALID');
    expect((await get('/api/get-change-email-code?email=st_mail2@example.com', t)).json().status).toBe(200);
    const c = /(\d{6})/.exec(await lastMail('st_mail2@example.com'))![1]!;
    expect(code(await post('/api/change-email', { password: 'wrong-one', newEmail: 'st_mail2@example.com', code: c }, t))).toBe('ACCOUNT_PASSWORD_WRONG');
    expect(code(await post('/api/change-email', { password: PASSWORD, newEmail: 'st_mail2@example.com', code: '12345x' }, t))).toBe('ACCOUNT_CODE_WRONG');
    const res = await post('/api/change-email', { password: PASSWORD, newEmail: 'st_mail2@example.com', code: c }, t);
    expect(res.json().data.userInfo.email).toBe('st_mail2@example.com');
  });

  it('updates the user info fields', async () => {
    await h.createUser('st_info');
    const t = await h.login('st_info');
    const res = await post('/api/change-userInfo', { nickname: ' Nick ', school: 'SCAU', signature: '# hi', blog: '' }, t);
    expect(res.json().data).toMatchObject({ nickname: 'Nick', school: 'SCAU', signature: '# hi', blog: null });
    expect(code(await post('/api/change-userInfo', { nickname: 'x'.repeat(21) }, t))).toBe('VALIDATION_FAILED');
  });

  it('uploads an avatar checked by magic bytes and size, served under /api/public/img', async () => {
    await h.createUser('st_avatar');
    const t = await h.login('st_avatar');
    const upload = (filename: string, data: Buffer) => {
      const boundary = '----oj' + Math.random().toString(16).slice(2);
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return h.gw.app.inject({ method: 'POST', url: '/api/file/upload-avatar', payload, headers: { authorization: t, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
    expect(code(await upload('a.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toBe('FILE_TYPE_NOT_SUPPORTED');
    expect(code(await upload('a.svg', png))).toBe('FILE_TYPE_NOT_SUPPORTED');
    expect(code(await upload('a.png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)])))).toBe('FILE_TOO_LARGE');
    const res = await upload('me.PNG', png);
    const user = res.json().data as UserInfo;
    expect(user.avatar).toMatch(/^\/api\/public\/img\/[0-9a-f-]{36}\.png$/);
    const img = await get(user.avatar!);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    // A new avatar replaces the old file.
    const again = (await upload('me.png', png)).json().data as UserInfo;
    expect(again.avatar).not.toBe(user.avatar);
    expect((await get(user.avatar!)).json().status).toBe(404);
  });
});

describe('roles', () => {
  it('refuses submissions of the no-submit roles and keeps them for the others', async () => {
    const body = { pid: 1000, language: 'C', code: 'int main(void){return 0;}'.padEnd(60, ' ') };
    const cases = [
      ['no_subimit_user', false],
      ['no_submit_no_discuss_user', false],
      ['no_submit_mute_user', false],
      ['no_discuss_user', true],
      ['mute_user', true],
    ] as const;
    for (const [i, [role, allowed]] of cases.entries()) {
      await h.createUser(`ro_${i}`, [role]);
      const res = await post('/api/submit-problem-judge', body, await h.login(`ro_${i}`));
      expect(allowed ? res.json().status : code(res)).toBe(allowed ? 200 : 'AUTH_NO_SUBMIT');
    }
  });

  it('gates posting and commenting by role and by accepted problems', async () => {
    const viewerOf = async (username: string, roles?: Parameters<Harness['createUser']>[1]) => {
      const u = await h.createUser(username, roles);
      const v = await h.services.account.verifySession(u.uid, 'gate-session');
      return v!;
    };
    const errorOf = (p: Promise<void>) => p.then(() => 'ok', (e: { code?: string }) => e.code);
    const plain = await viewerOf('gt_plain');
    expect(await errorOf(h.services.gates.assertCanPost(plain))).toBe('ACCOUNT_POST_AC_REQUIRED');
    expect(await errorOf(h.services.gates.assertCanComment(null))).toBe('AUTH_NOT_LOGGED_IN');
    expect(await errorOf(h.services.gates.assertCanPost(await viewerOf('gt_nodisc', ['no_discuss_user'])))).toBe('ACCOUNT_MUTED');
    expect(await errorOf(h.services.gates.assertCanComment(await viewerOf('gt_mute', ['mute_user'])))).toBe('ACCOUNT_MUTED');
    expect(await errorOf(h.services.gates.assertCanPost(await viewerOf('gt_admin', ['admin'])))).toBe('ok');
    // One accepted problem meets the configured gate of 1.
    const t = await h.login('gt_plain');
    const sub = await post('/api/submit-problem-judge', { pid: 1000, language: 'C', code: 'int main(void){return 0;}'.padEnd(60, ' ') }, t);
    const submitId = sub.json().data.submitId as number;
    const root = await viewerOf('gt_root', ['root']);
    await h.services.judgeAdmin.cancel(submitId, root); // no runner here: cancel, then judge by hand
    await h.services.judgeAdmin.manualJudge({ submitId, status: JudgeStatus.ACCEPTED }, root);
    expect(await h.services.gates.acCount(plain.uid)).toBe(1);
    expect(await errorOf(h.services.gates.assertCanPost(plain))).toBe('ok');
    expect(await errorOf(h.services.gates.assertCanComment(plain))).toBe('ok');
  });
});
