// Discussions end to end (issue 18, items 6–12), in both languages, with three browsers side by side: a student, another
// student and the super admin. The AC gate refuses the new account with the configured count; then the student posts
// on a problem through the full-screen dialog; the other student cannot edit it (no Edit, and the server refuses),
// likes it and reports it, and comments: the comment and the like count reach the author's open page live; the super
// admin pins it (the pinned mark reaches the page live); the author edits it (category locked) and deletes it (the
// other student's open page finds it gone). The super admin keeps the categories from the side panel; old links are
// sent on to the new paths; the help page explains discussions.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, login, loginAsRoot, registerUser, test } from './helpers';
import { asRoot, postThroughDialog, setSwitches } from './discussion-steps';

async function browserAs(browser: Browser, locale: string, signIn: (page: Page) => Promise<void>): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext();
  await ctx.addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
  const page = await ctx.newPage();
  page.on('dialog', (d) => void d.accept());
  await signIn(page);
  return { ctx, page };
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  const zh = locale === 'zh-CN';
  const T = {
    gate: zh ? '您需要先通过至少 3 道题目' : 'You need to solve at least 3 problems first',
    required: zh ? '描述不能为空' : 'Description is required',
    like: zh ? '点赞' : 'Like',
    liked: zh ? '已点赞' : 'Liked',
    likes: (n: number) => (zh ? `${n} 点赞` : `${n} likes`),
    reportEmpty: zh ? '举报标签和原因不能都为空' : 'The report label and reason cannot be empty',
    reported: zh ? '举报成功' : 'Reported successfully',
    pinned: zh ? '置顶' : 'Pinned',
    editForbidden: zh ? '只有作者可以编辑该讨论' : 'Only the author can edit this discussion',
  };

  test(`a discussion on a problem: gate, post, like, report, live comment, pin, author-only edit, delete (${locale})`, async ({ browser, request }) => {
    const stamp = Date.now() % 1_000_000;
    const [alice, bob] = [`dA${locale.slice(3)}${stamp}`, `dB${locale.slice(3)}${stamp}`];
    await registerUser(request, alice, 'alice-pass-1');
    await registerUser(request, bob, 'bob-pass-12');
    const a = await browserAs(browser, locale, (p) => login(p, alice, 'alice-pass-1'));
    const b = await browserAs(browser, locale, (p) => login(p, bob, 'bob-pass-12'));
    const r = await browserAs(browser, locale, loginAsRoot);
    const before = await setSwitches(request, { defaultCreateDiscussionACInitValue: 3 });
    try {
      // The AC gate (set to 3 by the admin) refuses the new account with that count.
      await a.page.goto('/problem/1000');
      await a.page.getByTestId('problem-discussion-link').click();
      await expect(a.page).toHaveURL(/\/discussion\/1000$/);
      await a.page.getByTestId('discussion-post').click();
      const dialog = a.page.getByTestId('discussion-dialog');
      await dialog.getByTestId('discussion-form-title').fill('How to read input');
      // The form's own check first: the description is required.
      await dialog.getByTestId('discussion-form-submit').click();
      await expect(a.page.getByTestId('toast').filter({ hasText: T.required })).toBeVisible();
      await dialog.getByTestId('discussion-form-description').fill('Reading two numbers');
      await dialog.getByTestId('discussion-form-category').selectOption({ index: 1 });
      await dialog.getByTestId('discussion-form-content').locator('textarea').fill('How do I **read** two numbers?');
      await dialog.getByTestId('discussion-form-submit').click();
      await expect(a.page.getByTestId('toast').filter({ hasText: T.gate })).toBeVisible();
      await a.page.keyboard.press('Escape');

      // Gate off: the post goes through the dialog, titled with the problem id.
      await setSwitches(request, { defaultCreateDiscussionACInitValue: 0 });
      await a.page.goto('/discussion/1000');
      const title = `Read input ${locale} ${stamp}`;
      const did = await postThroughDialog(a.page, { title, description: 'Reading two numbers', content: 'How do I **read** two numbers?\n\n', image: 'input.png' });
      await expect(a.page.getByTestId('discussion-heading')).toHaveText(`[1000] ${title}`);
      await expect(a.page.getByTestId('discussion-body').locator('strong')).toHaveText('read');
      // The image uploaded in the editor is in the sanitised body, served by the site.
      const img = a.page.getByTestId('discussion-body').locator('img');
      await expect(img).toHaveAttribute('src', /^\/api\/public\/img\/[0-9a-f]+\.png$/);
      expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
      await expect(a.page.getByTestId('discussion-go-problem')).toHaveAttribute('href', '/problem/1000');
      await expect(a.page.getByTestId('discussion-edit')).toBeVisible();

      // The other student: no Edit, and the server refuses an edit all the same.
      await b.page.goto(`/discussion-detail/${did}`);
      await expect(b.page.getByTestId('discussion-heading')).toHaveText(`[1000] ${title}`);
      await expect(b.page.getByTestId('discussion-edit')).toHaveCount(0);
      await expect(b.page.getByTestId('discussion-delete')).toHaveCount(0);
      const refused = await b.page.evaluate(async (id) => {
        const csrf = /(?:^|; )oj_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
        const res = await fetch('/api/discussion', { method: 'PUT', headers: { 'content-type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf) }, body: JSON.stringify({ id, title: 'Hijacked', description: 'x', content: 'x' }) });
        return (await res.json()) as { code: string; msg: string };
      }, did);
      expect(refused).toMatchObject({ code: 'DISCUSSION_EDIT_FORBIDDEN', msg: T.editForbidden });

      // Like: Liked, and the count reaches the author's open page live.
      await expect(b.page.getByTestId('discussion-like')).toContainText(T.like);
      // The thumb is drawn, not an emoji (an empty box on a machine without an emoji font).
      await expect(b.page.getByTestId('discussion-like').locator('svg')).toHaveCount(1);
      await expect(b.page.getByTestId('discussion-like')).not.toContainText('👍');
      await b.page.getByTestId('discussion-like').click();
      await expect(b.page.getByTestId('discussion-like')).toContainText(T.liked);
      await expect(a.page.getByTestId('discussion-likes')).toHaveText(T.likes(1));

      // Report: empty is refused with the spec's message, then a tag and a reason.
      await b.page.getByTestId('discussion-report').click();
      await b.page.getByTestId('report-submit').click();
      await expect(b.page.getByTestId('toast').filter({ hasText: T.reportEmpty })).toBeVisible();
      await b.page.getByTestId('report-tag-spam').check();
      await b.page.getByTestId('report-reason').fill('advert');
      await b.page.getByTestId('report-submit').click();
      await expect(b.page.getByTestId('toast').filter({ hasText: T.reported })).toBeVisible();

      // A comment from the second browser appears on the author's page without a reload; root's carries SPA.
      await b.page.getByTestId('comment-input').fill(`Use scanf ${stamp}`);
      await b.page.getByTestId('comment-submit').click();
      await expect(a.page.getByTestId('comment-item').filter({ hasText: `Use scanf ${stamp}` })).toBeVisible();
      await r.page.goto(`/discussion-detail/${did}`);
      await r.page.getByTestId('comment-input').fill('Root says hi');
      await r.page.getByTestId('comment-submit').click();
      await expect(a.page.getByTestId('comment-item').filter({ hasText: 'Root says hi' }).getByTestId('role-badge')).toHaveText('SPA');

      // The super admin pins it from the post: the mark reaches the author's page live, and the list shows it first.
      await r.page.getByTestId('discussion-pin').click(); // applied by the server, then shown
      await expect(r.page.getByTestId('discussion-pin')).toBeChecked();
      await expect(a.page.getByTestId('discussion-pinned')).toHaveText(T.pinned);
      await b.page.goto('/discussion');
      await expect(b.page.getByTestId('discussion-item').first()).toContainText(title);
      await expect(b.page.getByTestId('discussion-item').first().getByTestId('discussion-pinned')).toHaveText(T.pinned);

      // The author edits it: the category is locked; the new title reaches the other student's page live.
      await b.page.goto(`/discussion-detail/${did}`);
      await a.page.getByTestId('discussion-edit').click();
      const edit = a.page.getByTestId('discussion-dialog');
      await expect(edit.getByTestId('discussion-form-category')).toBeDisabled();
      await expect(edit.getByTestId('discussion-form-title')).toHaveValue(title);
      await edit.getByTestId('discussion-form-title').fill(`${title} (solved)`);
      await edit.getByTestId('discussion-form-submit').click();
      await expect(a.page.getByTestId('discussion-heading')).toHaveText(`[1000] ${title} (solved)`);
      await expect(b.page.getByTestId('discussion-heading')).toHaveText(`[1000] ${title} (solved)`);

      // The author deletes it from the list's menu; the other student's open page finds it gone.
      await a.page.goto('/discussion/1000');
      const card = a.page.getByTestId('discussion-item').filter({ hasText: title });
      await card.getByTestId('discussion-menu').click();
      await card.getByTestId('discussion-delete').click();
      await expect(a.page.getByTestId('discussion-item').filter({ hasText: title })).toHaveCount(0);
      await expect(b.page.getByTestId('not-found')).toBeVisible();
      expect((await asRoot<{ records: { id: number }[] }>(request, 'GET', '/get-discussion-list?limit=100')).records.map((x) => x.id)).not.toContain(did);
    } finally {
      await setSwitches(request, before);
      for (const x of [a, b, r]) await x.ctx.close();
    }
  });

  test(`the super admin keeps the categories from the side panel; old links lead on (${locale})`, async ({ page }) => {
    await page.context().addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
    page.on('dialog', (d) => void d.accept());
    await loginAsRoot(page);
    await page.goto('/discussion');
    const name = `E2E ${locale} ${Date.now() % 100000}`;
    await page.getByTestId('category-edit').click();
    await page.getByTestId('category-add').click();
    await page.getByTestId('category-name').last().fill(name);
    await page.getByTestId('category-save').click();
    await expect(page.getByTestId('category-item').filter({ hasText: name })).toBeVisible();
    // Renamed, then removed.
    await page.getByTestId('category-edit').click();
    await page.getByTestId('category-name').last().fill(`${name} renamed`);
    await page.getByTestId('category-save').click();
    await expect(page.getByTestId('category-item').filter({ hasText: `${name} renamed` })).toBeVisible();
    await page.getByTestId('category-edit').click();
    await page.getByTestId('category-remove').last().click();
    await page.getByTestId('category-save').click();
    await expect(page.getByTestId('category-item').filter({ hasText: name })).toHaveCount(0);

    // A post in a category, found by the category filter and by Mine.
    const title = `Category post ${locale} ${Date.now() % 100000}`;
    const did = await postThroughDialog(page, { title, description: 'Filters', content: 'Body' });
    const category = (await page.getByTestId('discussion-category').textContent())!.trim();
    await page.getByTestId('discussion-category').click();
    await expect(page).toHaveURL(/\/discussion\?cid=\d+$/);
    await expect(page.getByTestId('discussion-item').filter({ hasText: title })).toBeVisible();
    await expect(page.getByTestId('category-item').filter({ hasText: category })).toHaveClass(/bg-blue-50/);
    await page.getByTestId('discussion-mine').click();
    await expect(page).toHaveURL(/onlyMine=true/);
    await expect(page.getByTestId('discussion-item').filter({ hasText: title })).toBeVisible();

    // Old links: a post's /discussion/<id> and a problem's /discussion?pid=.
    await page.goto(`/discussion/${did}`);
    await expect(page).toHaveURL(new RegExp(`/discussion-detail/${did}$`));
    await expect(page.getByTestId('discussion-heading')).toHaveText(title);
    await page.goto('/discussion?pid=1000');
    await expect(page).toHaveURL(/\/discussion\/1000$/);
    await expect(page.getByTestId('discussion-problem')).toBeVisible();

    // The help page says how discussions work.
    await page.goto('/help');
    await expect(page.getByTestId('help-discussion')).toContainText(zh ? '只有作者可以编辑自己的讨论' : 'Only the author may edit a post');
  });
}
