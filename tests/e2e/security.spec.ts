// What a visitor meets where sealed data is refused (docs/security.md): the scroll board page of a contest whose
// board is still frozen tells anyone but its admins, in their language, that only contest administrators may see it.
import { apiLogin, generateFeed, importFeed } from './contest-fixtures';
import { expect, loginAsRoot, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

test('the scroll board of a frozen contest refuses visitors in their language and opens for its admin', async ({ browser, request }) => {
  const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
  // A feed without `thawed` is imported sealed (autoRealRank off): the award ceremony's state.
  const cid = await importFeed(request, root.token, generateFeed(4, 6));
  for (const [locale, message] of [
    ['en-US', 'Only contest administrators can do this'],
    ['zh-CN', '只有比赛管理员可以执行此操作'],
  ] as const) {
    const ctx = await browser.newContext();
    try {
      const page = await ctx.newPage();
      await page.goto(`/scroll-board?cid=${cid}&removeStar=false&l=${locale}`);
      await expect(page.getByTestId('scroll-error')).toHaveText(message);
      await expect(page.getByTestId('scroll-name')).toHaveCount(0);
    } finally {
      await ctx.close();
    }
  }
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await loginAsRoot(page);
    await page.goto(`/scroll-board?cid=${cid}&removeStar=false&l=en-US`);
    await expect(page.getByTestId('scroll-name').first()).toBeVisible();
    await expect(page.getByTestId('scroll-error')).toHaveCount(0);
  } finally {
    await ctx.close();
  }
});
