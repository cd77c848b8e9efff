// Home page, user home, both ranklists and the language choice, as a visitor sees them in Chromium.
import { expect, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

test('home: carousel, welcome announcement with markdown detail and back, statistics, problems, recent contests', async ({ page, request }) => {
  // A contest starting in an hour is a recent one; a hidden one and one ended are not.
  const login = await request.post('/api/login', { data: { username: 'root', password: E2E_ADMIN_PASSWORD } });
  const token = login.headers()['authorization']!;
  const soon = Date.now() + 3600_000;
  const title = `Home upcoming ${soon}`;
  const create = async (t: string, start: number, end: number, visible: boolean) => {
    const res = await request.post('/api/admin/contest', {
      headers: { authorization: token },
      data: { title: t, description: 'd', type: 0, auth: 0, startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString(), visible },
    });
    expect(((await res.json()) as { status: number }).status).toBe(200);
  };
  await create(title, soon, soon + 7200_000, true);
  await create(`${title} hidden`, soon, soon + 7200_000, false);
  await create(`${title} over`, Date.now() - 7200_000, Date.now() - 3600_000, true);

  await page.goto('/home?l=en-US');
  await expect(page).toHaveTitle(/^Home - /);
  await expect(page.getByTestId('home-carousel').locator('img').first()).toBeAttached();
  const announcements = page.getByTestId('home-announcements');
  await announcements.getByRole('button', { name: 'Welcome / 欢迎' }).click();
  await expect(page.getByTestId('announcement-detail').getByRole('heading', { name: 'Welcome to the online judge' })).toBeVisible();
  await announcements.getByRole('button', { name: 'Back' }).click();
  await expect(announcements.getByRole('button', { name: 'Welcome / 欢迎' })).toBeVisible();
  await expect(page.getByTestId('home-statistics').locator('svg rect').first()).toBeAttached();
  await expect(page.getByTestId('home-latest-problems').getByRole('link', { name: 'A+B Problem' })).toBeVisible();
  const recent = page.getByTestId('home-recent-contests');
  await expect(recent.getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible();
  await expect(recent).not.toContainText(`${title} hidden`);
  await expect(recent).not.toContainText(`${title} over`);
  await expect(page.getByTestId('home-remote-judges')).toContainText('Codeforces');
});

test('ranklists: top-10 bar chart, table, search, links to the user home with its heatmap', async ({ page }) => {
  await page.goto('/acm-rank?l=en-US');
  await expect(page).toHaveTitle(/^ACM Rank - /);
  await expect(page.getByTestId('rank-chart').locator('svg')).toBeVisible();
  await expect(page.getByTestId('rank-table').locator('tbody tr').first()).toBeVisible();
  // Other specs of the run add users, so root need not be on the first page: search for it.
  await page.getByTestId('rank-search').fill('roo');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('rank-table').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('rank-table').getByRole('link', { name: 'root', exact: true })).toBeVisible();
  // The AC count opens the status list filtered by the user and Accepted.
  await page.getByTestId('rank-ac-link').click();
  await expect(page).toHaveURL(/\/status\?username=root&status=0$/);
  await page.goBack();
  await page.getByTestId('rank-search').fill('nobody-here');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('rank-table')).toHaveCount(0);

  await page.goto('/oi-rank?l=en-US');
  await expect(page).toHaveTitle(/^OI Rank - /);
  await expect(page.getByTestId('rank-chart').locator('svg')).toBeVisible();
  await expect(page.getByTestId('rank-table').getByRole('columnheader', { name: 'Score' })).toBeVisible();
  await page.getByTestId('rank-search').fill('root');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('rank-table').getByRole('link', { name: 'root', exact: true }).click();
  await expect(page).toHaveURL(/\/user-home\?uid=.+&username=root/);
  await expect(page.getByTestId('user-home-username')).toContainText('root');
  await expect(page).toHaveTitle(/^root - /);
  await expect(page.getByTestId('user-heatmap').locator('rect[data-date]').first()).toBeAttached();
  expect(await page.getByTestId('user-heatmap').locator('rect[data-date]').count()).toBeGreaterThan(360);
  await page.getByRole('tab', { name: 'Solved problems' }).click();
  // Other specs of the run may have solved problems as root: the tab must show exactly what the API says.
  const info = (await (await page.request.get('/api/get-user-home-info?username=root')).json()) as { data: { solvedList: string[] } };
  const solved = page.getByTestId('user-solved');
  if (info.data.solvedList.length === 0) await expect(solved).toContainText('This user has not solved any problem yet');
  for (const id of info.data.solvedList) await expect(solved).toContainText(id);
});

test('languages: ?l=en-US, then the toggle switches the strings to Chinese and back', async ({ page }) => {
  await page.goto('/home?l=en-US');
  const heading = page.getByTestId('home-recent-contests').getByRole('heading');
  await expect(heading).toHaveText('Recent contests');
  await page.getByTestId('language-switch').first().locator('[data-locale="zh-CN"]').click();
  await expect(heading).toHaveText('近期比赛');
  await expect(page).toHaveTitle(/^首页 - /);
  await page.getByTestId('language-switch').first().locator('[data-locale="en-US"]').click();
  await expect(heading).toHaveText('Recent contests');

  await page.goto('/help?l=zh-CN');
  await expect(page.getByRole('heading', { name: '帮助', level: 1 })).toBeVisible();
  await expect(page.getByTestId('help-language').first()).toContainText('A+B');
});

// Issue 13, point 8 (defect 4): the ranklist's Rating column is the user's rating ('--' when none), not the pass rate.
for (const [locale, label, passRate] of [
  ['en-US', 'Rating', 'Pass rate'],
  ['zh-CN', '积分', '通过率'],
] as const) {
  test(`the ACM ranklist's Rating column shows the rating, '--' when there is none (${locale}) @i13`, async ({ page }) => {
    const list = (await (await page.request.get('/api/get-rank-list?currentPage=1&limit=30&type=0&searchUser=root')).json()) as { data: { records: { username: string; rating: number | null }[] } };
    const rootRow = list.data.records.find((r) => r.username === 'root')!;
    await page.goto(`/acm-rank?l=${locale}`);
    const table = page.getByTestId('rank-table');
    await expect(table.getByRole('columnheader', { name: label, exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: passRate })).toHaveCount(0);
    // Other specs of the run add users, so root need not be on the first page: search for it.
    await page.getByTestId('rank-search').fill('root');
    await page.getByTestId('rank-search').press('Enter');
    const row = table.locator('tbody tr', { has: page.getByRole('link', { name: 'root', exact: true }) });
    await expect(row.getByTestId('rank-rating')).toHaveText(rootRow.rating === null ? '--' : String(rootRow.rating));
  });
}
