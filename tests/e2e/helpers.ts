// Shared steps of the end-to-end tests: log in through the dialog, put code in the editor, watch the verdict panel.
import { expect, test as base, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import { LOCAL_LANGUAGES } from '@oj/proto';
import { E2E_ADMIN_PASSWORD } from './playwright.config';
import { lastMailText } from './mail';

// ---------- the CSP guard: every spec imports `test` from here ----------

/** CSP violations seen in any page of the running test (the browser reports each one to the page's console). */
const cspViolations: string[] = [];
const watched = new WeakSet<BrowserContext>();

/** Reports every CSP violation of `context`'s pages: a `securitypolicyviolation` listener and the console. */
async function watchCsp(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`));
  });
  context.on('console', (m) => {
    if (/CSP violation|Content Security Policy/i.test(m.text())) cspViolations.push(`${m.location().url}: ${m.text()}`);
  });
}

/**
 * Playwright's `test` with the CSP guard: every browser context a test opens (its own `page`, and `browser.newContext()`)
 * is watched, and the test fails if any page broke the Content-Security-Policy the gateway sends.
 */
export const test = base.extend<{ cspGuard: void }, { cspBrowser: Browser }>({
  cspBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext(...args);
        await watchCsp(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker', auto: true },
  ],
  cspGuard: [
    async ({ context }, use) => {
      await watchCsp(context);
      cspViolations.length = 0;
      await use();
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Takes the CSP violations recorded so far in this test (the guard's own test checks them, then they are gone). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

export function template(language: string): string {
  const lang = LOCAL_LANGUAGES.find((l) => l.name === language);
  if (!lang) throw new Error(`no language ${language}`);
  return lang.template;
}

export async function loginAsRoot(page: Page): Promise<void> {
  await page.goto('/problem');
  await page.getByTestId('login-open').click();
  await page.getByTestId('login-username').fill('root');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** Logs root in at the admin login (`/admin/login`), in `locale`; lands in the admin shell. */
export async function adminLogin(page: Page, locale: 'zh-CN' | 'en-US' = 'en-US', to = '/admin/problems'): Promise<void> {
  // The cookie keeps the language over reloads (the `l` query only holds for the page it is on).
  await page.context().addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
  await page.goto('/admin/login');
  await page.getByTestId('login-username').fill('root');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('admin-layout')).toBeVisible();
  // The login lands on the admin home (the dashboard).
  if (to !== '/admin/dashboard') await page.goto(to);
}

/** Logs `username` in through the dialog on the home page. */
export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/home');
  await page.getByTestId('login-open').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** Registers a user over REST, reading the code from the stored mail (no SMTP in tests; see mail.ts). */
export async function registerUser(request: APIRequestContext, username: string, password: string): Promise<void> {
  const email = `${username}@example.com`;
  expect((await (await request.get(`/api/get-register-code?email=${encodeURIComponent(email)}`)).json()).status).toBe(200);
  // The mail is written after the answer: wait for it.
  const readCode = async () => /\b(\d{6})\b/.exec((await lastMailText(email)) ?? '')?.[1] ?? null;
  await expect.poll(readCode).not.toBeNull();
  const code = (await readCode())!;
  const reg = await (await request.post('/api/register', { data: { username, password, email, code } })).json();
  expect(reg.status).toBe(200);
}

/** Records every change of the verdict panel's status and of the number of case rows, in the page. */
export async function recordVerdictPanel(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __verdictLog: Array<{ status: string | null; rows: number }> };
    w.__verdictLog = [];
    const snap = () => {
      const el = document.querySelector('[data-testid="verdict-status"]');
      const entry = { status: el?.getAttribute('data-status') ?? null, rows: document.querySelectorAll('[data-testid="case-row"]').length };
      const last = w.__verdictLog[w.__verdictLog.length - 1];
      if (!last || last.status !== entry.status || last.rows !== entry.rows) w.__verdictLog.push(entry);
    };
    new MutationObserver(snap).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });
}

export async function verdictLog(page: Page): Promise<Array<{ status: string | null; rows: number }>> {
  return page.evaluate(() => (window as unknown as { __verdictLog: Array<{ status: string | null; rows: number }> }).__verdictLog);
}

export async function setCode(page: Page, code: string): Promise<void> {
  const editor = page.locator('.cm-content').first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.fill(code);
}

/**
 * Opens the problem page's online test drawer, runs the editor's code on `input` against `expected` and waits for the
 * pushed result: `status` (the drawer stays open for another run).
 */
export async function runOnlineTest(page: Page, input: string, expected: string, status: string) {
  const drawer = page.getByTestId('online-test-drawer');
  if (!(await drawer.isVisible())) await page.getByTestId('online-test-open').click();
  await drawer.getByTestId('online-test-input').fill(input);
  await drawer.getByTestId('online-test-expected').fill(expected);
  await drawer.getByTestId('online-test-run').click();
  await expect(drawer.getByTestId('online-test-result')).toHaveAttribute('data-status', status, { timeout: 60_000 });
  return drawer;
}

/** Counts the REST calls that would be polling for a submission's status. */
export function countPolling(page: Page): { readonly count: number; readonly urls: string[] } {
  const urls: string[] = [];
  page.on('request', (r: Request) => {
    const u = r.url();
    if (u.includes('/api/check-submissions-status') || u.includes('/api/get-submission-detail')) urls.push(u);
  });
  return {
    get count() {
      return urls.length;
    },
    urls,
  };
}

/**
 * Saves /admin/switch and follows the save to its own answer and the page's reload after it: the previous save's toast
 * may still be up, and a box ticked before that reload is in would be unticked by it (and the next save send it off).
 */
export async function saveSwitches(page: Page, zh: boolean): Promise<void> {
  const form = page.getByTestId('switch-form');
  const loads = Number(await form.getAttribute('data-loads'));
  const answered = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/admin/switch/update');
  await page.getByTestId('switch-save').click();
  expect((await (await answered).json()).status).toBe(200);
  await expect(form).toHaveAttribute('data-loads', String(loads + 1));
  await expect(page.getByTestId('toast').filter({ hasText: zh ? '保存成功' : 'Saved successfully' }).first()).toBeVisible();
}

/** The paths of the top bar's links in order: those in the bar, then those under More (opened and closed again). */
export async function headerNavPaths(page: Page): Promise<{ shown: string[]; more: string[] }> {
  const paths = (links: Locator) => links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const shown = await paths(page.getByTestId('site-nav').locator(':scope > a'));
  const button = page.getByTestId('nav-more');
  if ((await button.count()) === 0) return { shown, more: [] };
  await button.click();
  const more = await paths(page.getByTestId('nav-more-menu').getByRole('menuitem'));
  await button.click();
  await expect(page.getByTestId('nav-more-menu')).toHaveCount(0);
  return { shown, more };
}
