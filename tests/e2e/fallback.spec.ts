// Flaky networks: with the socket cut, the documented 2 s polling finishes a submission; once the socket is back,
// polling stops and verdicts arrive over the socket again.
import { countPolling, expect, loginAsRoot, setCode, template, test } from './helpers';

test('fallback polling takes over while the socket is down and stops when it is back', async ({ page }) => {
  let blocked = false;
  const open: Array<{ close(): Promise<void> }> = [];
  let connects = 0;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (blocked) {
      void ws.close();
      return;
    }
    connects++;
    ws.connectToServer();
    open.push(ws);
  });
  await page.route(/\/socket\.io\//, (route) => (blocked ? route.abort() : route.continue()));

  await loginAsRoot(page);
  await page.goto('/problem/1000');
  await page.getByTestId('language-select').selectOption('Python3');
  await setCode(page, template('Python3'));
  await expect.poll(() => connects).toBeGreaterThan(0);

  // Cut the socket and keep it down.
  blocked = true;
  for (const ws of open.splice(0)) await ws.close();
  const polling = countPolling(page);

  await page.getByTestId('submit-code').click();
  await expect(page.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 60_000 });
  expect(polling.count).toBeGreaterThan(0);

  // Bring the socket back: it reconnects, and the next submission is pushed with no polling.
  const connectsBefore = connects;
  blocked = false;
  await expect.poll(() => connects, { timeout: 30_000 }).toBeGreaterThan(connectsBefore);
  await page.waitForTimeout(1000);
  const pollingAfter = countPolling(page);
  await setCode(page, template('Python3') + '\n');
  await page.getByTestId('submit-code').click();
  await expect(page.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 60_000 });
  expect(pollingAfter.urls.filter((u) => u.includes('check-submissions-status'))).toEqual([]);
  expect(pollingAfter.count).toBeLessThanOrEqual(1);
});
