// Groups in a real browser, in both languages: a teacher creates a private group (the form's rules first), a student
// applies with the code and a reason while the teacher's member table is open (the application arrives live), the
// teacher accepts (the student's screen turns into a member's without a reload), creates a group problem (the bank's
// form with the short-name prefix) and an announcement (it appears on the student's home tab live); the student
// solves the problem inside the group; the teacher uploads a cropped avatar, applies the problem for public and a
// super admin approves it; hidden, the group is invisible to a student of another group, on every route.
import type { Page } from '@playwright/test';
import { adminLogin, expect, registerUser, setCode, template, test } from './helpers';
import { GROUP_PASSWORD, signedIn, tokenOf } from './group-helpers';

const PASSWORD = GROUP_PASSWORD;

/** A PNG drawn in the page: `w`×`h` pixels, a gradient (so the crop has something to keep). */
async function picture(page: Page, w: number, h: number): Promise<Buffer> {
  const b64 = await page.evaluate(
    async ([width, height]) => {
      const c = document.createElement('canvas');
      c.width = width;
      c.height = height;
      const ctx = c.getContext('2d')!;
      const g = ctx.createLinearGradient(0, 0, width, height);
      g.addColorStop(0, '#1d4ed8');
      g.addColorStop(1, '#f59e0b');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, width, height);
      return c.toDataURL('image/png').split(',')[1]!;
    },
    [w, h] as const,
  );
  return Buffer.from(b64, 'base64');
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a teacher runs a private group; a student joins it live and solves its problem (${locale})`, async ({ page, browser, request }) => {
    test.setTimeout(360_000);
    const zh = locale === 'zh-CN';
    const n = `${locale === 'zh-CN' ? 'z' : 'e'}${Date.now() % 100000}`;
    const [teacher, student, outsider] = [`gt_${n}`, `gs_${n}`, `go_${n}`];
    for (const u of [teacher, student, outsider]) await registerUser(request, u, PASSWORD);

    // Logged out: the list is there, My Group is disabled, Create asks for a login.
    await page.context().addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
    await page.goto('/group');
    await expect(page.getByTestId('group-only-mine')).toBeDisabled();
    await expect(page.locator('nav select option')).toHaveText(['9', '15', '30', '60', '120'].map((s) => (zh ? `${s} 条/页` : `${s} / page`)));
    await page.getByTestId('group-create').click();
    await expect(page.getByText(zh ? '请先登录' : 'Please login first').first()).toBeVisible();

    // The teacher creates a private group: an empty form names the first missing field.
    const t = await signedIn(browser, teacher, locale);
    await t.goto('/group');
    await t.getByTestId('group-create').click();
    const dialog = t.getByTestId('group-create-dialog');
    await dialog.getByTestId('group-form-submit').click();
    await expect(t.getByText(zh ? '团队名称不能为空' : 'The group name is required')).toBeVisible();
    const name = `Algorithms class ${n}`;
    const shortName = `ac${n}`.slice(0, 10);
    await dialog.getByTestId('group-form-name').fill(name);
    await dialog.getByTestId('group-form-short-name').fill(shortName);
    await dialog.getByTestId('group-form-brief').fill('Weekly problems for the class');
    await dialog.getByTestId('group-form-auth').selectOption('3');
    await dialog.getByTestId('group-form-code').fill('Ab3');
    await dialog.getByTestId('group-form-description').fill('Welcome to the **algorithms** class.');
    await dialog.getByTestId('group-form-submit').click();
    await expect(t.getByText(zh ? '团队邀请码不能为空且长度应为 6' : 'The invitation code is required and must be 6 characters long')).toBeVisible();
    await dialog.getByTestId('group-form-code').fill('Ab3xY9');
    await dialog.getByTestId('group-form-submit').click();
    await expect(t.getByTestId('group-shell')).toBeVisible();
    const gid = Number(await t.getByTestId('group-shell').getAttribute('data-gid'));
    await expect(t.getByTestId('group-side-name')).toHaveText(name);
    await expect(t.getByTestId('group-side-card').getByTestId('group-auth-tag')).toHaveText(zh ? '私有' : 'Private');
    await expect(t.getByTestId('group-description').locator('strong')).toHaveText('algorithms');
    await expect(t.getByTestId('group-action')).toHaveAttribute('data-action', 'disband');

    // The teacher keeps the member table open.
    await t.getByTestId('group-tab-member').click();
    await t.getByTestId('group-members-admin-view').click();
    await expect(t.getByTestId('group-member-admin-row')).toHaveCount(1);

    // The student finds the group and applies: the 400 px dialog checks the code, then sends.
    const s = await signedIn(browser, student, locale);
    await s.goto(`/group?keyword=${encodeURIComponent(n)}`);
    await expect(s.getByTestId('group-card')).toHaveCount(1);
    await s.getByTestId('group-open').click();
    await expect(s.getByTestId('group-tab-problem')).toHaveAttribute('aria-disabled', 'true');
    await s.getByTestId('group-apply').click();
    const apply = s.getByTestId('group-apply-dialog');
    expect((await apply.boundingBox())?.width).toBe(400);
    await apply.getByTestId('group-apply-code').fill('Ab3');
    await apply.getByTestId('group-apply-reason').fill('I am in the algorithms class');
    await apply.getByTestId('group-apply-submit').click();
    await expect(s.getByText(zh ? '团队邀请码不能为空且长度应为 6' : 'The invitation code is required and must be 6 characters long')).toBeVisible();
    await apply.getByTestId('group-apply-code').fill('Ab3xY9');
    await apply.getByTestId('group-apply-submit').click();
    await expect(s.getByTestId('group-action')).toHaveAttribute('data-action', 'applying');

    // The application arrives in the teacher's table without a reload; accepting it changes the student's screen.
    const studentRow = t.locator(`[data-testid="group-member-admin-row"][data-username="${student}"]`);
    await expect(studentRow).toHaveAttribute('data-auth', '1');
    await s.evaluate(() => ((window as unknown as { __stay: number }).__stay = 1));
    await studentRow.getByTestId('group-member-auth').selectOption('3');
    await expect(t.getByText(zh ? '更新成功' : 'Update Successfully').first()).toBeVisible();
    await expect(s.getByTestId('group-action')).toHaveAttribute('data-action', 'exit');
    await expect(s.getByTestId('group-tab-problem')).not.toHaveAttribute('aria-disabled', 'true');
    expect(await s.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(1);

    // The teacher creates a group problem with the bank's form: the short name is the display id's prefix.
    await t.getByTestId('group-tab-problem').click();
    await t.getByTestId('group-problem-create').click();
    await expect(t.getByTestId('problem-form-prefix')).toHaveText(shortName);
    await t.getByTestId('problem-form-problem-id').fill('P1');
    await t.getByTestId('problem-form-title').fill(`A plus B ${n}`);
    await t.getByTestId('problem-form-input').locator('textarea').fill('Two integers a and b.');
    await t.getByTestId('problem-form-output').locator('textarea').fill('Their sum.');
    await t.getByTestId('problem-form-cases-manual').check();
    const caseRow = t.getByTestId('problem-form-case-row').first();
    await caseRow.locator('textarea').nth(0).fill('20 22\n');
    await caseRow.locator('textarea').nth(1).fill('42\n');
    await t.getByTestId('problem-form-save').click();
    const problemId = `${shortName}P1`;
    await expect(t.locator(`[data-testid="group-problem-admin-row"][data-problem-id="${problemId}"]`)).toBeVisible({ timeout: 30_000 });

    // An announcement: it shows on the student's home tab without a reload.
    await s.getByTestId('group-tab-home').click();
    await expect(s.getByTestId('group-announcements-empty')).toBeVisible();
    await t.getByTestId('group-tab-announcement').click();
    await t.getByTestId('group-announcement-create').click();
    await t.getByTestId('group-announcement-title').fill(`Week 1 ${n}`);
    await t.getByTestId('group-announcement-content').fill('Solve **A plus B**.');
    await t.getByTestId('group-announcement-save').click();
    await expect(t.getByTestId('group-announcement-row')).toHaveCount(1);
    await expect(s.getByTestId('group-announcement-item')).toHaveText(new RegExp(`Week 1 ${n}`));
    await s.getByTestId('group-announcement-item').click();
    await expect(s.getByTestId('group-announcement-detail').locator('strong')).toHaveText('A plus B');

    // The student solves the problem inside the group.
    await s.getByTestId('group-tab-problem').click();
    await s.locator(`[data-testid="group-problem-row"][data-problem-id="${problemId}"]`).click();
    await expect(s.getByTestId('group-problem-page')).toBeVisible();
    await s.getByTestId('language-select').selectOption('C');
    await setCode(s, template('C'));
    await s.getByTestId('submit-code').click();
    await expect(s.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 120_000 });
    await s.getByTestId('group-problem-fullscreen').click();
    await expect(s.getByTestId('group-problem-full-screen')).toBeVisible();

    // The setting: a picture cropped to 200×200 becomes the avatar; the group goes hidden.
    await t.getByTestId('group-tab-setting').click();
    await t.getByTestId('avatar-file').setInputFiles({ name: 'class.png', mimeType: 'image/png', buffer: await picture(t, 400, 300) });
    await t.getByTestId('avatar-zoom').fill('1.5');
    await t.getByTestId('avatar-upload').click();
    await expect(t.getByText(zh ? '头像上传成功' : 'Upload Avatar Successfully')).toBeVisible();
    const avatar = t.getByTestId('group-side-card').getByTestId('group-avatar');
    await expect(avatar).toHaveAttribute('src', /^\/api\/public\/img\/[0-9a-f]{24}\.png$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`)).toBe('200x200');
    await t.getByTestId('group-form-visible').uncheck();
    await t.getByTestId('group-setting-save').click();
    await expect(t.getByTestId('group-side-card').getByTestId('group-hidden-tag')).toBeVisible();

    // The problem applies for public; a super admin approves it in the admin shell, and it is in the public bank.
    await t.getByTestId('group-tab-problem').click();
    await t.getByTestId('group-problem-admin-toggle').click();
    const row = t.locator(`[data-testid="group-problem-admin-row"][data-problem-id="${problemId}"]`);
    await row.getByTestId('group-problem-apply').click();
    await expect(row.getByTestId('group-problem-cancel-apply')).toBeVisible();
    const rootContext = await browser.newContext();
    const admin = await rootContext.newPage();
    await adminLogin(admin, locale, '/admin/group-problem/apply');
    const applyRow = admin.locator(`[data-testid="group-apply-row"][data-problem-id="${problemId}"]`);
    await expect(applyRow).toHaveAttribute('data-progress', '1');
    admin.on('dialog', (d) => void d.accept());
    await applyRow.getByTestId('group-apply-approve').click();
    await expect(applyRow).toHaveAttribute('data-progress', '2');
    await admin.goto(`/problem/${problemId}`);
    await expect(admin.getByTestId('problem-title')).toContainText(`A plus B ${n}`);
    await rootContext.close();

    // A student of another group: the hidden group is not in the list, its page and every route refuse it.
    const outsiderToken = await tokenOf(request, outsider);
    // Their own group's name is too long for its card: it scrolls.
    const otherName = `算法竞赛训练算法竞赛训练算法竞赛训练${n}`;
    const other = await request.post('/api/group', { headers: { authorization: outsiderToken }, data: { name: otherName, shortName: `ot${n}`.slice(0, 10), brief: 'another group', description: 'another group here', auth: 1 } });
    expect((await other.json()).status).toBe(200);
    const o = await signedIn(browser, outsider, locale);
    await o.goto(`/group?keyword=${encodeURIComponent(n)}`);
    await expect(o.getByTestId('group-card')).toHaveCount(1);
    await expect(o.getByTestId('group-card')).toContainText(otherName);
    await expect(o.getByTestId('group-card').getByTestId('group-name')).toHaveAttribute('data-moving', 'true');
    await o.goto(`/group/${gid}`);
    await expect(o.getByTestId('group-load-failed')).toContainText(zh ? '该团队不存在，或您无权查看' : 'The group does not exist, or you may not see it');
    await o.goto(`/group/${gid}/problem/${problemId}`);
    await expect(o.getByTestId('group-load-failed')).toBeVisible();
    for (const url of [`/api/get-group-detail?gid=${gid}`, `/api/group/get-member-list?gid=${gid}`, `/api/group/get-announcement-list?gid=${gid}`, `/api/group/get-problem-list?gid=${gid}`, `/api/get-group-auth?gid=${gid}`]) {
      const body = await (await request.get(url, { headers: { authorization: outsiderToken } })).json();
      expect(body.code, url).toBe('GROUP_NOT_FOUND');
    }
    const apply2 = await request.post(`/api/group/member?gid=${gid}&code=Ab3xY9&reason=${encodeURIComponent('let me in please')}`, { headers: { authorization: outsiderToken } });
    expect((await apply2.json()).code).toBe('GROUP_NOT_FOUND');
    for (const p of [t, s, o]) await p.context().close();
  });
}
