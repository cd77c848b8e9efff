// Overlapping reads of an admin list: the page's first read of a contest's announcements is held until the read after a
// save has answered; its older answer (the list before the save) then arrives last and must not hide the saved row.
import { apiLogin, createContest } from './contest-fixtures';
import { adminLogin, expect, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

for (const locale of ['zh-CN', 'en-US'] as const) {
  const zh = locale === 'zh-CN';

  test(`a slow first read does not put the announcements back as they were before a save (${locale})`, async ({ page, request }) => {
    const { token } = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
    const cid = await createContest(request, token, `E2E Stale ${locale} ${Date.now() % 100000}`);
    await adminLogin(page, locale, '/admin/dashboard');

    // The first GET is answered by the server at once (no announcement yet), but that answer is held back.
    let reads = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/admin\/contest\/announcement\?/, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const first = ++reads === 1;
      const response = await route.fetch();
      if (first) await released;
      await route.fulfill({ response });
    });
    const held = page.waitForRequest((r) => r.method() === 'GET' && r.url().includes('/api/admin/contest/announcement?'));
    await page.goto(`/admin/contest/${cid}/announcement`);
    const firstRead = await held;

    await page.getByTestId('admin-announcement-create').click();
    await page.getByTestId('admin-announcement-title').fill('Held back');
    await page.getByTestId('admin-announcement-content').fill('The first read answers last.');
    await page.getByTestId('admin-announcement-save').click();
    await expect(page.getByTestId('toast').filter({ hasText: zh ? '创建成功' : 'Create Successfully' })).toBeVisible();
    const rows = page.getByTestId('admin-announcement-row');
    // The read after the save has answered.
    await expect(rows).toHaveCount(1);
    expect(reads).toBe(2);

    // Now the first read answers, with the list as it was before the save.
    release();
    await (await firstRead.response())?.finished();
    // Time for the page to apply that answer, if it were going to.
    await page.waitForTimeout(500);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Held back');
  });
}
