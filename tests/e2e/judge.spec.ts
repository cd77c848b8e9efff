// The live judging path in a real browser: log in as root, solve 1000 in C++, Python 3 and Java, and see
// Compiling → Judging → each case → Accepted arrive over the socket, with no REST polling while it is up.
import { countPolling, expect, loginAsRoot, recordVerdictPanel, setCode, template, test, verdictLog } from './helpers';

for (const language of ['C++', 'Python3', 'Java']) {
  test(`solve 1000 in ${language} with the verdict pushed case by case`, async ({ page }) => {
    await loginAsRoot(page);
    await page.goto('/problem/1000');
    await page.getByTestId('language-select').selectOption(language);
    // A source of this run only: one the compile cache already holds (another spec's template) is judged within
    // milliseconds, before the panel has subscribed, and the panel rightly shows the verdict it reads then.
    await setCode(page, `${template(language)}\n${language === 'Python3' ? '#' : '//'} judge.spec ${Date.now()}\n`);
    await recordVerdictPanel(page);
    const polling = countPolling(page);

    await page.getByTestId('submit-code').click();
    const status = page.getByTestId('verdict-status');
    await expect(status).toHaveAttribute('data-status', '0', { timeout: 60_000 });

    const rows = page.getByTestId('case-row');
    const total = await rows.count();
    expect(total).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < total; i++) await expect(rows.nth(i)).toHaveAttribute('data-status', '0');

    const log = await verdictLog(page);
    const statuses = log.map((e) => e.status).filter((s): s is string => s !== null);
    // The judging phases arrive in order and end in Accepted.
    expect(statuses).toContain('7');
    expect(statuses[statuses.length - 1]).toBe('0');
    const order = ['5', '6', '7', '0'];
    const seen = statuses.filter((s, i) => s !== statuses[i - 1]).map((s) => order.indexOf(s));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // Cases came in one by one while judging, not all at once at the end.
    const partialRows = log.filter((e) => e.status === '7' && e.rows > 0 && e.rows < total);
    expect(partialRows.length).toBeGreaterThan(0);
    // No status polling while the socket was up (one snapshot read at the end is allowed).
    expect(polling.urls.filter((u) => u.includes('check-submissions-status'))).toEqual([]);
    expect(polling.count).toBeLessThanOrEqual(1);
  });
}

test('a wrong answer is reported as such, live', async ({ page }) => {
  await loginAsRoot(page);
  await page.goto('/problem/1000');
  await page.getByTestId('language-select').selectOption('Python3');
  await setCode(page, 'a, b = map(int, input().split())\nprint(a - b)\n');
  await page.getByTestId('submit-code').click();
  await expect(page.getByTestId('verdict-status')).toHaveAttribute('data-status', '-1', { timeout: 60_000 });
});
