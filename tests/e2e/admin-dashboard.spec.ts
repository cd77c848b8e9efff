// The admin dashboard in a real browser, in both languages: it is the admin home and shows the counts the server
// computes; a second judge runner process started on the stack's NATS appears live in the runner panel and, killed,
// disappears live after the heartbeat timeout; a submission's verdict arrives at the top of the latest verdicts —
// all pushed over the socket, with no reload of the live snapshot.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { DashboardInfo } from '@oj/proto';
import { adminLogin, expect, template, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

const REPO = path.resolve(import.meta.dirname, '../..');

async function rootToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { username: 'root', password: E2E_ADMIN_PASSWORD } });
  return res.headers()['authorization']!;
}

async function submit(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post('/api/submit-problem-judge', { headers: { authorization: token }, data: { pid: '1000', language: 'C', code: template('C') } });
  const body = (await res.json()) as { status: number; data: { submitId: number } };
  expect(body.status).toBe(200);
  return body.data.submitId;
}

function startRunner(natsUrl: string, runnerId: string): ChildProcess {
  return spawn('pnpm', ['exec', 'tsx', 'judge-runner/src/main.ts'], {
    cwd: REPO,
    env: { ...process.env, NATS_URL: natsUrl, OJ_RUNNER_ID: runnerId, OJ_RUNNER_SLOTS: '1', OJ_LOG_LEVEL: 'warn', NODE_OPTIONS: '--no-node-snapshot' },
    stdio: 'ignore',
    detached: true,
  });
}

function killGroup(p: ChildProcess): void {
  if (!p.pid) return;
  try {
    process.kill(-p.pid, 'SIGKILL'); // pnpm, tsx and node: it never says goodbye, the timeout removes it
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  const zh = locale === 'zh-CN';

  test(`the dashboard shows the counts, a runner appearing and disappearing, and verdicts live (${locale})`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await rootToken(request);
    await submit(request, token);

    // The admin login lands on the dashboard.
    const liveLoads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/dashboard/get-dashboard-live')) liveLoads.push(r.url());
    });
    await adminLogin(page, locale, '/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByTestId('dashboard-page').locator('h1')).toHaveText(zh ? '仪表盘' : 'Dashboard');
    await expect(page.getByTestId('admin-menu-dashboard')).toHaveText(zh ? '仪表盘' : 'Dashboard');

    // The counts are the server's (in the browser's time zone, as the page asks).
    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const info = (await (await request.get(`/api/admin/dashboard/get-dashboard-info?tz=${encodeURIComponent(tz)}`, { headers: { authorization: token } })).json()).data as DashboardInfo;
    expect(info.todayJudgeNum).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('dashboard-today')).toHaveAttribute('data-value', String(info.todayJudgeNum));
    await expect(page.getByTestId('dashboard-week')).toHaveAttribute('data-value', String(info.weekJudgeNum));
    await expect(page.getByTestId('dashboard-users')).toHaveAttribute('data-value', String(info.userNum));
    await expect(page.getByTestId('dashboard-today')).toContainText(zh ? '今日提交' : 'Submissions today');
    // The stack's own runner is listed, and every lane of the queue.
    await expect(page.getByTestId('dashboard-runner').first()).toBeVisible();
    await expect(page.getByTestId('dashboard-lane')).toHaveCount(4);
    await expect(page.getByTestId('dashboard-queue')).toContainText(zh ? '比赛' : 'Contest');

    // A second runner joins the stack's NATS: it appears without a reload.
    const natsUrl = (await readFile(path.join(REPO, '.tmp/e2e-data/nats.url'), 'utf8')).trim();
    const runnerId = `e2e-extra-${locale}`;
    const extra = startRunner(natsUrl, runnerId);
    try {
      const row = page.locator(`[data-testid="dashboard-runner"][data-runner-id="${runnerId}"]`);
      await expect(row).toBeVisible({ timeout: 90_000 });
      await expect(row).toHaveAttribute('data-slots', '1');
      await expect(row).toContainText(zh ? '秒前' : 's ago');
      await expect(row).toContainText(zh ? '空闲' : 'Idle');

      // Killed: gone once its heartbeats have been missing for the timeout (30 s).
      killGroup(extra);
      await expect(row).toHaveCount(0, { timeout: 60_000 });
    } finally {
      killGroup(extra);
    }

    // A verdict arrives at the top of the list.
    const submitId = await submit(request, token);
    const verdict = page.locator(`[data-testid="dashboard-verdict"][data-submit-id="${submitId}"]`);
    await expect(verdict).toHaveAttribute('data-status', '0', { timeout: 60_000 });
    await expect(page.getByTestId('dashboard-verdict').first()).toHaveAttribute('data-submit-id', String(submitId));
    await expect(verdict).toContainText('root');
    await expect(verdict).toContainText(zh ? '评测通过' : 'Accepted');
    // All of it was pushed: the live snapshot was loaded once, on arrival.
    expect(liveLoads).toHaveLength(1);
  });
}
