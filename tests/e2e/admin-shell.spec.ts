// The admin shell in a real browser, in both languages: the guards send a visitor to /admin/login with the admin
// prompt, a non-admin account is refused there (and gets no token), root lands in the shell with its own side menu
// and no site navigation, unknown admin paths go back to the login, and the shell works on a phone (drawer). Then
// the problem list: search, filters, the auth select, the live judging-queue column, test-data download, rejudge
// and delete; and the tag page with a duplicate refused.
import type { APIRequestContext } from '@playwright/test';
import { adminLogin, expect, registerUser, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

const LOOP_C = '#include <stdio.h>\nint main() { volatile unsigned long x = 0; for (;;) x++; return 0; }\n';

async function rootToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { username: 'root', password: E2E_ADMIN_PASSWORD } });
  return res.headers()['authorization']!;
}

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: token }, ...(data !== undefined && { data }) });
  const body = (await res.json()) as { status: number; data: T; msg: string };
  expect(body.status, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A public problem with a 1 s limit and three manual cases (a looping program keeps a runner busy ~3 s). */
async function createProblem(request: APIRequestContext, token: string, problemId: string): Promise<number> {
  const cases = [1, 2, 3].map((i) => ({ input: `${i} ${i}\n`, output: `${2 * i}\n` }));
  const made = await call<{ pid: number }>(request, token, 'POST', '/admin/problem', {
    problem: {
      problemId, title: `Queue ${problemId}`, description: 'Add.', input: 'Two.', output: 'Sum.', timeLimit: 1000, memoryLimit: 256, stackLimit: 128,
      difficulty: 1, auth: 1, type: 0, codeShare: true, examples: [{ input: '1 1', output: '2' }], isRemoveEndBlank: true, openCaseResult: true,
    },
    samples: cases, isUploadTestCase: false, judgeMode: 'default', judgeCaseMode: 'ergodic_without_error', languages: [{ name: 'C' }], tags: [], codeTemplates: [],
  });
  return made.pid;
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  const zh = locale === 'zh-CN';

  test(`admin guards and login: visitors and non-admins are turned away (${locale})`, async ({ page, request }) => {
    const name = `plain${locale.slice(0, 2)}${Date.now() % 100000}`;
    await registerUser(request, name, 'plain-pass-123');

    // A visitor asking for an admin page lands on the admin login with the prompt.
    await page.goto(`/admin/problems?l=${locale}`);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByTestId('admin-login-required')).toHaveText(zh ? '请先使用管理员账号登录' : 'Please login first by admin account');
    await expect(page.getByTestId('site-header')).toHaveCount(0);

    // A normal account is refused with the spec's message and gets no token.
    await page.getByTestId('login-username').fill(name);
    await page.getByTestId('login-password').fill('plain-pass-123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('toast').filter({ hasText: zh ? '对不起！您并非管理员！' : 'Sorry! You are not an administrator!' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('oj_token');

    // Root passes and is taken to the page asked for first.
    await page.getByTestId('login-username').fill('root');
    await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/admin\/problems\?l=/);
    await expect(page.getByTestId('admin-menu')).toContainText(zh ? '题目列表' : 'Problem List');
    await expect(page.getByTestId('admin-menu')).toContainText(zh ? '比赛列表' : 'Contest List');
    await expect(page.getByTestId('site-header')).toHaveCount(0);

    // The contest admin pages live in the shell too.
    await page.getByTestId('admin-menu-contest').click();
    await expect(page.getByTestId('admin-contest-create')).toBeVisible();
    await expect(page.getByTestId('admin-layout')).toBeVisible();

    // Any other admin path goes to the admin login, which sends a signed-in admin on.
    await page.goto('/admin/no-such-page');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // Logging out of the shell leaves the admin area.
    await page.getByTestId('admin-logout').click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin/contest');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test(`a problem admin reaches the problem bank and nothing else (${locale})`, async ({ page, request }) => {
    const name = `padm${locale.slice(0, 2)}${Date.now() % 100000}`;
    await registerUser(request, name, 'padm-pass-123');
    const rootLogin = await request.post('/api/login', { data: { username: 'root', password: E2E_ADMIN_PASSWORD } });
    const rootToken = rootLogin.headers()['authorization']!;
    const users = (await (await request.get(`/api/admin/user/get-user-list?keyword=${name}&limit=10&currentPage=1`, { headers: { authorization: rootToken } })).json()) as {
      data: { records: { uid: string; username: string }[] };
    };
    const uid = users.data.records.find((u) => u.username === name)!.uid;
    const edit = await request.put('/api/admin/user/edit-user', { headers: { authorization: rootToken }, data: { uid, username: name, type: 1008, status: 0 } });
    expect((await edit.json()).status).toBe(200);

    await page.context().addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
    await page.goto('/admin/login');
    await page.getByTestId('login-username').fill(name);
    await page.getByTestId('login-password').fill('padm-pass-123');
    await page.getByTestId('login-submit').click();
    // Lands on the problem bank; the menu offers nothing else.
    await expect(page).toHaveURL(/\/admin\/problems$/);
    const menu = page.getByTestId('admin-menu');
    await expect(menu).toContainText(zh ? '题目列表' : 'Problem List');
    for (const item of ['admin-menu-dashboard', 'admin-menu-contest', 'admin-menu-discussion', 'admin-menu-user']) await expect(menu.getByTestId(item)).toHaveCount(0);
    // A typed address is turned back too, and the server refuses the calls behind it.
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/problems$/);
    await expect(page.getByTestId('toast').filter({ hasText: zh ? '题目管理员仅可访问题库管理' : 'Problem admins can open the problem bank only' })).toBeVisible();
    // The page's own session (its cookies, with the CSRF proof the page sends).
    const csrf = (await page.context().cookies()).find((c) => c.name === 'oj_csrf')!.value;
    for (const path of ['/api/admin/dashboard/get-dashboard-info', '/api/admin/contest/get-contest-list?currentPage=1&limit=10', '/api/admin/discussion?currentPage=1&limit=10']) {
      const body = (await (await page.context().request.get(path, { headers: { 'x-csrf-token': csrf } })).json()) as { status: number };
      expect(body.status, path).toBe(403);
    }
  });

  test(`admin shell on a phone: the menu is a drawer (${locale})`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    try {
      await adminLogin(page, locale);
      await expect(page.getByTestId('admin-menu')).toBeHidden();
      await page.getByTestId('admin-drawer-open').click();
      const drawer = page.getByTestId('admin-drawer');
      await expect(drawer).toBeVisible();
      await drawer.getByTestId('admin-menu-problem-tag').click();
      await expect(page).toHaveURL(/\/admin\/problem\/tag$/);
      await expect(drawer).toBeHidden();
      await expect(page.getByTestId('admin-tag-table')).toBeVisible();
      // Nothing overflows sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Wide tables scroll inside their card, not the page (the dashboard's live panels and the role, announcement,
      // notice and discussion tables did).
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('dashboard-runners')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.goto('/admin/role');
      await expect(page.getByTestId('role-row').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.goto('/admin/announcement');
      await expect(page.getByTestId('announcement-row').first()).toBeVisible(); // the first start's welcome
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      for (const table of ['notice-table', 'discussion-admin-table']) {
        await page.goto(`/admin/${table.split('-')[0]}`);
        await expect(page.getByTestId(table)).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), table).toBeLessThanOrEqual(390);
      }
    } finally {
      await ctx.close();
    }
  });

  test(`problem admin list: filters, auth, live queue, download, rejudge, delete (${locale})`, async ({ page, request }) => {
    const token = await rootToken(request);
    const problemId = `E2E-Q-${locale}-${Date.now() % 100000}`;
    const pid = await createProblem(request, token, problemId);
    page.on('dialog', (d) => void d.accept());
    await adminLogin(page, locale);

    // Search and filters narrow the list to the new problem.
    await page.getByTestId('admin-problem-keyword').fill(problemId);
    await page.getByTestId('admin-problem-keyword').press('Enter');
    const row = page.locator(`[data-testid="admin-problem-row"][data-pid="${pid}"]`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId('admin-problem-row')).toHaveCount(1);
    await page.getByTestId('admin-problem-filter-difficulty').selectOption('0');
    await expect(page.getByTestId('admin-problem-row')).toHaveCount(0);
    await page.getByTestId('admin-problem-filter-difficulty').selectOption('1');
    await page.getByTestId('admin-problem-filter-type').selectOption('0');
    await expect(row).toBeVisible();

    // The auth select is saved.
    await row.getByTestId('admin-problem-auth').selectOption('2');
    await expect(page.getByTestId('toast').filter({ hasText: zh ? '修改成功' : 'Update Successfully' })).toBeVisible();
    await page.reload();
    await page.getByTestId('admin-problem-keyword').fill(problemId);
    await page.getByTestId('admin-problem-keyword').press('Enter');
    await expect(row.getByTestId('admin-problem-auth')).toHaveValue('2');

    // Looping programs fill the problem's queue; the column follows it live and empties again.
    await expect(row.getByTestId('admin-problem-queue')).toHaveText(zh ? '空闲' : 'Idle');
    for (let i = 0; i < 3; i++) await call(request, token, 'POST', '/submit-problem-judge', { pid: problemId, language: 'C', code: LOOP_C });
    await expect(row.getByTestId('admin-problem-queue')).toHaveText(zh ? /等待 \d+ · 评测中 \d+/ : /\d+ waiting · \d+ judging/);
    await expect(row.getByTestId('admin-problem-queue')).toHaveText(zh ? '空闲' : 'Idle', { timeout: 60_000 });

    // Test data comes down as a zip.
    const download = page.waitForEvent('download');
    await row.getByTestId('admin-problem-download').click();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);

    await row.getByTestId('admin-problem-rejudge').click();
    await expect(page.getByTestId('toast').filter({ hasText: zh ? '重判成功' : 'Rejudge successfully' })).toBeVisible();

    // Delete (the confirmation names what goes with it) removes the problem.
    let confirmText = '';
    page.removeAllListeners('dialog');
    page.on('dialog', (d) => {
      confirmText = d.message();
      void d.accept();
    });
    await row.getByTestId('admin-problem-delete').click();
    await expect(row).toHaveCount(0);
    expect(confirmText).toContain(problemId);
    expect(confirmText).toContain(zh ? '提交' : 'submissions');
    const gone = await (await request.get(`/api/admin/problem?pid=${pid}`, { headers: { authorization: token } })).json();
    expect(gone.status).toBe(404);
  });

  test(`tags and classifications, duplicate refused (${locale})`, async ({ page }) => {
    page.on('dialog', (d) => void d.accept());
    await adminLogin(page, locale, '/admin/problem/tag');
    const suffix = `${locale}-${Date.now() % 100000}`;
    await page.getByTestId('admin-class-name').fill(`Graphs ${suffix}`);
    await page.getByTestId('admin-class-save').click();
    await expect(page.getByTestId('admin-class-item').filter({ hasText: `Graphs ${suffix}` })).toBeVisible();

    await page.getByTestId('admin-tag-name').fill(`dijkstra-${suffix}`);
    await page.getByTestId('admin-tag-class').selectOption({ label: `Graphs ${suffix}` });
    await page.getByTestId('admin-tag-save').click();
    const tagRow = page.getByTestId('admin-tag-row').filter({ hasText: `dijkstra-${suffix}` });
    await expect(tagRow).toContainText(`Graphs ${suffix}`);
    await expect(page.getByTestId('admin-tag-name')).toHaveValue('');

    await page.getByTestId('admin-tag-name').fill(`dijkstra-${suffix}`);
    await page.getByTestId('admin-tag-save').click();
    await expect(page.getByTestId('toast').filter({ hasText: zh ? '添加标签失败' : 'Add Tag Error' })).toBeVisible();
    await expect(page.getByTestId('admin-tag-row').filter({ hasText: `dijkstra-${suffix}` })).toHaveCount(1);

    await tagRow.getByTestId('admin-tag-delete').click();
    await expect(tagRow).toHaveCount(0);
  });
}
