// The site's top bar at common window widths, in both languages: no link is cut off at the bar's edge; those that do
// not fit are under "More", in order, and open their page from there.
import { expect, headerNavPaths, test } from './helpers';

const ORDER = ['/home', '/problem', '/training', '/contest', '/status', '/acm-rank', '/oi-rank', '/discussion', '/group', '/introduction', '/developer'];

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`the top bar shows whole links and puts the rest under More (${lang})`, async ({ page }) => {
    let overflowed = 0;
    for (const width of [1000, 1280, 1440, 1600]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/home?l=${lang}`);
      const nav = page.getByTestId('site-nav');
      await expect(nav.getByRole('link').first()).toBeVisible();
      const bar = (await nav.boundingBox())!;
      const { shown, more: rest } = await headerNavPaths(page);
      for (const box of await nav.locator(':scope > a, [data-testid=nav-more]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.left, `${width} px: a link starts before the bar`).toBeGreaterThanOrEqual(bar.x - 0.5);
        expect(box.right, `${width} px: a link is cut off at the bar's end`).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
      }
      const more = page.getByTestId('nav-more');
      if (width === 1600) expect(shown, 'the widest window holds every link').toEqual(ORDER);
      if (shown.length === ORDER.length) {
        await expect(more).toHaveCount(0);
        continue;
      }
      overflowed++;
      expect([...shown, ...rest], `${width} px`).toEqual(ORDER);
      const menu = page.getByTestId('nav-more-menu');
      await more.click();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await more.click();
      await menu.getByRole('menuitem').last().click();
      await expect(page).toHaveURL(/\/developer$/);
      await expect(menu).toHaveCount(0);
      await expect(more).toHaveAttribute('aria-expanded', 'false');
    }
    // English needs More at 1000 px.
    if (lang === 'en-US') expect(overflowed).toBeGreaterThan(0);
  });
}
