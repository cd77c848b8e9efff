// The problem form in a real browser, in both languages: an admin creates an OI problem with subtasks and a special
// judge (a broken checker first shows the Compile Error dialog), uploads the test data while the progress bar runs,
// saves; a student then solves it and sees the case results arrive live.
import { readFile } from 'node:fs/promises';
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { writeZip } from '@oj/services';
import { adminLogin, expect, login, recordVerdictPanel, registerUser, setCode, template, test } from './helpers';

const CHECKER = `#include <stdio.h>
int main(int argc, char **argv) {
  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  long a, b;
  if (fscanf(out, "%ld", &a) != 1 || fscanf(ans, "%ld", &b) != 1) return 1;
  return a == b ? 0 : 1;
}
`;

/** Three cases; the first input carries ~3 MB of trailing digits so the upload takes several progress events. */
function casesZip(): Buffer {
  const pad = Array.from({ length: 60_000 }, () => String(randomInt(1e9, 1e10)).repeat(5)).join('\n');
  const f = (name: string, text: string) => ({ name, data: Buffer.from(text) });
  return writeZip([f('1.in', `1 2\n${pad}\n`), f('1.out', '3\n'), f('2.in', '20 22\n'), f('2.out', '42\n'), f('3.in', '100 200\n'), f('3.out', '300\n')]);
}

/** Every phase the upload progress bar showed, recorded in the page. */
async function recordUploadPhases(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __phases: string[] };
    w.__phases = [];
    const snap = () => {
      const phase = document.querySelector('[data-testid="problem-form-upload-progress"]')?.getAttribute('data-phase');
      if (phase && w.__phases[w.__phases.length - 1] !== phase) w.__phases.push(phase);
    };
    new MutationObserver(snap).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`an admin makes an OI problem with subtasks and a checker, a student solves it live (${locale})`, async ({ page, browser, request }) => {
    const pid = `E2E-OI-${locale}`;
    const zh = locale === 'zh-CN';
    // The admin logs in at the admin login and opens the form from the side menu.
    await adminLogin(page, locale);
    await page.getByTestId('admin-menu-problem-create').click();
    await expect(page.getByTestId('problem-form')).toContainText(zh ? '创建题目' : 'Create Problem');

    // Saving an empty form names the first missing field in the page's language.
    await page.getByTestId('problem-form-save').click();
    await expect(page.getByText(zh ? '题目展示ID是必填项' : 'Problem Display ID is required')).toBeVisible();

    await page.getByTestId('problem-form-problem-id').fill(pid);
    await page.getByTestId('problem-form-title').fill(`Subtask sum ${locale}`);
    // A limit emptied and typed again is what was typed (the emptied box went back to 1 at once: 500 became 1500).
    for (const [id, typed] of [['problem-form-time', '500'], ['problem-form-memory', '128']] as const) {
      const box = page.getByTestId(id);
      await box.fill('');
      await box.pressSequentially(typed);
      await expect(box).toHaveValue(typed);
    }
    await page.getByTestId('problem-form-input').locator('textarea').fill('Two integers $a, b$.');
    await page.getByTestId('problem-form-output').locator('textarea').fill('Their sum.');
    await page.getByTestId('problem-form-description').locator('textarea').fill('Print **a + b**.');
    await page.getByTestId('problem-form-description-preview').click();
    await expect(page.getByTestId('problem-form-description-rendered').locator('strong')).toHaveText('a + b');
    await page.getByTestId('problem-form-tag-input').fill(`e2e-tag-${locale}`);
    await page.getByTestId('problem-form-tag-add').click();
    await page.getByTestId('problem-form-tag-input').fill(`E2E-TAG-${locale}`);
    await page.getByTestId('problem-form-tag-add').click();
    await expect(page.getByText(zh ? '添加标签失败' : 'Add Tag Error').first()).toBeVisible();

    await page.getByTestId('problem-form-type').selectOption('1');
    await page.getByTestId('problem-form-case-mode').selectOption('subtask_lowest');

    // The checker: a broken one opens the Compile Error dialog, a good one compiles.
    await page.getByTestId('problem-form-mode-spj').click();
    await expect(page.getByTestId('problem-form-mode-info')).toContainText(zh ? '特殊评测程序' : 'The checker reads');
    await page.getByTestId('problem-form-checker-language').selectOption('C');
    await page.getByTestId('problem-form-checker-code').fill('int main( {');
    await page.getByTestId('problem-form-compile').click();
    const dialog = page.getByTestId('problem-form-compile-error');
    await expect(dialog).toBeVisible({ timeout: 60_000 });
    await expect(dialog).toContainText(/error/i);
    await dialog.getByRole('button').click();

    // The test data, watching the progress bar.
    await recordUploadPhases(page);
    await page.getByTestId('problem-form-zip').setInputFiles({ name: 'cases.zip', mimeType: 'application/zip', buffer: casesZip() });
    const rows = page.getByTestId('problem-form-case-row');
    await expect(rows).toHaveCount(3, { timeout: 60_000 });
    // Emptied once read, so a corrected zip under the same name can be chosen again.
    await expect(page.getByTestId('problem-form-zip')).toHaveValue('');
    const phases = await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);
    // The bar ran while the bytes went out (the server's checking phase may end before it is painted).
    expect(phases[0]).toBe('sending');
    // Switching to OI spread 100 over the cases; subtasks: the first two cases form group 1.
    await expect(page.getByTestId('problem-form-case-score').nth(2)).toHaveValue('34');
    for (const [i, g] of [[0, '1'], [1, '1'], [2, '2']] as const) await page.getByTestId('problem-form-case-group').nth(i).fill(g);
    // A checker that has not compiled cannot be saved.
    await page.getByTestId('problem-form-save').click();
    await expect(page.getByText(zh ? '请先编译成功' : 'compile it first').first()).toBeVisible();
    await page.getByTestId('problem-form-checker-code').fill(CHECKER);
    await page.getByTestId('problem-form-compile').click();
    await expect(page.getByTestId('problem-form-compile-state')).toHaveText(zh ? '已编译' : 'Compiled', { timeout: 60_000 });
    await page.getByTestId('problem-form-save').click();
    await expect(page.getByText(zh ? '题目已创建' : 'Problem created')).toBeVisible({ timeout: 30_000 });

    // A student solves it and watches the cases arrive.
    const student = `pf_${locale.replace('-', '_').toLowerCase()}_${Date.now() % 100000}`;
    await registerUser(request, student, 'student-pass-1');
    const context = await browser.newContext();
    const other = await context.newPage();
    await login(other, student, 'student-pass-1');
    await other.goto(`/problem/${pid}?l=${locale}`);
    await other.getByTestId('language-select').selectOption('C');
    await setCode(other, template('C'));
    await recordVerdictPanel(other);
    await other.getByTestId('submit-code').click();
    await expect(other.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 90_000 });
    await expect(other.getByTestId('case-row')).toHaveCount(3);
    // Grouped by subtask live, and the same after a reload of the submission's page.
    await expect(other.getByTestId('subtask-row')).toHaveCount(2);
    const submitId = await other.getByTestId('verdict-panel').getAttribute('data-submit-id');
    await other.goto(`/submission-detail/${submitId}?l=${locale}`);
    await other.reload();
    await expect(other.getByTestId('subtask-row')).toHaveCount(2);
    await expect(other.getByTestId('subtask-row').first()).toContainText(zh ? '子任务 1（2/2）' : 'Subtask 1 (2/2)');
    await expect(other.getByTestId('case-row')).toHaveCount(3);
    // The problem opens its case results: the owner sees the data, cut, and downloads the whole input.
    await other.getByTestId('case-toggle').first().click();
    const data = other.getByTestId('case-data');
    await expect(data).toContainText('1 2');
    await expect(data.getByTestId('case-data-truncated').first()).toBeVisible();
    const [download] = await Promise.all([other.waitForEvent('download'), data.getByTestId('case-data-download').first().click()]);
    expect(download.suggestedFilename()).toBe(`${submitId}_case1.in`);
    const saved = await readFile((await download.path())!, 'utf8');
    expect(saved.startsWith('1 2\n')).toBe(true);
    expect(saved.length).toBeGreaterThan(1_000_000);
    await context.close();
  });
}
