// Trainings end to end, in both languages: root administers them in the admin shell (the alert that leads to category
// admin while there is no category, categories, the form's checks, problems by id and from the public bank with their
// rank, the visible switch, delete); a student finds a private training, joins it with its password, solves its problem
// and sees their progress bar move, while the rank changes live in a second browser; real names only for the
// training's admin.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { api, apiLogin, registerUser, type Account } from './contest-fixtures';
import { expect, login, setCode, template, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

type Locale = 'zh-CN' | 'en-US';
const PASSWORD = 'train-hard-7';

const TEXT = {
  'zh-CN': { titleRequired: '标题是必填项', enterPassword: '请输入训练密码', registered: '注册训练成功', loginFirst: '请先登录', realname: '真实姓名' },
  'en-US': { titleRequired: 'Title is required', enterPassword: 'Enter the training password', registered: 'Register training successfully', loginFirst: 'Please login first', realname: 'Real name' },
} as const;

async function contextIn(browser: Browser, locale: Locale): Promise<BrowserContext> {
  const ctx = await browser.newContext();
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

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

for (const locale of ['zh-CN', 'en-US'] as const) {
  const t = TEXT[locale];

  test(`training admin pages: categories, form, problems, visibility, delete (${locale})`, async ({ browser }) => {
    const suffix = `${locale}-${Date.now() % 100000}`;
    const ctx = await contextIn(browser, locale);
    const page = await ctx.newPage();
    page.on('dialog', (d) => void d.accept());
    try {
      await adminLoginIn(page);
      // No category yet: the form says so and leads to the category admin.
      await page.getByRole('link', { name: locale === 'zh-CN' ? '创建训练' : 'Create Training' }).first().click();
      await expect(page.getByTestId('admin-training-form')).toBeVisible();
      await expect(page.getByTestId('training-no-category-alert')).toBeVisible();
      await page.getByTestId('training-go-category').click();
      await expect(page).toHaveURL(/\/admin\/training\/category$/);
      await page.getByTestId('admin-training-category-new-name').fill(`Cat ${suffix}`);
      await page.getByTestId('admin-training-category-add').click();
      await expect(page.getByTestId('admin-training-category-row').filter({ hasText: `Cat ${suffix}` })).toHaveCount(1);
      const categoryId = await page.getByTestId('admin-training-category-row').filter({ hasText: `Cat ${suffix}` }).getAttribute('data-category-id');
      const catRow = page.locator(`[data-testid="admin-training-category-row"][data-category-id="${categoryId}"]`);
      await catRow.getByTestId('admin-training-category-name').fill(`Category ${suffix}`);
      await catRow.getByTestId('admin-training-category-save').click();
      await expect(page.getByTestId('admin-training-category-row').filter({ hasText: `Category ${suffix}` })).toHaveCount(1);

      // The form: checked before saving, then created.
      await page.goto('/admin/training/create');
      await expect(page.getByTestId('training-no-category-alert')).toHaveCount(0);
      await page.getByTestId('training-form-save').click();
      await expect(toast(page, t.titleRequired)).toBeVisible();
      await page.getByTestId('training-form-rank').fill('2147483648');
      await page.getByTestId('training-form-title').fill(`Admin training ${suffix}`);
      await page.getByTestId('training-form-description').locator('textarea').fill('## Plan\n\nSolve **everything**.');
      await page.getByTestId('training-form-category').selectOption({ label: `Category ${suffix}` });
      await page.getByTestId('training-form-save').click();
      await expect(page.getByTestId('toast').last()).toContainText('2147483647');
      await page.getByTestId('training-form-rank').fill('2147483647');
      await page.getByTestId('training-form-auth-Private').check();
      await page.getByTestId('training-form-save').click();
      await expect(page.getByTestId('toast').last()).toContainText(locale === 'zh-CN' ? '密码是必填项' : 'Password is required');
      await page.getByTestId('training-form-password').fill(PASSWORD);
      await page.getByTestId('training-form-save').click();
      await expect(page.getByTestId('admin-training-problems-page')).toBeVisible();
      const tid = Number(/\/admin\/training\/(\d+)\/problems/.exec(page.url())?.[1]);
      expect(tid).toBeGreaterThan(0);

      // Problems: by display id, and from the public bank (sizes 10/30/50/100, keyword search).
      await page.getByTestId('admin-training-add-id').fill('1000');
      await page.getByTestId('admin-training-add-id-submit').click();
      await expect(page.getByTestId('admin-training-problem-row')).toHaveCount(1);
      await page.getByTestId('admin-training-add-public').click();
      const dialog = page.getByTestId('admin-training-add-dialog');
      await expect(dialog.locator('select option')).toHaveText(locale === 'zh-CN' ? ['10 条/页', '30 条/页', '50 条/页', '100 条/页'] : ['10 / page', '30 / page', '50 / page', '100 / page']);
      await expect(dialog.locator('[data-testid="admin-training-add-row"][data-problem-id="1000"]')).toHaveCount(0);
      await dialog.getByTestId('admin-training-add-keyword').fill('1001');
      await dialog.getByRole('button', { name: locale === 'zh-CN' ? '搜索' : 'Search' }).click();
      const row1001 = dialog.locator('[data-testid="admin-training-add-row"][data-problem-id="1001"]');
      await row1001.getByTestId('admin-training-add-problem').click();
      await expect(row1001).toHaveCount(0);
      await page.getByTestId('admin-training-add-close').click();
      const rows = page.getByTestId('admin-training-problem-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toHaveAttribute('data-problem-id', '1000');
      // Rank numbers order the list.
      const r1001 = page.locator('[data-testid="admin-training-problem-row"][data-problem-id="1001"]');
      await r1001.getByTestId('admin-training-problem-rank').fill('0');
      await r1001.getByTestId('admin-training-problem-save').click();
      await expect(rows.first()).toHaveAttribute('data-problem-id', '1001');
      await r1001.getByTestId('admin-training-problem-remove').click();
      await expect(rows).toHaveCount(1);

      // The list: the visible switch hides it from the public list.
      await page.goto('/admin/training');
      const listRow = page.locator(`[data-testid="admin-training-row"][data-tid="${tid}"]`);
      await expect(listRow).toContainText(`Admin training ${suffix}`);
      await expect(listRow.getByTestId('training-auth')).toHaveAttribute('data-auth', 'Private');
      await listRow.getByTestId('admin-training-visible').click();
      await expect(listRow.getByTestId('admin-training-visible')).toHaveAttribute('aria-checked', 'false');
      const pub = await page.request.get(`/api/get-training-list?keyword=${encodeURIComponent(`Admin training ${suffix}`)}`);
      expect((await pub.json()).data.total).toBe(0);
      // Edit keeps the password when left blank.
      await listRow.getByTestId('admin-training-edit').click();
      await expect(page.getByTestId('training-form-title')).toHaveValue(`Admin training ${suffix}`);
      await page.getByTestId('training-form-title').fill(`Edited training ${suffix}`);
      // The problem list's save just showed the same toast: wait for this save's own answer before leaving the page.
      const updated = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/admin/training');
      await page.getByTestId('training-form-save').click();
      expect((await (await updated).json()).status).toBe(200);
      await expect(toast(page, locale === 'zh-CN' ? '修改成功' : 'Update Successfully')).toBeVisible();
      await page.goto('/admin/training');
      await expect(listRow).toContainText(`Edited training ${suffix}`);

      // Delete (super admin), then the category it used; the next run starts without categories again.
      await listRow.getByTestId('admin-training-delete').click();
      await expect(listRow).toHaveCount(0);
      await page.goto('/admin/training/category');
      await catRow.getByTestId('admin-training-category-delete').click();
      await expect(page.getByTestId('admin-training-category-row')).toHaveCount(0);
    } finally {
      await ctx.close();
    }
  });

  test(`a student joins a private training with its password, solves it, and the rank follows live (${locale})`, async ({ browser, request }) => {
    // Three browsers, a registration, a judged submission and live pushes: the other multi-actor specs' 240 s.
    test.setTimeout(240_000);
    const suffix = Date.now() % 100000;
    const title = `Live training ${locale} ${suffix}`;
    const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
    const student: Account = await registerUser(request, root.token, `stu${suffix}`);
    const watcher: Account = await registerUser(request, root.token, `obs${suffix}`);
    await api(request, student.token, 'POST', '/change-userInfo', { realname: `Real ${suffix}`, gender: 'female' });
    const category = await api<{ id: number }>(request, root.token, 'POST', '/admin/training/category', { name: `Live ${suffix}`, color: '#e6a23c' });
    const { tid } = await api<{ tid: number }>(request, root.token, 'POST', '/admin/training', {
      training: { title, description: 'Welcome to **the** training.', auth: 'Private', privatePwd: PASSWORD, rank: 1 },
      trainingCategory: { id: category.id },
    });
    await api(request, root.token, 'POST', '/admin/training/add-problem-from-public', { tid, displayId: '1000' });
    await api(request, watcher.token, 'POST', '/register-training', { tid, password: PASSWORD });

    const ctxStudent = await contextIn(browser, locale);
    const ctxWatcher = await contextIn(browser, locale);
    const ctxRoot = await contextIn(browser, locale);
    try {
      // Logged out: the list shows no progress, and opening a training asks for a login.
      const anon = await ctxStudent.newPage();
      await anon.goto('/training');
      const item = anon.locator(`[data-testid="training-row"][data-tid="${tid}"]`);
      await expect(item).toContainText(title);
      await expect(item.getByTestId('training-progress')).toHaveCount(0);
      await item.getByTestId('training-open').click();
      await expect(toast(anon, t.loginFirst)).toBeVisible();
      await expect(anon.getByTestId('login-username')).toBeVisible();

      // The student logs in, finds it (progress 0/1 in the list) and registers with the password.
      const me = anon;
      await login(me, student.username, student.password);
      await me.goto('/training');
      await expect(item.getByTestId('training-progress')).toHaveAttribute('data-ac', '0');
      await item.getByTestId('training-open').click();
      await expect(me.getByTestId('training-title')).toHaveText(title);
      await expect(me.getByTestId('training-tab-problems')).toHaveAttribute('aria-disabled', 'true');
      await expect(me.getByTestId('training-tab-rank')).toHaveAttribute('aria-disabled', 'true');
      await expect(me.getByTestId('training-description').locator('strong')).toHaveText('the');
      await me.getByTestId('training-register').click();
      await expect(toast(me, t.enterPassword)).toBeVisible();
      await me.getByTestId('training-password-input').fill('wrong');
      await me.getByTestId('training-register').click();
      await expect(me.getByTestId('training-password-card')).toBeVisible();
      await me.getByTestId('training-password-input').fill(PASSWORD);
      await me.getByTestId('training-register').click();
      await expect(toast(me, t.registered)).toBeVisible();
      await expect(me.getByTestId('training-password-card')).toHaveCount(0);
      const bar = me.getByTestId('training-shell').getByTestId('training-progress');
      await expect(bar).toHaveAttribute('data-ac', '0');
      await expect(bar).toHaveAttribute('data-total', '1');

      // A second browser watches the rank: the student has joined, no real names for a member.
      const other = await ctxWatcher.newPage();
      await login(other, watcher.username, watcher.password);
      await other.goto(`/training/${tid}/rank`);
      const studentRow = other.locator(`[data-testid="training-rank-row"][data-uid="${student.uid}"]`);
      await expect(studentRow).toBeVisible();
      await expect(studentRow.getByTestId('training-rank-ac')).toHaveText('0');
      await expect(studentRow.getByTestId('training-rank-girl')).toBeVisible();
      await expect(other.getByTestId('training-rank-realname-head')).toHaveCount(0);
      await expect(other.getByText(`Real ${suffix}`)).toHaveCount(0);
      await expect(other.locator(`[data-testid="training-rank-row"][data-uid="${watcher.uid}"]`).getByTestId('training-rank-own')).toBeVisible();

      // The training's admin (its author, root) sees the real name.
      const admin = await ctxRoot.newPage();
      await login(admin, 'root', E2E_ADMIN_PASSWORD);
      await admin.goto(`/training/${tid}/rank`);
      await expect(admin.getByTestId('training-rank-realname-head')).toHaveText(t.realname);
      await expect(admin.locator(`[data-testid="training-rank-row"][data-uid="${student.uid}"]`).getByTestId('training-rank-realname')).toHaveText(`Real ${suffix}`);

      // The student solves the problem inside the training.
      await me.getByTestId('training-tab-problems').click();
      const problemRow = me.locator('[data-testid="training-problem-row"][data-problem-id="1000"]');
      await expect(problemRow.getByTestId('training-my-status')).toHaveCount(0);
      await problemRow.click();
      await expect(me).toHaveURL(new RegExp(`/training/${tid}/problem/1000$`));
      await me.getByTestId('language-select').selectOption('C');
      await setCode(me, template('C'));
      await me.getByTestId('submit-code').click();
      await expect(me.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 60_000 });
      // Progress moves without a reload, by push (the fallback poll would take 30 s): 1/1, the last colour step.
      await expect(bar).toHaveAttribute('data-ac', '1', { timeout: 10_000 });
      await expect(bar).toHaveAttribute('data-color', '#5cb87a');

      // …and so does the rank in the other browser, cell and all.
      await expect(studentRow.getByTestId('training-rank-ac')).toHaveText('1', { timeout: 10_000 });
      await expect(studentRow.getByTestId('training-rank-cell')).toHaveAttribute('data-status', '0');
      await expect(studentRow.getByTestId('training-rank-number')).toHaveText('1');
      await expect(studentRow.getByTestId('training-rank-ac')).toHaveAttribute('href', `/status?username=${student.username}&status=0`);

      // Focus mode: the full-screen page with the training's problem bar, the solved problem marked.
      await me.getByTestId('training-problem-fullscreen').click();
      await expect(me.getByTestId('training-problem-full-screen')).toBeVisible();
      const barItem = me.getByTestId('training-problem-bar-item').filter({ hasText: '1000' });
      await expect(barItem).toHaveAttribute('aria-current', 'page');
      await expect(barItem.getByTestId('training-my-status')).toHaveAttribute('data-status', 'ac');
      await expect(me.getByTestId('user-menu')).toHaveCount(0);

      // The help page says how trainings work.
      await me.goto('/help');
      await expect(me.getByTestId('help-training')).toContainText(locale === 'zh-CN' ? '训练密码' : 'password');
    } finally {
      await ctxStudent.close();
      await ctxWatcher.close();
      await ctxRoot.close();
      // The admin test of the next language starts without categories.
      await api(request, root.token, 'DELETE', `/admin/training?tid=${tid}`);
      await api(request, root.token, 'DELETE', `/admin/training/category?cid=${category.id}`);
    }
  });
}
