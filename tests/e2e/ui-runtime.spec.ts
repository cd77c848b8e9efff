// The built client runs Preact through preact/compat (web/preact-alias.ts, docs/architecture.md "UI runtime"). What
// differs from React in ways a visitor would see is made to behave as React does (web/src/lib/preact-react.ts); these
// tests hold the one that left a page blank: leaving a page whose code is still loading (a history back before its
// chunk arrives) shows the page gone back to, and the abandoned page still loads when visited again.
import { expect, test, type Page, type Route } from '@playwright/test';
import { createContest, apiLogin } from './contest-fixtures';
import { loginAsRoot } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

const LOADING = { 'zh-CN': '加载中…', 'en-US': 'Loading…' } as const;
const RANK_TITLE = { 'zh-CN': /^ACM 排名 - /, 'en-US': /^ACM Rank - / } as const;

/** Holds every request for a chunk whose file name starts with `chunk` until `release()` is called. */
async function holdChunk(page: Page, chunk: string): Promise<{ requested: Promise<void>; release: () => Promise<void> }> {
  const held: Route[] = [];
  let onRequested = () => {};
  const requested = new Promise<void>((resolve) => (onRequested = resolve));
  let released = false;
  await page.route(new RegExp(`/assets/${chunk}-[^/]+\\.js$`), async (route) => {
    if (released) return route.continue();
    held.push(route);
    onRequested();
  });
  const release = async () => {
    released = true;
    const response = page.waitForResponse(new RegExp(`/assets/${chunk}-[^/]+\\.js$`));
    for (const r of held.splice(0)) await r.continue();
    await response;
  };
  return { requested, release };
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a history back while the next page's code loads shows the page gone back to; the next page loads later (${locale})`, async ({ page }) => {
    await page.context().addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
    const status = await holdChunk(page, 'StatusListPage');
    await page.goto('/acm-rank');
    await expect(page).toHaveTitle(RANK_TITLE[locale]);
    const rootRow = page.getByTestId('rank-table').locator('tbody tr', { has: page.getByRole('link', { name: 'root', exact: true }) });
    await expect(rootRow).toBeVisible();

    // The AC count links to the status list, whose code is held: its spinner shows meanwhile.
    await rootRow.getByTestId('rank-ac-link').click();
    await expect(page).toHaveURL(/\/status\?/);
    await status.requested;
    await expect(page.locator('main').getByRole('status')).toHaveText(LOADING[locale]);
    await expect(page.getByTestId('acm-rank')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/acm-rank$/);
    await expect(page.getByTestId('acm-rank')).toBeVisible();
    await expect(page.getByTestId('rank-table').getByRole('link', { name: 'root', exact: true })).toBeVisible();

    // The abandoned page's code arrives: nothing changes here (under preact/compat's own Suspense it restored the
    // stale tree over this one and the page went blank).
    await status.release();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    await expect(page.getByTestId('acm-rank')).toBeVisible();
    await page.getByTestId('rank-search').fill('nobody-here');
    await page.getByTestId('rank-search').press('Enter');
    await expect(page.getByTestId('rank-table')).toHaveCount(0);

    // And the status list renders when visited again.
    await page.goForward();
    await expect(page).toHaveURL(/\/status\?/);
    await expect(page.getByTestId('status-filter')).toBeVisible();
    await expect(page.getByTestId('acm-rank')).toHaveCount(0);
  });
}

test('inside a contest, a history back while the next tab loads keeps the shell and shows the tab gone back to', async ({ page, request }) => {
  const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
  const cid = await createContest(request, root.token, `Runtime back ${Date.now()}`);
  await loginAsRoot(page);
  const problems = await holdChunk(page, 'ContestProblemsTab');
  await page.goto(`/contest/${cid}?l=en-US`);
  await expect(page.getByTestId('contest-overview')).toBeVisible();
  const title = await page.getByTestId('contest-title').textContent();

  await page.getByTestId('contest-tab-problems').click();
  await expect(page).toHaveURL(new RegExp(`/contest/${cid}/problems$`));
  await problems.requested;
  await expect(page.getByTestId('contest-shell').getByRole('status')).toHaveText(LOADING['en-US']);

  await page.goBack();
  await expect(page.getByTestId('contest-overview')).toBeVisible();
  await problems.release();
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  await expect(page.getByTestId('contest-overview')).toBeVisible();
  await expect(page.getByTestId('contest-title')).toHaveText(title!);
  await expect(page.getByTestId('contest-problem-table')).toHaveCount(0);

  await page.goForward();
  await expect(page.getByTestId('contest-problem-table')).toContainText('A+B');
  await expect(page.getByTestId('contest-overview')).toHaveCount(0);
});
