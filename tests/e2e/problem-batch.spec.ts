// Import and export in a real browser, in both languages: root imports an ICPC package on the batch page (upload
// bar, the server's steps, the new problem), then runs its package self-check and watches every row arrive and
// match; and exports a problem, imports the exported zip back through the page, and gets an equal problem (the
// display id clash noted in the page's language); and an archive that is refused says why in the page's language.
// A Codeforces Polygon package too: the format offered with its help, a package without its generated tests refused
// in the page's language, the full one imported and its solutions self-checked, every row matching.
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import type { AdminProblemDetail } from '@oj/proto';
import { writeZip } from '@oj/services';
import { fixtureFiles, packageZip } from '../fixtures/problem-packages/build';
import { adminLogin, expect, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

async function detail(request: APIRequestContext, pid: number): Promise<AdminProblemDetail> {
  const login = await request.post('/api/login', { data: { username: 'root', password: E2E_ADMIN_PASSWORD } });
  const token = login.headers()['authorization']!;
  const body = (await (await request.get(`/api/admin/problem?pid=${pid}`, { headers: { authorization: token } })).json()) as { status: number; data: AdminProblemDetail };
  expect(body.status).toBe(200);
  return body.data;
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  const zh = locale === 'zh-CN';

  test(`an ICPC package imports with progress and self-checks live, every row matching (${locale})`, async ({ page }) => {
    await adminLogin(page, locale);
    await page.getByTestId('admin-menu-problem-batch-operation').click();
    await page.getByTestId('import-format').selectOption('icpc');
    await page.getByTestId('import-file').setInputFiles({ name: 'aplusb.zip', mimeType: 'application/zip', buffer: packageZip('icpc', 'aplusb') });
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-progress')).toBeVisible();
    const done = page.getByTestId('import-result-problem');
    await expect(done).toHaveCount(1);
    await expect(done).toContainText('Sum of Two');
    await expect(done).toContainText(zh ? '个测试点' : 'cases');
    await expect(page.getByTestId('import-upload-bar')).toHaveAttribute('data-pct', '100');

    await page.getByTestId('import-result-self-check').click();
    await expect(page.getByTestId('self-check-row')).toHaveCount(4);
    await page.getByTestId('self-check-start').click();
    await expect(page.getByTestId('self-check-verdict')).toHaveText(zh ? '全部一致' : 'Every program matches', { timeout: 90_000 });
    for (const row of await page.getByTestId('self-check-row').all()) await expect(row).toHaveAttribute('data-matches', 'true');
    await expect(page.locator('[data-testid="self-check-row"][data-expected="time_limit_exceeded"]')).toHaveCount(1);
    // The folder's verdict is named in the page's language, beside the folder itself.
    await expect(page.locator('[data-testid="self-check-row"][data-expected="time_limit_exceeded"] [data-testid="self-check-expected"]')).toHaveText(zh ? '时间超限time_limit_exceeded/' : 'Time Limit Exceededtime_limit_exceeded/');
    await expect(page.getByTestId('self-check-slowest')).toContainText(zh ? '时限' : 'limit');
  });

  test(`export a problem and import the zip back: the copy equals the original (${locale})`, async ({ page, request }) => {
    await adminLogin(page, locale, '/admin/problem/batch-operation');
    await page.getByTestId('import-format').selectOption('icpc');
    await page.getByTestId('import-file').setInputFiles({ name: 'floatsum.zip', mimeType: 'application/zip', buffer: packageZip('icpc', 'floatsum') });
    await page.getByTestId('import-start').click();
    const first = page.getByTestId('import-result-problem');
    await expect(first).toHaveCount(1);
    const pid = Number(await first.getAttribute('data-pid'));
    const original = await detail(request, pid);

    await page.getByTestId('export-keyword').fill(original.problemId);
    await page.getByTestId('export-keyword').press('Enter');
    await page.locator(`[data-testid="export-row"][data-pid="${pid}"]`).getByTestId('export-pick').check();
    await expect(page.getByTestId('export-start')).toHaveText(zh ? '导出所选（1）' : 'Export selected (1)');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-start').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const exported = readFileSync(await download.path());

    await page.getByTestId('import-format').selectOption('hoj');
    await page.getByTestId('import-file').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/zip', buffer: exported });
    await page.getByTestId('import-start').click();
    const copyRow = page.getByTestId('import-result-problem');
    await expect(copyRow).toHaveCount(1);
    await expect(copyRow).not.toHaveAttribute('data-pid', String(pid));
    // The display id is taken by the original: the copy gets a suffix, and the report says so in the page's language.
    const notes = page.getByTestId('import-warnings');
    await expect(notes).toContainText(zh ? '导入提示：' : 'Notes on the import:');
    const taken = notes.locator('[data-testid="import-warning"][data-code="PROBLEM_ID_TAKEN"]');
    const copyPid = Number(await copyRow.getAttribute('data-pid'));
    const copy = await detail(request, copyPid);
    const [was, now] = [original.problemId, copy.problemId];
    await expect(taken).toHaveText(zh ? `${now}: 展示 ID ${was} 已被占用，本题以 ${now} 导入` : `${now}: the display id ${was} was taken; imported as ${now}`);
    const strip = (p: AdminProblemDetail) => {
      const { id: _i, problemId: _p, gmtCreate: _c, gmtModified: _m, modifiedUser: _u, ...rest } = p as AdminProblemDetail & Record<string, unknown>;
      return { ...rest, tags: p.tags.map((t) => t.name), languages: p.languages.map((l) => l.name) };
    };
    expect(strip(copy)).toEqual(strip(original));
  });

  test(`a refused import says why in the page's language and adds nothing (${locale})`, async ({ page }) => {
    await adminLogin(page, locale, '/admin/problem/batch-operation');
    await page.getByTestId('import-format').selectOption('icpc');
    const zip = writeZip([{ name: 'data/secret/1.in', data: Buffer.from('1 2\n') }]);
    await page.getByTestId('import-file').setInputFiles({ name: 'no-answer.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-error')).toHaveText(
      zh ? '导入失败：题目包：data/secret/1.in 没有对应的 data/secret/1.ans' : 'Import failed: the package: data/secret/1.in has no data/secret/1.ans',
    );
    await expect(page.getByTestId('import-result-problem')).toHaveCount(0);
  });

  test(`a Polygon package: refused without its generated tests, imported with them, its solutions self-checked (${locale})`, async ({ page }) => {
    await adminLogin(page, locale, '/admin/problem/batch-operation');
    await page.getByTestId('import-format').selectOption('polygon');
    await expect(page.getByTestId('import-format').locator('option[value="polygon"]')).toHaveText(zh ? 'Codeforces Polygon 题目包' : 'Codeforces Polygon package');
    await expect(page.getByTestId('import-panel')).toContainText(zh ? '包含已生成测试数据的 Polygon 题目包 zip' : 'A Polygon package zip with its generated tests');

    const standard = writeZip(fixtureFiles('polygon', 'aplusb').filter((f) => !f.name.startsWith('tests/03')));
    await page.getByTestId('import-file').setInputFiles({ name: 'a-plus-b-7.zip', mimeType: 'application/zip', buffer: standard });
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-error')).toHaveText(
      zh
        ? '导入失败：题目包：测试点 3（generated）需要 tests/03，但题目包中没有；请下载包含已生成测试数据的题目包（Polygon 的完整包，例如 Linux 包）再导入'
        : 'Import failed: the package: test 3 (generated) needs tests/03, which the package does not hold; download the package with its generated tests (Polygon’s full package, e.g. the Linux one) and import that',
    );
    await expect(page.getByTestId('import-result-problem')).toHaveCount(0);

    await page.getByTestId('import-file').setInputFiles({ name: 'a-plus-b-7$linux.zip', mimeType: 'application/zip', buffer: packageZip('polygon', 'aplusb') });
    await page.getByTestId('import-start').click();
    const done = page.getByTestId('import-result-problem');
    await expect(done).toHaveCount(1);
    await expect(done).toContainText('A + B');
    await page.getByTestId('import-result-self-check').click();
    await expect(page.getByTestId('self-check-row')).toHaveCount(3);
    await page.getByTestId('self-check-start').click();
    await expect(page.getByTestId('self-check-verdict')).toHaveText(zh ? '全部一致' : 'Every program matches', { timeout: 90_000 });
    await expect(page.locator('[data-testid="self-check-row"][data-expected="wrong_answer"]')).toHaveCount(1);
  });
}
