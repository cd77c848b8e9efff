// Remote judging in a real browser, in both languages, against a recorded Codeforces: the fixture server serves the
// recorded exchanges on the port the stack's OJ_REMOTE_BASE_URLS names (playwright.config.ts), and the stack's own
// remote-judge worker talks to it with its live HTTP layer. Root imports CF-1A from the bank's dialog, submits from
// the problem page and watches Submitting → Pending → Judging → Accepted arrive without a reload; the remote accounts
// are edited in /admin/switch (a password never comes back); the dashboard's remote panel follows the sites live.
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { loadFixture, startFixtureServer, type FixtureServer } from '@oj/services';
import { adminLogin, expect, recordVerdictPanel, saveSwitches, setCode, test, verdictLog } from './helpers';
import { E2E_ADMIN_PASSWORD, E2E_REMOTE_PORT } from './playwright.config';

const FIXTURES = path.resolve(import.meta.dirname, '../../services/src/remote-judge/fixtures/codeforces');
const CODE = '#include <cstdio>\nint main() { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); }\n';
const fixture = (name: string) => loadFixture(path.join(FIXTURES, name)).exchanges;

let site: FixtureServer;
test.beforeAll(async () => {
  // The problem page once per import (zh-CN imports it; en-US asks again, and the bank refuses the existing id after
  // reading the site), and one log-in-submit-poll exchange per submission (a request takes the first unused one).
  const judged = fixture('judge-accepted.json');
  site = await startFixtureServer([...fixture('import-1A.json'), ...fixture('import-1A.json'), ...judged, ...judged], { port: E2E_REMOTE_PORT });
});
test.afterAll(async () => {
  await site?.close();
});

async function rootToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { username: 'root', password: E2E_ADMIN_PASSWORD } });
  return res.headers()['authorization']!;
}

/** The switch config as the server answers it, and saved back with `change` applied. */
async function switchConfig(request: APIRequestContext, change?: Record<string, string[]>): Promise<Record<string, unknown>> {
  const headers = { authorization: await rootToken(request) };
  const info = ((await (await request.get('/api/admin/switch/info', { headers })).json()) as { data: Record<string, unknown> }).data;
  if (!change) return info;
  const res = await request.put('/api/admin/switch/update', { headers, data: { ...info, ...change } });
  expect(((await res.json()) as { status: number }).status).toBe(200);
  return switchConfig(request);
}

const toast = (page: Page, text: string) => expect(page.getByTestId('toast').filter({ hasText: text }).first()).toBeVisible();

test.describe.serial('remote judging', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const zh = locale === 'zh-CN';

    test(`remote accounts in /admin/switch: added, the password never shown back, removed (${locale})`, async ({ page, request }) => {
      const name = `hdu-${locale}`;
      await adminLogin(page, locale, '/admin/switch');
      const hdu = page.getByTestId('remote-accounts-hdu');
      await expect(page.getByTestId('remote-accounts')).toContainText(zh ? '远程判题账号' : 'Remote judge accounts');
      await hdu.getByTestId('remote-accounts-hdu-add').click();
      const row = hdu.getByTestId('remote-account-row').last();
      await row.getByTestId('remote-account-username').fill(name);
      // A new account without a password is refused by the server, in the page's language.
      await page.getByTestId('switch-save').click();
      await toast(page, zh ? `请求参数错误：the new hdu account ${name} needs a password` : `Invalid request: the new hdu account ${name} needs a password`);
      await row.getByTestId('remote-account-password').fill('s3cret-pass');
      await saveSwitches(page, zh);

      // Reloaded: the name is listed, its password field is empty and says an empty one keeps it; the API never
      // sends it back.
      await page.reload();
      // (A controlled input's value is a property, not an attribute: the row is the list's last.)
      const saved = hdu.getByTestId('remote-account-row').last();
      await expect(saved.getByTestId('remote-account-username')).toHaveValue(name);
      await expect(saved.getByTestId('remote-account-password')).toHaveValue('');
      await expect(saved.getByTestId('remote-account-password')).toHaveAttribute('placeholder', zh ? '留空保持原密码' : 'Empty keeps the password');
      const info = await switchConfig(request);
      expect(info.hduUsernameList).toContain(name);
      expect(JSON.stringify(info)).not.toContain('s3cret-pass');
      // Saved again with the field left empty: the stored password is kept (the server would refuse it otherwise).
      await saveSwitches(page, zh);

      await saved.getByTestId('remote-account-remove').click();
      await saveSwitches(page, zh);
      await expect.poll(async () => (await switchConfig(request)).hduUsernameList).not.toContain(name);
    });

    test(`a submission to CF-1A is judged on the recorded Codeforces, live to Accepted (${locale})`, async ({ page, request }) => {
      await switchConfig(request, { cfUsernameList: ['judge1'], cfPasswordList: ['judge1-pass'] });
      // The bank's import dialog: imported once (zh-CN); the second time the catalogue's message says it exists.
      await adminLogin(page, locale, '/admin/problems');
      await page.getByTestId('remote-import-open').click();
      await page.getByTestId('remote-import-oj').selectOption('CF');
      await page.getByTestId('remote-import-problem-id').fill('1A');
      await page.getByTestId('remote-import-submit').click();
      if (zh) {
        await toast(page, '已导入 CF-1A');
        await expect(page.getByTestId('admin-problem-table')).toContainText('CF-1A');
      } else {
        await toast(page, 'The problem ID CF-1A already exists');
      }

      // The admin login signed root in on the site too.
      await page.goto('/problem/CF-1A');
      await expect(page.getByTestId('user-menu')).toBeVisible();
      await page.getByTestId('language-select').selectOption('GNU G++17 7.3.0');
      await setCode(page, CODE);
      await recordVerdictPanel(page);
      await page.getByTestId('submit-code').click();
      await expect(page.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 60_000 });
      // Pushed, not reloaded (the recorder lives in this page): Submitting, then the site's queue and testing.
      const statuses = (await verdictLog(page)).map((e) => e.status).filter((s, i, all): s is string => s !== null && s !== all[i - 1]);
      expect(statuses).toContain('9');
      expect(statuses.indexOf('9')).toBeLessThan(statuses.indexOf('7'));
      expect(statuses[statuses.length - 1]).toBe('0');
      expect(site.errors).toEqual([]);
    });

    test(`the dashboard's remote panel: per site status, live (${locale})`, async ({ page, request }) => {
      await adminLogin(page, locale, '/admin/dashboard');
      const panel = page.getByTestId('dashboard-remote');
      await expect(panel).toContainText(zh ? '远程判题' : 'Remote judges');
      const cf = panel.locator('[data-testid="dashboard-remote-site"][data-oj="CF"]');
      await expect(cf).toHaveAttribute('data-accounts', '1');
      await expect(cf).toHaveAttribute('data-queue', '0');
      expect(Number(await cf.getAttribute('data-last'))).toBeGreaterThan(0);
      // An account saved elsewhere shows up in the open page, pushed with the dashboard's live event.
      const poj = panel.locator('[data-testid="dashboard-remote-site"][data-oj="POJ"]');
      await expect(poj).toHaveAttribute('data-accounts', '0');
      await switchConfig(request, { pojUsernameList: [`poj-${locale}`], pojPasswordList: ['pw'] });
      await expect(poj).toHaveAttribute('data-accounts', '1');
      await switchConfig(request, { pojUsernameList: [], pojPasswordList: [] });
      await expect(poj).toHaveAttribute('data-accounts', '0');
    });
  }
});
