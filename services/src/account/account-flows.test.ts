import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { OjError, SLIDE } from '@oj/proto';
import { DEFAULT_SERVICES_CONFIG } from '../config';
import { captcha, emailCode, loginFailure, mailOutbox } from '../db/schema';
import { addAccount, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createAccountFlows, type AccountFlows } from './account-flows.service';
import { ACCOUNT_TIMES } from './email-code';
import { createAccountService, type AccountServiceImpl } from './account.service';
import { makeViewer } from './viewer';

const ROOT = makeViewer('root-uid', 'root', ['root']);

describe('registration, password reset and captchas', () => {
  let t: TestDb;
  let account: AccountServiceImpl;
  let flows: AccountFlows;
  let n = 0;
  const fresh = () => `flow${++n}`;

  beforeAll(async () => {
    t = await startTestDb();
    const ctx = serviceContext(t.db);
    account = createAccountService(ctx);
    flows = createAccountFlows(ctx, account);
  });
  afterAll(() => t.stop());

  /** The text of the newest mail to `to`, read from the outbox table (admins see it with its secrets masked only). */
  const lastMail = async (to: string) => (await t.db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0]?.text ?? '';
  const registerCodeIn = (text: string) => /register code is (\d{6})/.exec(text)?.[1] ?? '';
  /** Moves the code's send time back, as if the resend wait had passed. */
  const age = (purpose: string, email: string, seconds: number) =>
    t.db
      .update(emailCode)
      .set({ sentAt: sql`${emailCode.sentAt} - make_interval(secs => ${seconds})` })
      .where(and(eq(emailCode.purpose, purpose), eq(emailCode.email, email)));
  /** The stored answer of captcha `key` (undefined once it is used). */
  const captchaAnswer = async (key: string) => (await t.db.select({ a: captcha.answer }).from(captcha).where(eq(captcha.key, key)))[0]?.a;

  it('mails a register code to a valid, unused email, and waits the resend time before another', async () => {
    const email = `${fresh()}@example.org`;
    expect(await refusal(flows.registerCode('not-an-email'))).toBe('ACCOUNT_EMAIL_INVALID');
    const vo = await flows.registerCode(`  ${email.toUpperCase()} `);
    expect(vo).toEqual({ email, expire: ACCOUNT_TIMES.registerCodeS });
    const first = registerCodeIn(await lastMail(email));
    expect(first).toMatch(/^\d{6}$/);

    const tooFast = await flows.registerCode(email).catch((e: unknown) => e);
    expect(tooFast).toBeInstanceOf(OjError);
    expect((tooFast as OjError).code).toBe('ACCOUNT_CODE_TOO_FAST');
    expect((tooFast as OjError).params.seconds).toBeGreaterThan(ACCOUNT_TIMES.registerResendS - 5);
    expect((tooFast as OjError).params.seconds).toBeLessThanOrEqual(ACCOUNT_TIMES.registerResendS);

    await age('register', email, ACCOUNT_TIMES.registerResendS + 1);
    await flows.registerCode(email);
    const second = registerCodeIn(await lastMail(email));
    // The new code replaces the old one.
    if (second !== first) expect(await refusal(flows.register({ username: fresh(), password: 'pass-1234', email, code: first }))).toBe('ACCOUNT_CODE_WRONG');
    expect(await refusal(flows.register({ username: fresh(), password: 'pass-1234', email, code: second }))).toBe('ok');
    // The email now belongs to a user.
    expect(await refusal(flows.registerCode(email))).toBe('ACCOUNT_EMAIL_EXISTS');
  });

  it('registers only with the mailed code, once, for a free username and email', async () => {
    const email = `${fresh()}@example.org`;
    const username = fresh();
    await flows.registerCode(email);
    const code = registerCodeIn(await lastMail(email));
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await refusal(flows.register({ username, password: 'pass-1234', email, code: wrong }))).toBe('ACCOUNT_CODE_WRONG');
    expect(await refusal(flows.register({ username: '   ', password: 'pass-1234', email, code }))).toBe('VALIDATION_FAILED');
    // A wrong guess leaves the code in place.
    expect(await refusal(flows.register({ username, password: 'pass-1234', email: email.toUpperCase(), code }))).toBe('ok');
    expect(await flows.checkUsernameOrEmail({ username, email })).toEqual({ username: true, email: true });
    expect(await flows.checkUsernameOrEmail({ username: fresh(), email: `${fresh()}@example.org` })).toEqual({ username: false, email: false });
    expect((await account.login(username, 'pass-1234', '10.1.0.1')).user.email).toBe(email);

    expect(await refusal(flows.register({ username, password: 'pass-1234', email: `${fresh()}@example.org`, code }))).toBe('ACCOUNT_USERNAME_EXISTS');
    expect(await refusal(flows.register({ username: fresh(), password: 'pass-1234', email, code }))).toBe('ACCOUNT_EMAIL_EXISTS');
    // The code was used up.
    const other = `${fresh()}@example.org`;
    expect(await refusal(flows.register({ username: fresh(), password: 'pass-1234', email: other, code }))).toBe('ACCOUNT_CODE_WRONG');
  });

  it('refuses an expired register code, and everything when registration is closed', async () => {
    const email = `${fresh()}@example.org`;
    await flows.registerCode(email);
    const code = registerCodeIn(await lastMail(email));
    await t.db.update(emailCode).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailCode.email, email));
    expect(await refusal(flows.register({ username: fresh(), password: 'pass-1234', email, code }))).toBe('ACCOUNT_CODE_WRONG');

    const closed = createAccountFlows(serviceContext(t.db, { site: { ...DEFAULT_SERVICES_CONFIG.site, register: false } }), account);
    expect(await refusal(closed.registerCode(`${fresh()}@example.org`))).toBe('ACCOUNT_REGISTER_CLOSED');
    expect(await refusal(closed.register({ username: fresh(), password: 'pass-1234', email, code }))).toBe('ACCOUNT_REGISTER_CLOSED');
  });

  it('resets a password through a one-use image captcha and the mailed link, and clears the login failures', async () => {
    const username = fresh();
    const email = `${username}@example.org`;
    await addAccount(t.db, { username, password: 'old-pass-1', email });
    expect(await refusal(account.login(username, 'nope', '10.1.0.2'))).toBe('AUTH_BAD_CREDENTIALS');

    const c1 = await flows.captcha();
    expect(await refusal(flows.applyResetPassword({ email, captcha: 'wrong!', captchaKey: c1.captchaKey }))).toBe('ACCOUNT_CAPTCHA_WRONG');
    // A captcha is used once, even after a wrong answer.
    expect(await captchaAnswer(c1.captchaKey)).toBeUndefined();

    const c2 = await flows.captcha();
    const answer = await captchaAnswer(c2.captchaKey);
    expect(await refusal(flows.applyResetPassword({ email: `${fresh()}@example.org`, captcha: answer!, captchaKey: c2.captchaKey }))).toBe('ACCOUNT_EMAIL_NOT_FOUND');
    const c3 = await flows.captcha();
    await flows.applyResetPassword({ email: email.toUpperCase(), captcha: (await captchaAnswer(c3.captchaKey))!.toUpperCase(), captchaKey: c3.captchaKey });
    const link = /reset-password\?username=([^&]+)&code=(\S+)/.exec(await lastMail(email));
    expect(link?.[1]).toBe(username);
    const code = link![2]!;

    const c4 = await flows.captcha();
    const again = await flows.applyResetPassword({ email, captcha: (await captchaAnswer(c4.captchaKey))!, captchaKey: c4.captchaKey }).catch((e: unknown) => e);
    expect((again as OjError).code).toBe('ACCOUNT_CODE_TOO_FAST');

    expect(await refusal(flows.resetPassword({ username: fresh(), code, password: 'new-pass-1' }))).toBe('ACCOUNT_USERNAME_NOT_FOUND');
    expect(await refusal(flows.resetPassword({ username, code: `${code}x`, password: 'new-pass-1' }))).toBe('ACCOUNT_CODE_WRONG');
    const failuresOf = async () => (await t.db.select().from(loginFailure).where(eq(loginFailure.username, username))).length;
    expect(await failuresOf()).toBe(1);
    expect(await refusal(flows.resetPassword({ username, code, password: 'new-pass-1' }))).toBe('ok');
    expect(await failuresOf()).toBe(0);
    expect(await refusal(flows.resetPassword({ username, code, password: 'new-pass-2' }))).toBe('ACCOUNT_CODE_WRONG');
    expect(await refusal(account.login(username, 'old-pass-1', '10.1.0.3'))).toBe('AUTH_BAD_CREDENTIALS');
    expect(await refusal(account.login(username, 'new-pass-1', '10.1.0.3'))).toBe('ok');
  });

  it('accepts a slide answer within the accuracy, once', async () => {
    const near = await flows.slideChallenge();
    const gap = Number(await captchaAnswer(near.id));
    expect(await flows.checkSlide({ id: near.id, x: gap + SLIDE.accuracy })).toBe(true);
    expect(await flows.checkSlide({ id: near.id, x: gap })).toBe(false);
    const far = await flows.slideChallenge();
    expect(await flows.checkSlide({ id: far.id, x: Number(await captchaAnswer(far.id)) + SLIDE.accuracy + 1 })).toBe(false);
  });

  it('checks the old password and refuses the same one when changing it, and shows the outbox to admins only', async () => {
    const username = fresh();
    const viewer = await addAccount(t.db, { username, password: 'old-pass-1' });
    const session = 'c0ffee.0';
    expect(await refusal(flows.changePassword(viewer, { oldPassword: 'bad', newPassword: 'new-pass-1' }, session))).toBe('ACCOUNT_PASSWORD_WRONG');
    expect(await refusal(flows.changePassword(viewer, { oldPassword: 'old-pass-1', newPassword: 'old-pass-1' }, session))).toBe('ACCOUNT_SAME_AS_OLD');
    expect(await refusal(flows.changePassword(viewer, { oldPassword: 'old-pass-1', newPassword: 'new-pass-1' }, session))).toBe('ok');
    expect(await refusal(account.login(username, 'new-pass-1', '10.1.0.4'))).toBe('ok');
    expect(await refusal(flows.mailOutbox(await addUser(t.db), {}))).toBe('AUTH_FORBIDDEN');
  });

  it('shows admins the recipient and subject of a mail, never its body with the reset link', async () => {
    const username = fresh();
    const email = `${username}@example.com`;
    await addAccount(t.db, { username, password: 'pass-123', email });
    const captchaOf = await flows.captcha();
    await flows.applyResetPassword({ email, captcha: (await captchaAnswer(captchaOf.captchaKey))!, captchaKey: captchaOf.captchaKey });
    const link = /reset-password\?\S+/.exec(await lastMail(email))?.[0];
    expect(link).toMatch(/code=/);
    const [item] = await flows.mailOutbox(ROOT, { to: email, limit: 1 });
    expect(item).toMatchObject({ to: email, sent: false });
    expect(item!.subject).toMatch(/reset your password/);
    expect(Object.keys(item!).sort()).toEqual(['body', 'createTime', 'id', 'sent', 'subject', 'to']);
    expect(JSON.stringify(item)).not.toContain(link!.split('code=')[1]!);
    expect(item!.body).toContain('code=••••••');
  });
});
