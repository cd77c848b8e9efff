// Site administration in a real browser, in both languages, with an admin browser and a user browser side by side:
// an announcement appears on the user's home page live; a notice to the chosen user raises their unread badge live;
// switching the public discussion off closes the user's open discussion page at once (and the menu entry goes);
// the discussion admin pins and disables a discussion; a user's report is resolved in the reports queue.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { adminLogin, expect, headerNavPaths, login, registerUser, saveSwitches, test } from './helpers';
import { startSmtpSink } from '../support/smtp-sink';
import { asRoot, rootPost } from './discussion-steps';

/** Two browsers: root in the admin shell at `adminPath`, and a fresh user (registered now) signed in on the site. */
async function twoBrowsers(browser: Browser, request: APIRequestContext, locale: 'zh-CN' | 'en-US', adminPath: string) {
  const username = `site${locale === 'zh-CN' ? 'z' : 'e'}${Date.now() % 1_000_000}`;
  await registerUser(request, username, 'user-pass-123');
  const adminCtx = await browser.newContext();
  const userCtx = await browser.newContext();
  await userCtx.addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
  const admin = await adminCtx.newPage();
  const user = await userCtx.newPage();
  admin.on('dialog', (d) => void d.accept());
  await adminLogin(admin, locale, adminPath);
  await login(user, username, 'user-pass-123');
  return { username, admin, user, close: async () => (await adminCtx.close(), await userCtx.close()) };
}

const saved = (page: Page, zh: boolean) => expect(page.getByText(zh ? '保存成功' : 'Saved successfully').first()).toBeVisible();

for (const locale of ['zh-CN', 'en-US'] as const) {
  const zh = locale === 'zh-CN';

  test(`announcement, notice and the discussion switch reach the user live (${locale})`, async ({ browser, request }) => {
    const b = await twoBrowsers(browser, request, locale, '/admin/announcement');
    try {
      // An announcement created in the admin shell appears on the user's open home page without a reload.
      await expect(b.user.getByTestId('home-announcements')).toBeVisible();
      const title = `${zh ? '期末考试安排' : 'Final exam'} ${Date.now() % 100000}`;
      await expect(b.admin.getByRole('heading', { name: zh ? '创建公告' : 'Create Announcement' })).toBeVisible();
      await b.admin.getByTestId('announcement-title').fill(title);
      await b.admin.getByTestId('announcement-content').fill('**Room 101**, 9:00');
      await b.admin.getByTestId('announcement-save').click();
      await saved(b.admin, zh);
      await expect(b.admin.getByTestId('announcement-row').filter({ hasText: title })).toBeVisible();
      await expect(b.user.getByTestId('home-announcements')).toContainText(title);
      // Hidden again with the row's visible switch: gone from the home page, live.
      await b.admin.getByTestId('announcement-row').filter({ hasText: title }).getByTestId('announcement-row-visible').click();
      await expect(b.user.getByTestId('home-announcements')).not.toContainText(title);

      // A notice to the chosen user (picked by username search): their unread badge rises live.
      await b.admin.goto('/admin/notice');
      await expect(b.user.getByTestId('message-dot')).toHaveCount(0);
      await b.admin.getByLabel(zh ? '指定用户' : 'Chosen users').check();
      await b.admin.getByTestId('notice-user-search').fill(b.username);
      await b.admin.getByTestId('notice-user-option').filter({ hasText: b.username }).click();
      await expect(b.admin.getByTestId('notice-chosen')).toContainText(b.username);
      await b.admin.getByTestId('notice-title').fill(zh ? '考场变更' : 'Room change');
      await b.admin.getByTestId('notice-content').fill(zh ? '请到 **102** 教室' : 'Please go to room **102**');
      await b.admin.getByTestId('notice-send').click();
      await expect(b.admin.getByText(zh ? '通知发送成功' : 'Notice sent').first()).toBeVisible();
      await expect(b.user.getByTestId('message-dot')).toBeVisible();
      await b.user.getByTestId('message-menu').click();
      await expect(b.user.getByTestId('message-badge-mine')).toHaveText('1');
      await b.user.getByTestId('message-badge-mine').click();
      await expect(b.user.getByTestId('message-item').first()).toContainText(zh ? '考场变更' : 'Room change');

      // Public discussion switched off: the user's open discussion page closes at once, the menu entry goes (the
      // header's entry, in the bar or under More: the page's breadcrumb links to the list too).
      await b.user.goto('/discussion');
      const navPaths = async () => Object.values(await headerNavPaths(b.user)).flat();
      await expect.poll(navPaths).toContain('/discussion');
      await b.admin.goto('/admin/switch');
      await expect(b.admin.getByRole('heading', { name: zh ? '系统开关' : 'System Switches' })).toBeVisible();
      await b.admin.getByTestId('switch-openPublicDiscussion').uncheck();
      await saveSwitches(b.admin, zh);
      await expect(b.user).toHaveURL(/\/(home)?$/);
      await expect(b.user.getByText(zh ? '无权访问：网站当前未开启讨论区' : 'No Access: the discussion area is not open on this site').first()).toBeVisible();
      await expect.poll(navPaths).not.toContain('/discussion');
      // Typing the address does not get around it.
      await b.user.goto('/discussion');
      await expect(b.user).toHaveURL(/\/(home)?$/);

      // And back on: the entry returns live.
      // (saveSwitches waits for the page's reload after the save above: a tick made before it would be undone.)
      await b.admin.getByTestId('switch-openPublicDiscussion').check();
      await saveSwitches(b.admin, zh);
      await expect.poll(navPaths).toContain('/discussion');
    } finally {
      const cur = await asRoot<Record<string, unknown>>(request, 'GET', '/admin/switch/info');
      await asRoot(request, 'PUT', '/admin/switch/update', { ...cur, openPublicDiscussion: true });
      await b.close();
    }
  });

  test(`discussion admin: pin, disable, and a user's report resolved (${locale})`, async ({ browser, request }) => {
    const title = `${zh ? '求助' : 'Help'} ${Date.now() % 100000}`;
    const made = { id: await rootPost(request, title, 'Spam? Maybe.') };
    const b = await twoBrowsers(browser, request, locale, '/admin/discussion');
    try {
      // The user reports the discussion from its page: tags and a reason.
      await b.user.goto(`/discussion-detail/${made.id}`);
      await b.user.getByTestId('discussion-report').click();
      await expect(b.user.getByTestId('report-dialog')).toBeVisible();
      await b.user.getByTestId('report-submit').click();
      await expect(b.user.getByText(zh ? '举报标签和原因不能都为空' : 'The report label and reason cannot be empty').first()).toBeVisible();
      await b.user.getByTestId('report-tag-spam').check();
      await b.user.getByTestId('report-reason').fill(zh ? '广告' : 'advert');
      await b.user.getByTestId('report-submit').click();
      await expect(b.user.getByText(zh ? '举报成功' : 'Reported successfully').first()).toBeVisible();

      // The admin pins it: first in the user's list with the pinned mark.
      const row = b.admin.getByTestId('discussion-admin-row').filter({ hasText: title });
      await expect(row).toBeVisible();
      await row.getByTestId('discussion-pin').click(); // applied by the server, then reloaded
      await expect(row.getByTestId('discussion-pin')).toBeChecked();
      await b.user.goto('/discussion');
      await expect(b.user.getByTestId('discussion-item').first()).toContainText(title);
      await expect(b.user.getByTestId('discussion-item').first().getByTestId('discussion-pinned')).toHaveText(zh ? '置顶' : 'Pinned');

      // Disabled: gone for the user.
      await row.getByTestId('discussion-enabled').click();
      await expect(row.getByTestId('discussion-enabled')).not.toBeChecked();
      await b.user.reload();
      await expect(b.user.getByTestId('discussion-item').filter({ hasText: title })).toHaveCount(0);

      // The reports queue: reporter, tag and reason in the admin's language; resolve.
      await b.admin.getByTestId('discussion-tab-reports').click();
      const report = b.admin.getByTestId('report-row').filter({ hasText: title });
      await expect(report).toContainText(b.username);
      await expect(report).toContainText(zh ? '垃圾广告' : 'Spam ads');
      await expect(report).toContainText(zh ? '广告' : 'advert');
      await report.getByTestId('report-resolve').click();
      await expect(b.admin.getByText(zh ? '已标记为处理' : 'Marked as resolved').first()).toBeVisible();
      await expect(b.admin.getByTestId('report-row').filter({ hasText: title })).toHaveCount(0);
      await b.admin.getByTestId('report-open-only').uncheck();
      await expect(b.admin.getByTestId('report-row').filter({ hasText: title })).toContainText(zh ? '已处理' : 'Resolved');
    } finally {
      await b.close();
    }
  });
}

/** The smallest PNG (1×1), for the carousel upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

for (const locale of ['zh-CN', 'en-US'] as const) {
  const zh = locale === 'zh-CN';

  test(`system config: website name live, SMTP test mail to a local sink and its failure, carousel (${locale})`, async ({ browser, request }) => {
    const sink = await startSmtpSink();
    const before = await asRoot<Record<string, unknown>>(request, 'GET', '/admin/config/get-web-config');
    const b = await twoBrowsers(browser, request, locale, '/admin/conf');
    try {
      // The website name: saved in the admin shell, the user's open page shows it in the footer without a reload.
      const name = `${zh ? '校园评测' : 'Campus OJ'} ${Date.now() % 10000}`;
      await b.admin.getByTestId('conf-name').fill(name);
      await b.admin.getByTestId('conf-web-save').click();
      await saved(b.admin, zh);
      await expect(b.user.getByTestId('footer')).toContainText(name);

      // SMTP: the password is only reported as set; the test mail reaches the sink.
      await b.admin.getByTestId('conf-smtp-host').fill('127.0.0.1');
      await b.admin.getByTestId('conf-smtp-port').fill(String(sink.port));
      await b.admin.getByTestId('conf-smtp-password').fill('smtp-secret');
      await b.admin.getByTestId('conf-smtp-save').click();
      await expect(b.admin.getByTestId('conf-smtp-password-state')).toHaveText(zh ? '（已设置）' : '(set)');
      await expect(b.admin.getByTestId('conf-smtp-password')).toHaveValue('');
      await b.admin.getByTestId('conf-test-to').fill('teacher@example.edu');
      await b.admin.getByTestId('conf-test-send').click();
      await expect(b.admin.getByTestId('conf-test-result')).toHaveText(zh ? '测试邮件已发送至 teacher@example.edu' : 'Test mail sent to teacher@example.edu');
      expect(sink.mails.at(-1)?.to).toEqual(['<teacher@example.edu>']);
      // A port nobody listens on: the SMTP error is shown.
      await b.admin.getByTestId('conf-smtp-port').fill('1');
      await b.admin.getByTestId('conf-smtp-save').click();
      await saved(b.admin, zh);
      await b.admin.getByTestId('conf-test-send').click();
      await expect(b.admin.getByTestId('conf-test-result')).toContainText(zh ? '测试邮件发送失败：' : 'Sending the test mail failed:');
      await expect(b.admin.getByTestId('conf-test-result')).toContainText('ECONNREFUSED');

      // Carousel: an uploaded image replaces the built-in pictures on the home page; deleted, they come back.
      await b.admin.getByTestId('conf-carousel-upload').setInputFiles({ name: 'slide.png', mimeType: 'image/png', buffer: PNG });
      await expect(b.admin.getByTestId('conf-carousel-item')).toHaveCount(1);
      await b.user.goto('/home');
      await expect(b.user.getByTestId('home-carousel').locator('img[src^="/api/public/img/"]').first()).toBeAttached();
      await b.admin.getByTestId('conf-carousel-delete').click();
      await expect(b.admin.getByTestId('conf-carousel-item')).toHaveCount(0);
    } finally {
      await asRoot(request, 'PUT', '/admin/config/set-web-config', before);
      await asRoot(request, 'PUT', '/admin/config/set-email-config', { emailHost: '', emailPort: 587, emailUsername: '', emailSsl: false, emailFrom: '', emailPassword: '' });
      await b.close();
      await sink.stop();
    }
  });
}
