// The contest admin finished (issue 13, point 7) in a real browser, in both languages: adding from the public bank
// with the suggested display id (a taken one refused with the catalogue's message) and a balloon colour; a problem
// of the contest's own made and edited with the problem form inside the contest (not in the public bank); the
// accepted code as a zip split by problem; the ranklist as XLSX and CSV; and the clone, hidden.
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { readZip } from '@oj/services';
import { api, apiLogin, createContest, registerUser, solve } from './contest-fixtures';
import { adminLogin, expect, template, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

const ZIP_LIMITS = { entries: 1000, fileBytes: 1 << 22, totalBytes: 1 << 24 };

async function saved(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const waiting = page.waitForEvent('download');
  await click();
  const d: Download = await waiting;
  return { name: d.suggestedFilename(), body: await readFile((await d.path())!) };
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  const zh = locale === 'zh-CN';

  test(`contest admin: add from the bank, own problems in the contest, AC code zip, rank XLSX/CSV, clone (${locale})`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const suffix = `${locale.slice(0, 2)}${Date.now() % 100000}`;
    const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
    // A running contest whose A is problem 1000; a contestant solves it.
    const title = `Contest admin ${suffix}`;
    const cid = await createContest(request, root.token, title);
    const solver = await registerUser(request, root.token, `casolve${suffix}`);
    expect(await solve(request, solver, cid, template('C'))).toBe(0);
    const submitId = (await api<{ records: { submitId: number; username: string }[] }>(request, root.token, 'GET', `/contest-submissions?contestID=${cid}&currentPage=1&limit=10`)).records.find(
      (r) => r.username === solver.username,
    )!.submitId;

    page.on('dialog', (d) => void d.accept());
    // The submission's page (reached from the dashboard's latest verdicts) links its problem inside the contest.
    await adminLogin(page, locale, `/submission-detail/${submitId}`);
    await expect(page.getByTestId('submission-problem-link')).toHaveAttribute('href', `/contest/${cid}/problem/A`);
    await page.getByTestId('submission-problem-link').click();
    await expect(page.getByTestId('contest-title')).toHaveText(title);
    await page.goto(`/admin/contest/${cid}/problems`);
    await expect(page.getByTestId('admin-contest-problem-row')).toHaveCount(1);

    // Add from the bank: the next free letter is suggested; a taken one is refused before anything is sent.
    await page.getByTestId('admin-add-from-public').click();
    const dialog = page.getByTestId('admin-add-dialog');
    const first = dialog.getByTestId('admin-add-row').first();
    await expect(first.getByTestId('admin-add-display-id')).toHaveValue('B');
    await first.getByTestId('admin-add-display-id').fill('a');
    await first.getByTestId('admin-add-problem').click();
    await expect(page.getByTestId('toast').filter({ hasText: zh ? '该比赛中已存在展示 ID a' : 'The display id a is already used in this contest' })).toBeVisible();
    const added = (await first.getAttribute('data-problem-id'))!;
    await first.getByTestId('admin-add-display-id').fill('B');
    await dialog.getByTestId('admin-add-color').fill('#ff8800');
    await first.getByTestId('admin-add-problem').click();
    await expect(page.locator('[data-testid="admin-contest-problem-row"][data-display-id="B"]')).toContainText(added);
    await dialog.getByTestId('admin-add-close').click();

    // A problem of the contest's own, made with the problem form inside the contest.
    await page.getByTestId('admin-contest-problem-create').click();
    await expect(page).toHaveURL(new RegExp(`/admin/contest/${cid}/problem/create$`));
    await expect(page.getByTestId('contest-place-display-id')).toHaveValue('C');
    await expect(page.getByTestId('problem-form-auth')).toHaveValue('3');
    const problemId = `CA-${suffix}`;
    await page.getByTestId('problem-form-save').click();
    await expect(page.getByTestId('toast').first()).toBeVisible();
    await page.getByTestId('contest-place-display-title').fill('Own apples');
    await page.getByTestId('contest-place-color').fill('#00aa00');
    await page.getByTestId('problem-form-problem-id').fill(problemId);
    await page.getByTestId('problem-form-title').fill(`Apples ${suffix}`);
    await page.getByTestId('problem-form-description').locator('textarea').fill('Count the apples.');
    await page.getByTestId('problem-form-input').locator('textarea').fill('Two integers.');
    await page.getByTestId('problem-form-output').locator('textarea').fill('Their sum.');
    await page.getByTestId('problem-form-cases-manual').check();
    const caseRow = page.getByTestId('problem-form-case-row').first();
    await caseRow.locator('textarea').nth(0).fill('1 2\n');
    await caseRow.locator('textarea').nth(1).fill('3\n');
    await page.getByTestId('problem-form-save').click();
    await expect(page).toHaveURL(new RegExp(`/admin/contest/${cid}/problems$`));
    const own = page.locator('[data-testid="admin-contest-problem-row"][data-display-id="C"]');
    await expect(own).toContainText(problemId);
    await expect(own.getByTestId('admin-problem-display-title')).toHaveValue('Own apples');
    // Not in the public bank (a contestant's view of the list; admins see every problem there).
    expect((await api<{ records: unknown[] }>(request, solver.token, 'GET', `/get-problem-list?keyword=${problemId}&limit=10`)).records).toEqual([]);

    // Edit it in the contest: a new display id and title.
    await own.getByTestId('admin-problem-edit').click();
    await expect(page.getByTestId('contest-place-display-id')).toHaveValue('C');
    await expect(page.getByTestId('problem-form-title')).toHaveValue(`Apples ${suffix}`);
    await page.getByTestId('contest-place-display-id').fill('D');
    await page.getByTestId('contest-place-display-title').fill('Own pears');
    await page.getByTestId('problem-form-save').click();
    await expect(page).toHaveURL(new RegExp(`/admin/contest/${cid}/problems$`));
    await expect(page.locator('[data-testid="admin-contest-problem-row"][data-display-id="D"]').getByTestId('admin-problem-display-title')).toHaveValue('Own pears');
    await expect(page.locator('[data-testid="admin-contest-problem-row"][data-display-id="C"]')).toHaveCount(0);

    // The admin list: accepted code by problem, the rank as XLSX and CSV, and the clone.
    await page.goto('/admin/contest');
    await page.getByTestId('admin-contest-keyword').fill(suffix);
    await page.getByTestId('admin-contest-keyword').press('Enter');
    const row = page.locator(`[data-testid="admin-contest-row"][data-cid="${cid}"]`);
    await row.getByTestId('admin-contest-ac-code').click();
    const ac = page.getByTestId('ac-code-dialog');
    await expect(ac).toContainText(zh ? '排除管理员' : 'Exclude admins');
    await expect(ac.getByTestId('ac-code-exclude-admin')).toBeChecked();
    await ac.getByTestId('ac-code-split-problem').check();
    const zip = await saved(page, () => ac.getByTestId('ac-code-download').click());
    expect(zip.name).toBe(`contest-${cid}-ac-problem.zip`);
    const entries = readZip(zip.body, ZIP_LIMITS, () => true);
    expect(entries.map((e) => e.name)).toEqual([`A/A_${solver.username}_${submitId}.c`]);
    expect(entries[0]!.data.toString()).toBe(template('C'));
    await page.keyboard.press('Escape');

    const xlsx = await saved(page, () => row.getByTestId('admin-contest-rank-xlsx').click());
    expect(xlsx.name).toBe(`contest-${cid}-rank.xlsx`);
    const sheet = readZip(xlsx.body, ZIP_LIMITS, () => true).find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString();
    expect(sheet).toContain(solver.username);
    const csv = await saved(page, () => row.getByTestId('admin-contest-rank-csv').click());
    const lines = csv.body.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Rank,Name,Username,Realname,School,AC,Total Time (min),A,B,D,Award');
    expect(lines[1]).toMatch(new RegExp(`^1,${solver.username},${solver.username},`));

    await row.getByTestId('admin-contest-clone').click();
    await expect(page.getByTestId('toast').filter({ hasText: zh ? '已克隆为比赛' : 'Cloned as contest' })).toBeVisible();
    const copy = page.getByTestId('admin-contest-row').filter({ hasText: `${title} (copy)` });
    await expect(copy).toHaveCount(1);
    await expect(copy.getByTestId('admin-contest-visible')).toHaveAttribute('aria-checked', 'false');
  });
}
