// A contest end to end in two browsers: root creates a private contest in the admin pages with problem 1000 as A;
// a second user registers with the password, opens A inside the contest, submits and sees Accepted live; then an
// announcement root publishes reaches the user as a notification without a reload.
import type { Page } from '@playwright/test';
import { expect, login, loginAsRoot, registerUser, setCode, template, test } from './helpers';

/** A datetime-local value `minutes` from now, in the browser's own time zone. */
const localInput = (page: Page, minutes: number) =>
  page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, minutes);

test('root runs a private contest; a contestant registers, solves A live and gets the announcement pushed', async ({ browser, request }) => {
  const suffix = Date.now() % 100000;
  const alice = `alice${suffix}`;
  const title = `E2E Contest ${suffix}`;
  await registerUser(request, alice, 'alice-pass-123');

  const ctxRoot = await browser.newContext();
  const ctxUser = await browser.newContext();
  const admin = await ctxRoot.newPage();
  const user = await ctxUser.newPage();
  admin.on('dialog', (d) => void d.accept());
  try {
    // ---- root creates the contest through the admin form ----
    await loginAsRoot(admin);
    await admin.goto('/admin/contest/create');
    await expect(admin.getByTestId('admin-contest-form')).toBeVisible();
    // The form's checks run before anything is sent.
    await admin.getByTestId('admin-contest-save').click();
    await expect(admin.getByTestId('toast').filter({ hasText: /Title is required|比赛标题 为必填项/ })).toBeVisible();
    await admin.getByTestId('admin-contest-title').fill(title);
    await admin.getByTestId('admin-contest-description').fill('Welcome to **the** contest.');
    await admin.getByTestId('admin-contest-start').fill(await localInput(admin, -2));
    await admin.getByTestId('admin-contest-end').fill(await localInput(admin, 180));
    await admin.getByTestId('admin-contest-auth').selectOption('1');
    await admin.getByTestId('admin-contest-save').click();
    await expect(admin.getByTestId('toast').filter({ hasText: /Contest Password is required|比赛密码 为必填项/ })).toBeVisible();
    await admin.getByTestId('admin-contest-password').fill('open-sesame');
    await admin.getByTestId('admin-contest-save').click();

    // ---- and adds problem 1000 as A ----
    await expect(admin.getByTestId('admin-contest-problems')).toBeVisible();
    const cid = Number(/\/admin\/contest\/(\d+)\/problems/.exec(admin.url())?.[1]);
    expect(cid).toBeGreaterThan(0);
    await admin.getByTestId('admin-add-from-public').click();
    const row1000 = admin.getByTestId('admin-add-row').filter({ has: admin.locator('td', { hasText: /^1000$/ }) });
    await expect(row1000).toBeVisible();
    await expect(row1000.getByTestId('admin-add-display-id')).toHaveValue('A');
    await row1000.getByTestId('admin-add-problem').click();
    await expect(row1000).toHaveCount(0);
    await admin.getByTestId('admin-add-close').click();
    await expect(admin.getByTestId('admin-contest-problem-row')).toHaveCount(1);
    await expect(admin.getByTestId('admin-contest-problem-row').first()).toHaveAttribute('data-display-id', 'A');

    // ---- the contestant finds it in the list, registers with the password ----
    await login(user, alice, 'alice-pass-123');
    await user.goto('/contest');
    const item = user.getByTestId('contest-row').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item.getByTestId('contest-lock')).toHaveAttribute('data-auth', '1');
    await item.getByTestId('contest-open').click();
    await expect(user).toHaveURL(new RegExp(`/contest/${cid}$`));
    await expect(user.getByTestId('contest-title')).toHaveText(title);
    await expect(user.getByTestId('contest-countdown')).toHaveAttribute('data-status', '0');
    // The countdown ticks every second.
    const before = await user.getByTestId('contest-countdown').textContent();
    await expect(user.getByTestId('contest-countdown')).not.toHaveText(before ?? '', { timeout: 3000 });
    await expect(user.getByTestId('contest-tab-problems')).toHaveAttribute('aria-disabled', 'true');
    await user.getByTestId('contest-register').click();
    await expect(user.getByTestId('toast').filter({ hasText: /Enter the contest password|请输入比赛密码/ })).toBeVisible();
    await user.getByTestId('contest-password-input').fill('wrong');
    await user.getByTestId('contest-register').click();
    await expect(user.getByTestId('contest-password-card')).toBeVisible();
    await user.getByTestId('contest-password-input').fill('open-sesame');
    await user.getByTestId('contest-register').click();
    await expect(user.getByTestId('contest-password-card')).toHaveCount(0);

    // ---- opens A inside the contest and solves it, the verdict pushed live ----
    await user.getByTestId('contest-tab-problems').click();
    const rowA = user.getByTestId('contest-problem-row').first();
    await expect(user.getByTestId('contest-problem-row')).toHaveCount(1);
    await expect(rowA).toHaveAttribute('data-display-id', 'A');
    await rowA.click();
    await expect(user).toHaveURL(new RegExp(`/contest/${cid}/problem/A$`));
    await expect(user.getByTestId('problem-title')).toContainText('A.');
    await user.getByTestId('language-select').selectOption('C++');
    await setCode(user, template('C++'));
    await user.getByTestId('submit-code').click();
    await expect(user.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 60_000 });

    // The full-screen page shows the same problem without the site's chrome.
    await user.getByTestId('contest-problem-fullscreen').click();
    await expect(user.getByTestId('contest-problem-full-screen')).toBeVisible();
    // Focus mode carries the contest's problem bar, the current problem marked.
    await expect(user.getByTestId('contest-problem-bar-item').filter({ hasText: 'A' })).toHaveAttribute('aria-current', 'page');
    await expect(user.getByTestId('problem-title')).toContainText('A.');
    await expect(user.getByTestId('user-menu')).toHaveCount(0);
    await user.getByTestId('contest-problem-exit-fullscreen').click();

    // The submission is in the contest's status tab, and the problem list shows it solved.
    await user.getByTestId('contest-tab-submissions').click();
    await expect(user.getByTestId('contest-status-row').first()).toHaveAttribute('data-status', '0');
    await user.getByTestId('contest-tab-problems').click();
    await expect(user.getByTestId('contest-problem-status')).toHaveAttribute('data-kind', 'ac');

    // ---- root publishes an announcement; the contestant is notified without a reload ----
    await admin.goto(`/admin/contest/${cid}/announcement`);
    await admin.getByTestId('admin-announcement-create').click();
    await admin.getByTestId('admin-announcement-title').fill('Clarification on A');
    await admin.getByTestId('admin-announcement-content').fill('Numbers fit in 32 bits.');
    await admin.getByTestId('admin-announcement-save').click();
    await expect(admin.getByTestId('admin-announcement-row')).toHaveCount(1);

    const notice = user.getByTestId('contest-announcement-notice');
    await expect(notice).toHaveCount(1, { timeout: 10_000 });
    await expect(notice).toContainText('Clarification on A');
    // Persistent: still there after a while, gone once closed, and not raised again after a reload.
    await user.waitForTimeout(6000);
    await expect(notice).toHaveCount(1);
    await notice.getByTestId('contest-announcement-close').click();
    await expect(notice).toHaveCount(0);
    await user.reload();
    await expect(user.getByTestId('contest-title')).toHaveText(title);
    await user.getByTestId('contest-tab-announcements').click();
    await expect(user.getByTestId('contest-announcement-item')).toHaveCount(1);
    await expect(notice).toHaveCount(0);
  } finally {
    await ctxRoot.close();
    await ctxUser.close();
  }
});
