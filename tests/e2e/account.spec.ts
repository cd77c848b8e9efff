// Accounts in Chromium as a new user: register with the mailed code (read from the stored mail, mail.ts), log in, fail five times and pass the slide verification, reset the password through the mailed link, and
// upload an avatar on /setting.
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { captchaAnswer, lastMailText } from './mail';
import { expect, login, registerUser, test } from './helpers';

const USER = `e2e_${Date.now().toString(36)}`.slice(0, 20);
const EMAIL = `${USER}@example.com`;
const PASSWORD = 'first-pass-1';
const NEW_PASSWORD = 'second-pass-2';

/** The newest mail to `to` (read from the stored mails: admins see only recipient and subject). */
async function lastMail(_request: APIRequestContext, to: string): Promise<string> {
  return (await lastMailText(to)) ?? '';
}

/**
 * The answer of the captcha a response hands out: the pictures are pixels (nothing in the page gives the answer
 * away), so the test reads the stored answer of the challenge, as a person reads the picture.
 */
async function answerOf(page: Page, response: Promise<Response>, idField: 'id' | 'captchaKey'): Promise<string> {
  const body = (await (await response).json()) as { data: Record<string, string> };
  expect((await page.getByTestId(idField === 'id' ? 'slide-bg' : 'reset-captcha-img').getAttribute('src')) ?? '').toMatch(/^data:image\/png;base64,/);
  return (await captchaAnswer(body.data[idField]!))!;
}

async function openDialog(page: Page, mode: 'login' | 'register' | 'resetPwd') {
  await page.getByTestId('login-open').click();
  if (mode !== 'login') await page.getByTestId(`login-mode-${mode}`).click();
}

async function fillLogin(page: Page, password: string) {
  await page.getByTestId('login-username').fill(USER);
  await page.getByTestId('login-password').fill(password);
}

test('a new user registers, meets the slide verification, resets the password and uploads an avatar', async ({ page, request }) => {
  await page.goto('/home');

  // Register: the code comes by mail.
  await openDialog(page, 'register');
  await page.getByTestId('register-username').fill(USER);
  await page.getByTestId('register-email').fill(EMAIL);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-passwordAgain').fill(PASSWORD);
  await page.getByTestId('register-send-code').click();
  await expect(page.getByTestId('register-send-code')).toBeDisabled(); // the 60 s countdown
  await expect.poll(async () => /(\d{6})/.exec(await lastMail(request, EMAIL).catch(() => ''))?.[1] ?? null).not.toBeNull();
  const code = /(\d{6})/.exec(await lastMail(request, EMAIL))![1]!;
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: /Thanks for registering|感谢您的注册/ })).toBeVisible();

  // The login form opens with the name just registered; log in, then log out.
  await expect(page.getByTestId('login-username')).toHaveValue(USER);
  await expect(page.getByTestId('login-password')).toHaveValue('');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: /Welcome Back|欢迎回来/ })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goto('/logout');
  await expect(page.getByTestId('login-open')).toBeVisible();

  // Five failures, then the slide verification is required.
  await openDialog(page, 'login');
  await fillLogin(page, 'wrong-password');
  for (let i = 0; i < 5; i++) {
    const answer = page.waitForResponse((r) => r.url().includes('/api/login'));
    await page.getByTestId('login-submit').click();
    expect(((await (await answer).json()) as { code?: string }).code).toBe('AUTH_BAD_CREDENTIALS');
  }
  await expect(page.getByTestId('slide-verify')).toBeVisible();
  await page.getByTestId('login-password').fill(PASSWORD);
  // Slid far from the gap (which is never left of 52), the server refuses even the right password.
  await expect(page.getByTestId('slide-bg')).toBeVisible();
  const unslid = page.waitForResponse((r) => r.url().includes('/api/login'));
  const fresh = page.waitForResponse((r) => r.url().includes('/api/captcha-slide'));
  await page.getByTestId('slide-range').fill('5');
  await page.getByTestId('login-submit').click();
  expect(((await (await unslid).json()) as { code?: string }).code).toBe('ACCOUNT_SLIDE_REQUIRED');
  // A fresh challenge: slide the block onto the gap.
  await expect(page.getByTestId('slide-range')).toHaveValue('0');
  await expect(page.getByTestId('slide-bg')).toBeVisible();
  const gap = Number(await answerOf(page, fresh, 'id'));
  await page.getByTestId('slide-range').fill(String(gap));
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goto('/logout');
  await expect(page.getByTestId('login-open')).toBeVisible();

  // Reset the password: image captcha, mailed link, new password.
  const image = page.waitForResponse((r) => r.url().includes('/api/captcha?') || r.url().endsWith('/api/captcha'));
  await openDialog(page, 'resetPwd');
  await page.getByTestId('reset-email').fill(EMAIL);
  await expect(page.getByTestId('reset-captcha-img')).toBeVisible();
  const captcha = await answerOf(page, image, 'captchaKey');
  await page.getByTestId('reset-captcha').fill(captcha);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-submit')).toBeDisabled(); // the 90 s countdown
  // The reset mail is written after the answer: wait until it is the newest one for this address.
  const resetLink = async () => /(\S+\/reset-password\?\S+)/.exec(await lastMail(request, EMAIL).catch(() => ''))?.[1] ?? null;
  await expect.poll(resetLink).not.toBeNull();
  const link = (await resetLink())!;
  const url = new URL(link);
  await page.keyboard.press('Escape');
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByTestId('reset-page-username')).toHaveValue(USER);
  await page.getByTestId('reset-page-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-page-passwordAgain').fill(NEW_PASSWORD);
  await page.getByTestId('reset-page-submit').click();
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  await fillLogin(page, NEW_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // Upload an avatar on /setting.
  await page.goto('/setting');
  await expect(page.getByTestId('setting-page')).toBeVisible();
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  await page.getByTestId('setting-avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('setting-avatar')).toHaveAttribute('src', /^\/api\/public\/img\/[0-9a-f-]{36}\.png$/);
  const src = (await page.getByTestId('setting-avatar').getAttribute('src'))!;
  const img = await request.get(src);
  expect(img.headers()['content-type']).toBe('image/png');
});

// Issue 13, point 8 (defect 6): the header shows the new avatar as soon as the upload answers, without a reload.
test('the header avatar follows each upload without a reload @i13', async ({ page, request }) => {
  const user = `av${Date.now() % 1000000}`;
  await registerUser(request, user, 'avatar-pass-1');
  await login(page, user, 'avatar-pass-1');
  await page.goto('/setting');
  await expect(page.getByTestId('setting-page')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
  let previous: string | null = null;
  for (const fill of [1, 2]) {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, fill)]);
    await page.getByTestId('setting-avatar-input').setInputFiles({ name: `me${fill}.png`, mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('setting-avatar')).not.toHaveAttribute('src', previous ?? '');
    const src = (await page.getByTestId('setting-avatar').getAttribute('src'))!;
    await expect(page.getByTestId('header-avatar')).toHaveAttribute('src', src);
    previous = src;
  }
  expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
});
