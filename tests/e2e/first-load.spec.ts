// The problem page's first load in a real browser, in both languages (docs/benchmarks.md, "Third pass"): index.html
// starts the problem's detail and the language's catalogue itself, the page takes that one answer; the admin messages,
// the dialogs' code and the realtime connection stay out of the way until they are needed, and then work.
import type { Request } from '@playwright/test';
import { expect, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

const TEXT = {
  'zh-CN': { statistic: '统计', login: '登录', adminLogin: '管理员登录' },
  'en-US': { statistic: 'Statistic', login: 'Login', adminLogin: 'Admin Login' },
} as const;

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a cold problem page: one early detail request, its language's catalogue only, the rest when needed (${locale})`, async ({ browser }) => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
    const page = await context.newPage();
    const paths: string[] = [];
    const details: Request[] = [];
    let loadedAt = 0;
    let socketAt = 0;
    let pushEventsAt = 0;
    page.on('load', () => (loadedAt ||= Date.now()));
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      paths.push(path);
      if (path.startsWith('/socket.io')) socketAt ||= Date.now();
      if (path.startsWith('/assets/push-events-')) pushEventsAt ||= Date.now();
      if (r.url().includes('/api/get-problem-detail')) details.push(r);
    });
    await page.goto('/problem/1000');
    await expect(page.locator('.cm-content[contenteditable="true"]')).toBeVisible();
    const beforeEditable = [...paths];

    expect(details).toHaveLength(1);
    expect(details[0]!.url()).toMatch(/\/api\/get-problem-detail\?problemId=1000$/);
    expect(await details[0]!.headerValue('accept-language')).toBe(locale);
    expect(await details[0]!.headerValue('url-type')).toBe('general');
    const other = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
    expect(beforeEditable.some((p) => p.startsWith(`/assets/${locale}-`))).toBe(true);
    const unwanted = (p: string) => p.startsWith(`/assets/${other}-`) || /admin-messages|ModalFrame|LoginDialog/.test(p);
    expect(beforeEditable.filter(unwanted)).toEqual([]);

    // The dialogs' code comes when one opens, in the page's language.
    await page.getByTestId('problem-statistic').click();
    await expect(page.getByTestId('statistic-dialog')).toContainText(TEXT[locale].statistic);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('statistic-dialog')).toBeHidden();
    await page.getByTestId('login-open').click();
    await expect(page.getByTestId('login-dialog')).toContainText(TEXT[locale].login);
    await page.keyboard.press('Escape');

    // The realtime connection opens by itself, 2 s after the load event (the site topic is a background watch; this
    // page watches nothing else before a submit).
    await expect.poll(() => socketAt, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(socketAt - loadedAt).toBeGreaterThanOrEqual(1500);
    // The push events' schemas come with the socket's code, not with the page (lib/push-decoder.ts): not before the
    // editor is editable, and loaded by the time the socket connects. (Not timed against the load event: a dialog
    // opened above may watch a topic, which starts the socket's code at once.)
    expect(beforeEditable.filter((p) => p.startsWith('/assets/push-events-'))).toEqual([]);
    expect(pushEventsAt).toBeGreaterThan(0);
    expect(pushEventsAt).toBeLessThanOrEqual(socketAt);

    // The admin area brings its own messages.
    await page.goto('/admin/login');
    await expect(page.getByTestId('admin-login-page')).toContainText(TEXT[locale].adminLogin);
    expect(paths.some((p) => p.startsWith(`/assets/admin-messages.${locale}-`))).toBe(true);
    await context.close();
  });
}

test('signed in, the early detail request carries the session and is the only one', async ({ browser }) => {
  const context = await browser.newContext();
  // A login as the web app makes it: the session comes back as cookies (an httpOnly token and its CSRF proof).
  const login = await context.request.post('/api/login', { headers: { 'x-auth-mode': 'cookie' }, data: { username: 'root', password: E2E_ADMIN_PASSWORD } });
  expect(login.headers()['authorization']).toBeUndefined();
  const csrf = (await context.cookies()).find((c) => c.name === 'oj_csrf')?.value;
  expect(csrf).toBeTruthy();
  await context.addInitScript((u) => window.localStorage.setItem('userInfo', u), JSON.stringify((await login.json()).data));
  const page = await context.newPage();
  const details: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/get-problem-detail')) details.push(r);
  });
  await page.goto('/problem/1000');
  await expect(page.locator('.cm-content[contenteditable="true"]')).toBeVisible();
  expect(details).toHaveLength(1);
  expect(await details[0]!.headerValue('x-csrf-token')).toBe(csrf);
  expect(await details[0]!.headerValue('cookie')).toContain('oj_token=');
  await context.close();
});
