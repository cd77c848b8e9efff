// How sessions end and what a session is (issue 15, items 6, 11 and 14), on two gateways with their own services, one
// PostgreSQL and one nats-server: a new password, a reset or a new email ends every other session and socket of the
// account at once, on both gateways (the one that made the change goes on under a renewed id); the web's session is an
// httpOnly cookie that counts only with its CSRF proof; tokens of another algorithm than HS256 are refused; old and
// cheap password hashes are replaced by argon2id at the next login.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '@oj/proto';
import { hashPassword } from '@oj/services';
import type { ClientSocket } from '../support/live';
import { waitFor } from '../support/live';
import { cookiesOf, JWT_SECRET, PASSWORD, startAccountsFixture, type AccountsFixture, type Session } from './security-accounts-fixture';

let fx: AccountsFixture;

beforeAll(async () => {
  fx = await startAccountsFixture({ gateways: 2, env: { OJ_RATE_LOGIN_IP_PER_MIN: '1000', OJ_RATE_LOGIN_USER_PER_MIN: '1000', OJ_TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await fx?.stop();
});

const authInfo = (node: number, session: Session) => fx.call(node, 'GET', '/api/get-user-auth-info', { session });
/** Resolves when the socket is disconnected by the server. */
const dropped = (s: ClientSocket) => (s.disconnected ? Promise.resolve() : new Promise<void>((resolve) => s.once('disconnect', () => resolve())));
const subscribeOk = async (s: ClientSocket, topic: string) => (await s.timeout(10_000).emitWithAck('subscribe', { topic })).ok;

describe('a new password', () => {
  it('ends every other session and socket of the account on both gateways, and the changer goes on', async () => {
    const u = await fx.createUser('sess_pw');
    const a = await fx.login(0, 'sess_pw'); // the changer: an API client on gateway 0
    const b = await fx.login(1, 'sess_pw', { cookies: true }); // the web app on gateway 1
    const c = await fx.login(1, 'sess_pw'); // another API client on gateway 1
    const sockA = await fx.socket(0, a);
    const sockB = await fx.socket(1, b);
    const sockC = await fx.socket(0, c);
    for (const s of [a, b, c]) expect((await authInfo(s === a ? 0 : 1, s)).status).toBe(200);

    const changed = await fx.call(0, 'POST', '/api/change-password', { session: a, body: { oldPassword: PASSWORD, newPassword: 'changed-pass-1' } });
    expect(changed.json).toMatchObject({ status: 200, data: { code: 200, userInfo: { uid: u.uid } } });
    // The changer's session goes on under a new token (the original client's refresh headers).
    expect(changed.headers['refresh-token']).toBe('true');
    const renewed: Session = { token: changed.headers.authorization as string };
    expect(renewed.token).not.toBe((a as { token: string }).token);

    // Every other socket is dropped, on both gateways; then their REST calls are refused.
    await Promise.all([dropped(sockB), dropped(sockC)]);
    expect((await authInfo(1, b)).json.code).toBe('AUTH_TOKEN_INVALID');
    expect((await authInfo(1, c)).json.code).toBe('AUTH_TOKEN_INVALID');
    expect((await authInfo(0, c)).status).toBe(401);
    // The old token of the changer is dead too; the renewed one works on both gateways.
    expect((await authInfo(0, a)).status).toBe(401);
    expect((await authInfo(0, renewed)).status).toBe(200);
    expect((await authInfo(1, renewed)).status).toBe(200);
    // The changer's own socket stays (moved to the renewed session) and may still subscribe.
    await new Promise((r) => setTimeout(r, 300));
    expect(sockA.connected).toBe(true);
    expect(await subscribeOk(sockA, topics.user(u.uid))).toBe(true);
    // The old password no longer logs in; the new one does.
    expect((await fx.call(1, 'POST', '/api/login', { body: { username: 'sess_pw', password: PASSWORD } })).json.code).toBe('AUTH_BAD_CREDENTIALS');
    await fx.login(1, 'sess_pw', { password: 'changed-pass-1' });
  });

  it('renews the web app’s cookies when the change came from it', async () => {
    await fx.createUser('sess_web');
    const web = await fx.login(0, 'sess_web', { cookies: true });
    const other = await fx.login(1, 'sess_web', { cookies: true });
    const res = await fx.call(0, 'POST', '/api/change-password', { session: web, body: { oldPassword: PASSWORD, newPassword: 'changed-pass-2' } });
    expect(res.json.status).toBe(200);
    expect(res.headers.authorization).toBeUndefined();
    const c = cookiesOf(res);
    expect(c.token && c.csrf).toBeTruthy();
    const renewed: Session = { cookie: `oj_token=${c.token}; oj_csrf=${c.csrf}`, csrf: c.csrf! };
    expect((await authInfo(1, renewed)).status).toBe(200);
    await waitFor('the other browser refused', async () => ((await authInfo(1, other)).status === 401 ? true : undefined), 5_000);
    expect((await authInfo(0, web)).status).toBe(401);
  });
});

describe('a password reset', () => {
  it('ends every session and socket of the account, the requester has none', async () => {
    await fx.createUser('sess_rs', { email: 'sess_rs@example.com' });
    const s0 = await fx.login(0, 'sess_rs');
    const s1 = await fx.login(1, 'sess_rs', { cookies: true });
    const sock0 = await fx.socket(0, s0);
    const sock1 = await fx.socket(1, s1);
    const captcha = (await fx.call(1, 'GET', '/api/captcha')).json.data as { captchaKey: string };
    const applied = await fx.call(1, 'POST', '/api/apply-reset-password', { body: { email: 'sess_rs@example.com', captcha: await fx.captchaAnswer(captcha.captchaKey), captchaKey: captcha.captchaKey } });
    expect(applied.json.status).toBe(200);
    const code = /code=([\w-]+)/.exec(await fx.mailText('sess_rs@example.com'))![1]!;
    expect((await fx.call(1, 'POST', '/api/reset-password', { body: { username: 'sess_rs', password: 'reset-pass-1', code } })).json.status).toBe(200);
    await Promise.all([dropped(sock0), dropped(sock1)]);
    expect((await authInfo(0, s0)).status).toBe(401);
    expect((await authInfo(1, s1)).status).toBe(401);
    await fx.login(0, 'sess_rs', { password: 'reset-pass-1' });
  });
});

describe('a new email', () => {
  it('ends the other sessions as a new password does (the address that can reset the password changed)', async () => {
    await fx.createUser('sess_em', { email: 'sess_em@example.com' });
    const a = await fx.login(0, 'sess_em');
    const b = await fx.login(1, 'sess_em');
    const sockB = await fx.socket(1, b);
    expect((await fx.call(0, 'GET', '/api/get-change-email-code?email=sess_em2@example.com', { session: a })).json.status).toBe(200);
    const code = /code is (\d{6})/.exec(await fx.mailText('sess_em2@example.com'))![1]!;
    const res = await fx.call(0, 'POST', '/api/change-email', { session: a, body: { password: PASSWORD, newEmail: 'sess_em2@example.com', code } });
    expect(res.json).toMatchObject({ status: 200, data: { userInfo: { email: 'sess_em2@example.com' } } });
    await dropped(sockB);
    expect((await authInfo(1, b)).status).toBe(401);
    expect((await authInfo(0, { token: res.headers.authorization as string })).status).toBe(200);
  });
});

describe('the web session cookie', () => {
  it('is httpOnly and SameSite=Lax (Secure over https), never a header, and counts only with its CSRF proof', async () => {
    const u = await fx.createUser('ck_user');
    const res = await fx.call(0, 'POST', '/api/login', { body: { username: 'ck_user', password: PASSWORD }, headers: { 'x-auth-mode': 'cookie' } });
    expect(res.json.data).toMatchObject({ uid: u.uid });
    expect(res.headers.authorization).toBeUndefined();
    const { raw, token, csrf } = cookiesOf(res);
    const tokenCookie = raw.find((c) => c.startsWith('oj_token='))!;
    expect(tokenCookie).toMatch(/; HttpOnly/);
    expect(tokenCookie).toMatch(/; SameSite=Lax/);
    expect(tokenCookie).toMatch(/; Path=\//);
    expect(tokenCookie).not.toMatch(/Secure/);
    expect(raw.find((c) => c.startsWith('oj_csrf='))).not.toMatch(/HttpOnly/);
    // Behind a TLS-terminating proxy (trusted), the cookies are Secure.
    const https = await fx.call(0, 'POST', '/api/login', { body: { username: 'ck_user', password: PASSWORD }, headers: { 'x-auth-mode': 'cookie', 'x-forwarded-proto': 'https' } });
    expect(cookiesOf(https).raw.every((c) => /; Secure/.test(c))).toBe(true);

    const cookie = `oj_token=${token}; oj_csrf=${csrf}`;
    // With its proof: the user. Without it (a cross-site form or link sends the cookie, not the header): nobody.
    expect((await authInfo(1, { cookie, csrf: csrf! })).status).toBe(200);
    expect((await fx.call(1, 'GET', '/api/get-user-auth-info', { headers: { cookie } })).json.code).toBe('AUTH_NOT_LOGGED_IN');
    expect((await fx.call(1, 'GET', '/api/get-user-auth-info', { headers: { cookie, 'x-csrf-token': 'forged' } })).json.code).toBe('AUTH_CSRF_FAILED');
    // A forged cross-site password change is not carried out.
    const forged = await fx.call(0, 'POST', '/api/change-password', { headers: { cookie, origin: 'https://evil.example' }, body: { oldPassword: PASSWORD, newPassword: 'hijacked-1' } });
    expect(forged.json.code).toBe('AUTH_NOT_LOGGED_IN');
    await fx.login(0, 'ck_user');
    // The proof of one session does not fit another.
    const other = await fx.login(0, 'ck_user', { cookies: true });
    expect((await fx.call(0, 'GET', '/api/get-user-auth-info', { headers: { cookie, 'x-csrf-token': (other as { csrf: string }).csrf } })).json.code).toBe('AUTH_CSRF_FAILED');

    // Sockets: the cookie with its proof authenticates (the user's topic is joined); without it the socket is anonymous.
    const withProof = await fx.socket(1, { cookie, csrf: csrf! });
    expect(await subscribeOk(withProof, topics.user(u.uid))).toBe(true);
    const without = await fx.socket(1, { cookie, csrf: csrf! }, { csrf: false });
    expect(await subscribeOk(without, topics.user(u.uid))).toBe(false);

    // Logout clears both cookies and ends the session.
    const out = await fx.call(0, 'GET', '/api/logout', { session: { cookie, csrf: csrf! } });
    expect(out.json.status).toBe(200);
    expect(cookiesOf(out).raw.filter((c) => /Max-Age=0/.test(c))).toHaveLength(2);
    expect((await authInfo(0, { cookie, csrf: csrf! })).status).toBe(401);
    // Another gateway forgets its cached check of the session within OJ_SESSION_CACHE_MS (5 s).
    await waitFor('the logout on the other gateway', async () => ((await authInfo(1, { cookie, csrf: csrf! })).status === 401 ? true : undefined), 7_000);
  });
});

describe('JWT algorithms', () => {
  const b64 = (x: object) => Buffer.from(JSON.stringify(x)).toString('base64url');
  function resign(token: string, alg: string): string {
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as object;
    const head = `${b64({ alg, typ: 'JWT' })}.${b64(payload)}`;
    if (alg === 'none') return `${head}.`;
    const hmac = { HS384: 'sha384', HS512: 'sha512', HS256: 'sha256' }[alg]!;
    return `${head}.${createHmac(hmac, JWT_SECRET).update(head).digest('base64url')}`;
  }

  it('accepts HS256 only: `none` and the other HMACs under the same secret are refused, over REST and sockets', async () => {
    await fx.createUser('jwt_user');
    const { token } = (await fx.login(0, 'jwt_user')) as { token: string };
    expect((await authInfo(0, { token: resign(token, 'HS256') })).status).toBe(200);
    for (const alg of ['none', 'HS384', 'HS512']) {
      const forged = resign(token, alg);
      expect((await authInfo(0, { token: forged })).json.code, alg).toBe('AUTH_TOKEN_INVALID');
      await expect(fx.socket(1, { token: forged })).rejects.toThrow('AUTH_TOKEN_INVALID');
    }
  });
});

describe('password hashes', () => {
  const stored = async (username: string) => (await fx.sql<{ password: string }[]>`select password from users where username = ${username}`)[0]!.password;

  it('are argon2id; an older scrypt hash and a bulk-made one are replaced at the next login', async () => {
    await fx.createUser('hash_new');
    expect(await stored('hash_new')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await fx.createUser('hash_old');
    await fx.createUser('hash_bulk');
    await fx.sql`update users set password = ${await hashPassword(PASSWORD, { N: 2 ** 15, r: 8, p: 1 })} where username = 'hash_old'`;
    await fx.sql`update users set password = ${await hashPassword(PASSWORD, { N: 2 ** 8, r: 8, p: 1 })} where username = 'hash_bulk'`;
    for (const name of ['hash_old', 'hash_bulk']) {
      expect(await stored(name)).toMatch(/^scrypt\$/);
      // A wrong password changes nothing.
      expect((await fx.call(0, 'POST', '/api/login', { body: { username: name, password: 'wrong-pass' } })).json.code).toBe('AUTH_BAD_CREDENTIALS');
      expect(await stored(name)).toMatch(/^scrypt\$/);
      await fx.login(0, name);
      expect(await stored(name)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await fx.login(1, name);
    }
  });
});
