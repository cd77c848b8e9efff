// The session as the browser holds it (issue 15, items 6 and 11), in zh-CN and en-US: the token is an httpOnly cookie
// no script of the page can read (nothing in localStorage or document.cookie), every page runs under the CSP without
// a violation (the helpers' `test` fails on any), a password change keeps this browser signed in and ends the session
// of another browser at once, logout clears the cookie, and the new password logs in.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, login, registerUser, takeCspViolations, test } from './helpers';

const TEXT = {
  'zh-CN': { updated: '修改成功', loginOpen: '登录' },
  'en-US': { updated: 'Update_Successfully', loginOpen: 'Login' },
} as const;

async function browserIn(browser: Browser, locale: 'zh-CN' | 'en-US'): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext();
  await ctx.addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
  return { ctx, page: await ctx.newPage() };
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`the session cookie: unreadable by scripts, a password change ends the other browser's session, logout (${locale})`, async ({ browser, request }) => {
    const name = `sa_${locale === 'zh-CN' ? 'zh' : 'en'}_${Date.now().toString(36)}`.slice(0, 20);
    await registerUser(request, name, 'first-pass-1');
    const me = await browserIn(browser, locale);
    const other = await browserIn(browser, locale);
    try {
      await login(me.page, name, 'first-pass-1');
      await login(other.page, name, 'first-pass-1');

      // The token is an httpOnly cookie: not in localStorage, not in document.cookie; only the CSRF proof is readable.
      const cookies = await me.ctx.cookies();
      const token = cookies.find((c) => c.name === 'oj_token')!;
      expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookies.find((c) => c.name === 'oj_csrf')?.httpOnly).toBe(false);
      const seen = await me.page.evaluate(() => ({ cookie: document.cookie, storage: JSON.stringify({ ...localStorage }) }));
      expect(seen.cookie).not.toContain('oj_token');
      expect(seen.cookie).toContain('oj_csrf=');
      expect(seen.storage).not.toContain(token.value);

      // Change the password in this browser.
      await me.page.goto('/setting');
      await me.page.getByTestId('setting-oldPassword').fill('first-pass-1');
      await me.page.getByTestId('setting-newPassword').fill('second-pass-2');
      await me.page.getByTestId('setting-again').fill('second-pass-2');
      await me.page.getByTestId('setting-password-submit').click();
      await expect(me.page.getByTestId('toast').filter({ hasText: TEXT[locale].updated })).toBeVisible();
      // This browser goes on under the renewed session (new cookies), across a reload.
      expect((await me.ctx.cookies()).find((c) => c.name === 'oj_token')!.value).not.toBe(token.value);
      await me.page.reload();
      await expect(me.page.getByTestId('user-menu')).toBeVisible();
      await me.page.getByTestId('setting-info-nickname').fill(`nick ${locale}`);
      await me.page.getByTestId('setting-info-submit').click();
      await expect(me.page.getByTestId('toast').filter({ hasText: TEXT[locale].updated })).toBeVisible();

      // The other browser's session has ended: its next call is refused and it is signed out.
      await other.page.goto('/setting');
      await expect(other.page.getByTestId('login-open')).toBeVisible();
      await expect(other.page.getByTestId('user-menu')).toHaveCount(0);

      // Logout clears the session cookie; the new password logs in again.
      await me.page.goto('/logout');
      await expect(me.page.getByTestId('login-open')).toHaveText(TEXT[locale].loginOpen);
      expect((await me.ctx.cookies()).map((c) => c.name)).not.toContain('oj_token');
      await login(me.page, name, 'second-pass-2');
    } finally {
      await me.ctx.close();
      await other.ctx.close();
    }
  });
}

test('the CSP guard of the helpers records a blocked inline script (which fails the test that made it)', async ({ page }) => {
  await page.goto('/home');
  expect(takeCspViolations()).toEqual([]);
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true;';
    document.body.appendChild(s);
  });
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  // The browser reports the violation in a task of its own: the guard has it once the report arrives.
  const seen: string[] = [];
  await expect
    .poll(
      () => {
        seen.push(...takeCspViolations());
        return seen.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  expect(seen.join('\n')).toMatch(/script-src|Content Security Policy/i);
  // Taken: the guard's check at the end of this test (an empty list) passes.
});
