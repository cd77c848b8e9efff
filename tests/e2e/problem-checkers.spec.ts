// The problem form's output check and subtask dependencies in a real browser, in both languages: a special judge may take
// HUSTOJ's protocol (an interactor may not); an admin picks the
// float checker (its tolerances start at 1e-6, a negative one is refused), gives the subtasks of an OI problem their
// dependencies (a cycle is refused), saves, and finds both again when editing; a submission that fails a subtask then
// shows the subtask depending on it as Skipped in its subtask table.
import { adminLogin, expect, setCode, test } from './helpers';

const WRONG_ON_7 = '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a==7?0:a+b);return 0;}\n';

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`an admin picks the float checker and subtask dependencies; a skipped subtask shows as Skipped (${locale})`, async ({ page }) => {
    const zh = locale === 'zh-CN';
    const pid = `E2E-CHK-${locale}-${Date.now() % 100000}`;
    await adminLogin(page, locale, '/admin/problem/create');
    await page.getByTestId('problem-form-problem-id').fill(pid);
    await page.getByTestId('problem-form-title').fill(`Checkers ${locale}`);
    await page.getByTestId('problem-form-input').locator('textarea').fill('Two integers.');
    await page.getByTestId('problem-form-output').locator('textarea').fill('Their sum.');

    // A special judge can speak HUSTOJ's or QDUOJ's protocol (FPS and QDUOJ imports bring such checkers); an
    // interactor cannot.
    await page.getByTestId('problem-form-mode-spj').check();
    const protocol = page.getByTestId('problem-form-checker-protocol');
    await expect(protocol.locator('option[value="hustoj"]')).toHaveText(zh ? 'HUSTOJ（输入、标准答案、选手输出；0 通过 / 其他答案错误）' : 'HUSTOJ (input, answer, user output; 0 AC / other WA)');
    await expect(protocol.locator('option[value="qduoj"]')).toHaveText(zh ? 'QDUOJ（输入、选手输出；0 通过 / 1 答案错误 / 其他为判题错误）' : 'QDUOJ (input, user output; 0 AC / 1 WA / other error)');
    await protocol.selectOption('qduoj');
    await page.getByTestId('problem-form-mode-interactive').check();
    await expect(protocol.locator('option[value="hustoj"], option[value="qduoj"]')).toHaveCount(0);
    await expect(protocol).toHaveValue('testlib');
    await page.getByTestId('problem-form-mode-default').check();

    // The output check: HOJ's comparison by default, seven built-in checkers and the ICPC validator to choose from.
    const checker = page.getByTestId('problem-form-output-check');
    await expect(checker).toHaveValue('default');
    await expect(checker.locator('option')).toHaveCount(8);
    await expect(checker.locator('option[value="unordered_lines"]')).toHaveText(zh ? '按行比较，行的顺序不限' : 'Lines in any order');
    await checker.selectOption('float');
    await expect(page.getByTestId('problem-form-float-abs')).toHaveValue('0.000001');
    await expect(page.getByTestId('problem-form-float-rel')).toHaveValue('0.000001');
    await page.getByTestId('problem-form-float-abs').fill('0.01');
    await page.getByTestId('problem-form-float-rel').fill('-1');

    // An OI problem with three subtasks typed by hand.
    await page.getByTestId('problem-form-type').selectOption('1');
    await page.getByTestId('problem-form-case-mode').selectOption('subtask_lowest');
    await page.getByTestId('problem-form-cases-manual').check();
    await page.getByTestId('problem-form-add-case').click();
    await page.getByTestId('problem-form-add-case').click();
    const rows = page.getByTestId('problem-form-case-row');
    for (const [i, input, output, group] of [[0, '1 1', '2', '1'], [1, '7 7', '14', '2'], [2, '2 2', '4', '3']] as const) {
      await rows.nth(i).locator('textarea').nth(0).fill(`${input}\n`);
      await rows.nth(i).locator('textarea').nth(1).fill(`${output}\n`);
      await page.getByTestId('problem-form-case-group').nth(i).fill(group);
    }
    const deps = (group: number) => page.locator(`[data-testid="problem-form-subtask-deps"][data-group="${group}"]`);
    await expect(page.getByTestId('problem-form-subtask-deps')).toHaveCount(3);
    await deps(3).fill('2');
    await deps(2).fill('3');

    // Each broken rule in the page's language: the negative tolerance, then the cycle.
    await page.getByTestId('problem-form-save').click();
    await expect(page.getByText(zh ? '相对误差必须是不小于 0 的数' : 'Relative tolerance must be a number of at least 0').first()).toBeVisible();
    await page.getByTestId('problem-form-float-rel').fill('');
    await page.getByTestId('problem-form-save').click();
    await expect(page.getByText(zh ? '子任务依赖存在循环（经过子任务 2）' : 'The subtask dependencies go round in a circle (through subtask 2)').first()).toBeVisible();
    await deps(2).fill('');
    await page.getByTestId('problem-form-save').click();
    await expect(page.getByText(zh ? '题目已创建' : 'Problem created')).toBeVisible({ timeout: 30_000 });

    // Editing it shows what was stored.
    await page.getByTestId('admin-problem-keyword').fill(pid);
    await page.getByTestId('admin-problem-keyword').press('Enter');
    await expect(page.getByTestId('admin-problem-row')).toHaveCount(1);
    await page.getByTestId('admin-problem-edit').click();
    await expect(page.getByTestId('problem-form-output-check')).toHaveValue('float');
    await expect(page.getByTestId('problem-form-float-abs')).toHaveValue('0.01');
    await expect(page.getByTestId('problem-form-float-rel')).toHaveValue('');
    await expect(deps(3)).toHaveValue('2');
    await expect(deps(2)).toHaveValue('');

    // A program wrong on subtask 2: subtask 3, which depends on it, is not judged and shows as Skipped.
    await page.goto(`/problem/${pid}?l=${locale}`);
    await page.getByTestId('language-select').selectOption('C');
    await setCode(page, WRONG_ON_7);
    await page.getByTestId('submit-code').click();
    await expect(page.getByTestId('verdict-status')).toHaveAttribute('data-status', '8', { timeout: 90_000 });
    const subtask = (group: number) => page.locator(`[data-testid="subtask-row"][data-group="${group}"]`);
    await expect(subtask(1)).toHaveAttribute('data-status', '0');
    await expect(subtask(2)).toHaveAttribute('data-status', '-1');
    await expect(subtask(3)).toHaveAttribute('data-status', '-4');
    await expect(subtask(3)).toContainText(zh ? '跳过' : 'Skipped');
    await expect(page.locator('[data-testid="case-row"][data-status="-4"]')).toHaveCount(1);
  });
}
