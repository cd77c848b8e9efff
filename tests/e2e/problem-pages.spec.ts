// The student's problem pages in a real browser, in both languages: the list filtered by tags of two
// classifications and difficulty, a random problem, the tick and the counters arriving live after an accepted
// verdict (desktop and phone); the problem page's tabs, editor settings and drafts kept over a reload, the last
// accepted code, a source file upload; and sharing a submission with another user, then unsharing it.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, login, loginAsRoot, registerUser, setCode, template, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';
import { postThroughDialog } from './discussion-steps';

type Env<T> = { status: number; data: T; msg: string };

async function token(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  return res.headers()['authorization']!;
}

async function call<T>(request: APIRequestContext, tok: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: tok }, ...(data !== undefined && { data }) });
  const body = (await res.json()) as Env<T>;
  expect(body.status, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** Two classifications with a tag each, and a public A+B problem carrying both tags (difficulty Mid). */
async function taggedProblem(request: APIRequestContext, suffix: string): Promise<{ problemId: string; tags: number[] }> {
  const root = await token(request, 'root', E2E_ADMIN_PASSWORD);
  const tags: number[] = [];
  for (const name of ['Graphs', 'Strings']) {
    const cls = await call<{ id: number }>(request, root, 'POST', '/admin/tag/classification', { name: `${name} ${suffix}`, oj: 'ME' });
    const tag = await call<{ id: number }>(request, root, 'POST', '/admin/tag', { name: `${name.toLowerCase()}-${suffix}`, oj: 'ME', tcid: cls.id });
    tags.push(tag.id);
  }
  const problemId = `E2E-T-${suffix}`;
  await call(request, root, 'POST', '/admin/problem', {
    problem: {
      problemId, title: `Tagged ${suffix}`, description: 'Add.', input: 'Two.', output: 'Sum.', timeLimit: 1000, memoryLimit: 256, stackLimit: 128,
      difficulty: 1, auth: 1, type: 0, codeShare: true, examples: [{ input: '1 2', output: '3' }], isRemoveEndBlank: true, openCaseResult: true,
      userExtraFile: { 'notes.txt': 'annex text' },
    },
    samples: [{ input: '1 2\n', output: '3\n' }, { input: '5 6\n', output: '11\n' }],
    isUploadTestCase: false, judgeMode: 'default', languages: [{ name: 'C' }, { name: 'C++' }], tags: [{ name: `graphs-${suffix}` }, { name: `strings-${suffix}` }], codeTemplates: [],
  });
  return { problemId, tags };
}

async function editorText(page: Page): Promise<string> {
  return page.locator('.cm-content').first().innerText();
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  const zh = locale === 'zh-CN';

  test(`problem list: two classifications' tags, difficulty, random, live tick and counters (${locale})`, async ({ browser, request }) => {
    const suffix = `${locale.slice(0, 2)}${Date.now() % 100000}`;
    const { problemId, tags } = await taggedProblem(request, suffix);
    const user = `lst${suffix}`;
    await registerUser(request, user, 'list-pass-123');
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const ctx = await browser.newContext({ viewport });
      await ctx.addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
      const page = await ctx.newPage();
      try {
        await login(page, user, 'list-pass-123');
        await page.goto('/problem');
        for (const id of tags) await page.locator(`[data-testid="tag-filter"][data-tag-id="${id}"]`).click();
        await expect(page.getByTestId('problem-row')).toHaveCount(1);
        await expect(page.getByTestId('problem-row')).toHaveAttribute('data-problem-id', problemId);
        await page.getByTestId('difficulty-filter').selectOption('0');
        await expect(page.getByTestId('problem-row')).toHaveCount(0);
        await page.getByTestId('difficulty-filter').selectOption('1');
        const row = page.locator(`[data-testid="problem-row"][data-problem-id="${problemId}"]`);
        await expect(row).toBeVisible();
        if (viewport.width > 500) {
          await expect(row.getByTestId('my-status')).toHaveCount(0);
          // An accepted verdict ticks the row and bumps its counters without a reload.
          const tok = await token(request, user, 'list-pass-123');
          await call(request, tok, 'POST', '/submit-problem-judge', { pid: problemId, language: 'C', code: template('C'), cid: 0 });
          await expect(row.getByTestId('my-status')).toHaveAttribute('data-status', 'ac', { timeout: 60_000 });
          await row.getByTestId('pass-rate').hover();
          await expect(row.getByTestId('pass-rate-ac')).toHaveText('1');
          await expect(row.getByTestId('pass-rate-value')).toHaveText('100.00%');
        } else {
          await expect(row.getByTestId('my-status')).toHaveAttribute('data-status', 'ac');
        }
        await page.getByTestId('problem-reset').click();
        await expect(page.getByTestId('problem-row').first()).toBeVisible();
        await page.getByTestId('problem-random').click();
        await expect(page).toHaveURL(/\/problem\/[^/?]+$/);
        await expect(page.getByTestId('code-editor')).toBeVisible();
      } finally {
        await ctx.close();
      }
    }
  });

  test(`problem page: tabs, settings and drafts over a reload, last accepted code, upload, share (${locale})`, async ({ browser, request }) => {
    const suffix = `${locale.slice(0, 2)}${Date.now() % 100000}`;
    const { problemId } = await taggedProblem(request, suffix);
    const owner = `own${suffix}`;
    const other = `oth${suffix}`;
    await registerUser(request, owner, 'owner-pass-123');
    await registerUser(request, other, 'other-pass-123');
    const ctx = await browser.newContext();
    await ctx.addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
    const page = await ctx.newPage();
    page.on('dialog', (d) => void d.accept());
    try {
      await login(page, owner, 'owner-pass-123');
      await page.goto(`/problem/${problemId}`);
      await page.getByTestId('language-select').selectOption('C');
      // The editor's own words are in the page's language (a Chinese page's fold gutter said "Fold line").
      await expect(page.locator(`.cm-foldGutter [title="${zh ? '折叠此段' : 'Fold line'}"]`).first()).toBeVisible();
      if (zh) await expect(page.locator('.cm-foldGutter [title="Fold line"], .cm-foldGutter [title="Unfold line"]')).toHaveCount(0);

      // The split between statement and editor moves with the keyboard and keeps its minimums.
      const leftWidth = async () => (await page.getByTestId('split-left').boundingBox())!.width;
      const before = await leftWidth();
      await page.getByTestId('split-handle').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(leftWidth).toBeGreaterThan(before + 30);
      for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
      await expect.poll(leftWidth).toBeGreaterThanOrEqual(419);
      expect(await leftWidth()).toBeLessThan(430);

      // Settings: dark theme and 18 px, still there after a reload.
      await page.getByTestId('editor-settings').click();
      await page.getByTestId('editor-theme').selectOption('dark');
      await page.getByTestId('editor-font-size').selectOption('18');
      await expect(page.getByTestId('code-editor')).toHaveAttribute('data-theme', 'dark');

      // Drafts per language: C keeps its draft while C++ has its own.
      await setCode(page, '/* my C draft */');
      await page.getByTestId('language-select').selectOption('C++');
      await setCode(page, '// my C++ draft');
      await page.reload();
      await expect(page.getByTestId('code-editor')).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByTestId('code-editor')).toHaveAttribute('data-font-size', '18');
      await expect.poll(() => editorText(page)).toContain('my C++ draft');
      await page.getByTestId('language-select').selectOption('C');
      await expect.poll(() => editorText(page)).toContain('my C draft');

      // Upload a source file, submit it, and find it in My Submission.
      await page.getByTestId('editor-upload-file').setInputFiles({ name: 'sum.c', mimeType: 'text/plain', buffer: Buffer.from(template('C')) });
      await expect.poll(() => editorText(page)).toContain('scanf');
      await page.getByTestId('submit-code').click();
      await expect(page.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 60_000 });
      await page.getByTestId('problem-tab-mine').click();
      await expect(page.getByTestId('my-submission-row')).toHaveCount(1);
      await page.getByTestId('problem-tab-annex').click();
      await expect(page.getByTestId('annex')).toContainText('annex text');
      await page.getByTestId('problem-tab-description').click();

      // The statistic pie counts the accepted submission.
      await page.reload();
      await page.getByTestId('problem-statistic').click();
      await expect(page.getByTestId('statistic-ac')).toContainText('1');
      await page.keyboard.press('Escape');

      // The last accepted code comes back into the editor.
      await setCode(page, '/* scratch */');
      await page.getByTestId('editor-last-ac').click();
      await expect.poll(() => editorText(page)).toContain('scanf');

      // Share the submission: another user reads the code; unshared, they no longer do.
      await page.getByTestId('problem-tab-mine').click();
      const submitHref = await page.getByTestId('my-submission-row').locator('a').first().getAttribute('href');
      await page.goto(submitHref!);
      await page.getByTestId('submission-share').click();
      await expect(page.getByTestId('submission-share')).toHaveAttribute('data-shared', 'true');
      await expect(page.getByTestId('toast').filter({ hasText: zh ? '分享成功' : 'Shared successfully' })).toBeVisible();
      const ctx2 = await browser.newContext();
      const page2 = await ctx2.newPage();
      try {
        await login(page2, other, 'other-pass-123');
        await page2.goto(submitHref!);
        await expect(page2.getByTestId('submission-code')).toContainText('scanf');
        await expect(page2.getByTestId('submission-share')).toHaveCount(0);
        await page.getByTestId('submission-share').click();
        await expect(page.getByTestId('submission-share')).toHaveAttribute('data-shared', 'false');
        await page2.reload();
        await expect(page2.getByTestId('status-row')).toBeVisible();
        await expect(page2.getByTestId('submission-code')).toHaveCount(0);
      } finally {
        await ctx2.close();
      }
    } finally {
      await ctx.close();
    }
  });
}

// Issue 13, point 8 (defects 7 and 9): the list's filter bar fits a phone in English; toasts never cover the
// header's controls or the editor's toolbar.
for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`the problem page links to the problem's discussions, where a new one is about the problem (${locale})`, async ({ page }) => {
    const zh = locale === 'zh-CN';
    await page.context().addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
    await loginAsRoot(page);
    await page.goto('/problem/1000');
    await page.getByTestId('problem-discussion-link').click();
    await expect(page).toHaveURL(/\/discussion\/1000$/);
    await expect(page.getByTestId('discussion-problem')).toHaveText(zh ? '题目 1000 的讨论' : 'Discussions of problem 1000');
    const title = `About 1000 ${locale} ${Date.now() % 100000}`;
    await postThroughDialog(page, { title, description: 'Input', content: 'How do I read two numbers?' });
    // Titled with the problem id.
    await expect(page.getByTestId('discussion-heading')).toHaveText(`[1000] ${title}`);
    await page.goto('/discussion/1000');
    await expect(page.getByTestId('discussion-item').filter({ hasText: title })).toBeVisible();
    // Another problem's discussions do not list it.
    await page.goto('/discussion/1001');
    await expect(page.getByTestId('discussion-list')).toBeVisible();
    await expect(page.getByTestId('discussion-item').filter({ hasText: title })).toHaveCount(0);
  });
}

test('on a phone in English the problem list filters, Reset included, stay inside the screen @i13', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 740 } });
  try {
    const page = await ctx.newPage();
    await page.goto('/problem?l=en-US');
    const reset = page.getByTestId('problem-reset');
    await expect(reset).toHaveText('Reset');
    for (const id of ['problem-reset', 'problem-random', 'problem-keyword', 'difficulty-filter']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.x, id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, id).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    await ctx.close();
  }
});

for (const [width, height] of [
  [1280, 800],
  [375, 740],
] as const) {
  test(`toasts stay clear of the header's controls and the editor's toolbar (${width} px) @i13`, async ({ browser, request }) => {
    const user = `toast${width}${Date.now() % 100000}`;
    await registerUser(request, user, 'toast-pass-1');
    const ctx = await browser.newContext({ viewport: { width, height } });
    try {
      const page = await ctx.newPage();
      await login(page, user, 'toast-pass-1');
      await page.goto('/problem/1000?l=en-US');
      // A new user has no accepted code: an info toast.
      await page.getByTestId('editor-last-ac').click();
      const toast = page.getByTestId('toast').first();
      await expect(toast).toBeVisible();
      const t = (await toast.boundingBox())!;
      const controls = ['user-menu', 'message-menu', 'language-select', 'editor-last-ac', 'editor-upload', 'editor-settings', 'editor-reset', 'submit-code'];
      for (const id of controls) {
        const el = page.getByTestId(id);
        if (!(await el.isVisible())) continue;
        const b = (await el.boundingBox())!;
        const overlap = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
        expect(overlap, `toast over ${id}`).toBe(false);
      }
      const header = (await page.getByTestId('site-header').boundingBox())!;
      expect(t.y).toBeGreaterThanOrEqual(header.y + header.height);
    } finally {
      await ctx.close();
    }
  });
}
