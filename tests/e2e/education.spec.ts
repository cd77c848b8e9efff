// Education end to end, in both languages: a teacher (root, in the admin shell) creates a grade and a class, imports
// 30 students from a CSV into the class's live student list, creates a course, allocates the class, opens the invite
// dialog (QR code of the invite link); a student opens the invite link on a phone-sized browser, joins, and sees the
// course and its chapters; the teacher's student list shows the new student without a reload (class:<id>).
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';
import { api, apiLogin } from './contest-fixtures';

type Locale = 'zh-CN' | 'en-US';
const T = {
  'zh-CN': { allocated: '分配保存成功', joined: '已加入该课程', students30: '共 30 名学生', students31: '共 31 名学生', invalid: '无效的邀请链接', login: '请先登录' },
  'en-US': { allocated: 'Allocation saved successfully', joined: 'You have joined this course', students30: '30 students', students31: '31 students', invalid: 'Invalid invite link', login: 'Please login first' },
} as const;

async function contextIn(browser: Browser, locale: Locale, phone = false): Promise<BrowserContext> {
  const ctx = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  await ctx.addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
  return ctx;
}

async function adminLoginIn(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByTestId('login-username').fill('root');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('admin-layout')).toBeVisible();
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a teacher sets up a class and a course, a student joins from the invite link on a phone (${locale})`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const t = T[locale];
    const suffix = `${locale === 'zh-CN' ? 'z' : 'e'}${Date.now().toString(36).slice(-5)}`;
    const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
    // 30 accounts for the class and one more who joins by the invite link.
    const pupils = Array.from({ length: 30 }, (_, i) => `p${suffix}${String(i).padStart(2, '0')}`);
    const joiner = `j${suffix}`;
    await api(request, root.token, 'POST', '/admin/user/insert-batch-user', { users: [...pupils, joiner].map((u) => [u, `${u}-pass`, `${u}@example.com`]) });

    const teacherCtx = await contextIn(browser, locale);
    const teacher = await teacherCtx.newPage();
    teacher.on('dialog', (d) => void d.accept());
    await adminLoginIn(teacher);

    // A grade and a class.
    await teacher.goto('/admin/grades');
    await teacher.getByTestId('edu-grade-name').fill(`Grade ${suffix}`);
    await teacher.getByTestId('edu-grade-add').click();
    await teacher.getByRole('link', { name: `Grade ${suffix}` }).click();
    await expect(teacher).toHaveURL(/\/admin\/grades\/\d+$/);
    await teacher.getByTestId('edu-class-name').fill(`Class ${suffix}`);
    await teacher.getByTestId('edu-class-add').click();
    await teacher.getByRole('link', { name: `Class ${suffix}` }).click();
    await expect(teacher.getByTestId('edu-class-title')).toContainText(`Class ${suffix}`);

    // 30 students from a CSV (a header row and the username first).
    const csv = ['username,realname', ...pupils.map((u, i) => `${u},Student ${i}`)].join('\n');
    await teacher.getByTestId('edu-students-csv').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(teacher.getByTestId('edu-students-total')).toHaveText(t.students30);
    await expect(teacher.getByTestId('edu-student-row')).toHaveCount(10);
    const classUrl = teacher.url();

    // A course, allocated to the class.
    await teacher.goto('/admin/course');
    await teacher.getByTestId('edu-course-create').click();
    await teacher.getByTestId('edu-course-title').fill(`Course ${suffix}`);
    await teacher.getByTestId('edu-course-description').fill('Loops, arrays and recursion');
    await teacher.getByTestId('edu-course-save').click();
    const card = teacher.getByTestId('edu-course-card').filter({ hasText: `Course ${suffix}` });
    await card.getByTestId('edu-course-allocate').click();
    await teacher.getByTestId('edu-allocate-available').getByText(`Class ${suffix}`).click();
    await teacher.getByTestId('edu-allocate-save').click();
    await expect(teacher.getByTestId('toast').filter({ hasText: t.allocated })).toBeVisible();

    // A chapter with a markdown resource.
    await card.getByRole('link', { name: `Course ${suffix}` }).click();
    await teacher.getByTestId('edu-chapter-title').fill('Chapter one');
    await teacher.getByTestId('edu-chapter-add').click();
    await teacher.getByTestId('edu-resource-title').fill('Welcome notes');
    await teacher.getByTestId('edu-resource-value').fill('# Welcome');
    await teacher.getByTestId('edu-resource-add').click();
    await expect(teacher.getByTestId('edu-resource')).toContainText('Welcome notes');

    // The invite dialog: the QR code encodes the invite link shown beside it.
    await teacher.goto('/admin/course');
    await teacher.getByTestId('edu-course-card').filter({ hasText: `Course ${suffix}` }).getByTestId('edu-course-invite').click();
    const qr = teacher.getByTestId('edu-invite-qr');
    await expect(qr).toBeVisible();
    const link = (await teacher.getByTestId('edu-invite-link').textContent())!;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/courses\/\d+\/invite\?inviteCode=[A-Za-z2-9]{10}$/);
    expect(await qr.getAttribute('data-link')).toBe(link);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await teacher.goto(classUrl);
    await expect(teacher.getByTestId('edu-students-total')).toHaveText(t.students30);

    // A student on a phone: a broken link first, then the real one; log in, join, see the course.
    const phoneCtx = await contextIn(browser, locale, true);
    const phone = await phoneCtx.newPage();
    await phone.goto(link.replace(/inviteCode=.*/, ''));
    await expect(phone.getByTestId('course-invite-error')).toHaveText(t.invalid);
    await phone.goto(link);
    await expect(phone.getByTestId('course-invite-login')).toBeVisible();
    await phone.getByTestId('course-invite-login').click();
    await phone.getByTestId('login-username').fill(joiner);
    await phone.getByTestId('login-password').fill(`${joiner}-pass`);
    await phone.getByTestId('login-submit').click();
    await expect(phone.getByTestId('course-invite-title')).toHaveText(`Course ${suffix}`);
    await phone.getByTestId('course-invite-join').click();
    await expect(phone.getByTestId('course-invite-joined')).toHaveText(t.joined);

    // The teacher's list grew without a reload.
    await expect(teacher.getByTestId('edu-students-total')).toHaveText(t.students31);

    await phone.getByTestId('course-invite-open').click();
    await expect(phone.getByTestId('course-detail-title')).toHaveText(`Course ${suffix}`);
    await expect(phone.getByTestId('course-chapter')).toContainText('Chapter one');
    await expect(phone.getByTestId('course-resource')).toContainText('Welcome notes');
    await phone.goto('/course');
    await expect(phone.getByTestId('course-card').filter({ hasText: `Course ${suffix}` })).toBeVisible();
    await phoneCtx.close();
    await teacherCtx.close();
  });

  test(`a visitor at /course is asked to log in, with no failed load (${locale})`, async ({ browser }) => {
    const ctx = await contextIn(browser, locale);
    const page = await ctx.newPage();
    const failed: string[] = [];
    page.on('response', (r) => void (r.url().includes('/api/') && r.status() >= 400 && failed.push(r.url())));
    await page.goto('/course');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('login-prompt')).toHaveText(T[locale].login);
    await expect(page.getByTestId('login-username')).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    expect(failed).toEqual([]);
    await ctx.close();
  });
}
