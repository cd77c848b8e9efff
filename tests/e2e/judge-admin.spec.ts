// Judge administration and the online test in a real browser: root rejudges a submission from the status list
// and watches it go back through the queue to its verdict live (no status polling while the socket is up),
// judges it by hand, and runs an online test from the problem page's drawer.
import type { Page } from '@playwright/test';
import { countPolling, expect, loginAsRoot, runOnlineTest, setCode, template, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

/** Records every data-status the status row of `submitId` takes, in the page. */
async function recordRow(page: Page, submitId: number): Promise<void> {
  await page.evaluate((id) => {
    const w = window as unknown as { __rowLog: string[] };
    w.__rowLog = [];
    const snap = () => {
      const s = document.querySelector(`[data-testid="status-row"][data-submit-id="${id}"]`)?.getAttribute('data-status');
      if (s && w.__rowLog[w.__rowLog.length - 1] !== s) w.__rowLog.push(s);
    };
    snap();
    new MutationObserver(snap).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  }, submitId);
}
const rowLog = (page: Page) => page.evaluate(() => (window as unknown as { __rowLog: string[] }).__rowLog);

test('root rejudges a submission from the status list with live progress, then judges it by hand', async ({ page }) => {
  await loginAsRoot(page);
  await page.goto('/problem/1000');
  await page.getByTestId('language-select').selectOption('C++');
  await setCode(page, template('C++'));
  await page.getByTestId('submit-code').click();
  const panel = page.getByTestId('verdict-panel');
  await expect(page.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 60_000 });
  const submitId = Number(await panel.getAttribute('data-submit-id'));

  await page.goto('/status');
  const row = page.locator(`[data-testid="status-row"][data-submit-id="${submitId}"]`);
  await expect(row).toHaveAttribute('data-status', '0');
  await recordRow(page, submitId);
  const polling = countPolling(page);
  page.once('dialog', (d) => void d.accept());
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/judge/rejudge'));
  await row.getByTestId('rejudge').click();
  expect(await (await answer).json()).toMatchObject({ status: 200, data: { submitId, status: 5 } });
  await expect(row).toHaveAttribute('data-status', '0', { timeout: 60_000 });
  await expect.poll(async () => (await rowLog(page)).at(-1)).toBe('0');
  const log = await rowLog(page);
  // Back through the queue (Pending, and Compiling/Judging as the runner goes) to Accepted, pushed.
  expect(log[0]).toBe('0');
  expect(log.slice(1, -1).length).toBeGreaterThan(0);
  expect(log.slice(1, -1).every((s) => ['5', '6', '7'].includes(s))).toBe(true);
  expect(polling.urls.filter((u) => u.includes('check-submissions-status'))).toEqual([]);

  // Manual judge: the status opens the popover; Modify Evaluation → Wrong Answer.
  await row.getByTestId('status-admin').click();
  await page.getByTestId('modify-evaluation').click();
  await page.getByTestId('manual-status').selectOption('-1');
  await page.getByTestId('manual-submit').click();
  await expect(row).toHaveAttribute('data-status', '-1');
  await expect(row).toContainText('root');
  // Cancel Evaluation.
  await row.getByTestId('status-admin').click();
  await page.getByTestId('cancel-evaluation').click();
  await expect(row).toHaveAttribute('data-status', '-4');
  await row.getByTestId('status-admin').click();
  await expect(page.getByTestId('cancel-evaluation')).toBeDisabled();
});

test('the online test drawer runs the code on custom input and shows the pushed result', async ({ page }) => {
  await loginAsRoot(page);
  await page.goto('/problem/1000');
  await page.getByTestId('language-select').selectOption('C');
  await setCode(page, template('C'));
  const results: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/get-test-judge-result')) results.push(r.url());
  });
  const drawer = await runOnlineTest(page, '20 22', '42', '0');
  await expect(drawer.getByTestId('online-test-output')).toHaveText('42');
  await runOnlineTest(page, '20 22', '43', '-1');
  // The socket delivered both: no fallback polling.
  expect(results).toEqual([]);
});

// Issue 13, point 8 (defect 3): the manual-judge popover and its dialog stay on screen in English.
test('the manual-judge popover and dialog fit the screen in English, on a phone and on a desktop @i13', async ({ browser, request }) => {
  const token = (await request.post('/api/login', { data: { username: 'root', password: E2E_ADMIN_PASSWORD } })).headers()['authorization']!;
  const res = await request.post('/api/submit-problem-judge', { headers: { authorization: token }, data: { pid: '1000', language: 'C', code: template('C') } });
  const submitId = ((await res.json()) as { data: { submitId: number } }).data.submitId;
  for (const [width, height] of [
    [375, 740],
    [1280, 800],
  ] as const) {
    const ctx = await browser.newContext({ viewport: { width, height } });
    try {
      const page = await ctx.newPage();
      await ctx.addCookies([{ name: 'lang', value: 'en-US', domain: '127.0.0.1', path: '/' }]);
      await loginAsRoot(page);
      await page.goto('/status');
      const row = page.locator(`[data-testid="status-row"][data-submit-id="${submitId}"]`);
      await expect(row).toHaveAttribute('data-status', '0', { timeout: 60_000 });
      await row.getByTestId('status-admin').click();
      const inside = async (testId: string) => {
        const box = (await page.getByTestId(testId).boundingBox())!;
        expect(box.x, `${testId} left at ${width}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${testId} right at ${width}`).toBeLessThanOrEqual(width);
        expect(box.y + box.height, `${testId} bottom at ${width}`).toBeLessThanOrEqual(height);
      };
      await expect(page.getByTestId('modify-evaluation')).toHaveText('Modify Evaluation');
      await inside('manual-judge-popover');
      await page.getByTestId('modify-evaluation').click();
      await inside('manual-judge-dialog');
    } finally {
      await ctx.close();
    }
  }
});
