// The operations surface of a running judge (`pnpm start`) as a browser and a prober meet it: the API docs page renders
// in Chromium with nothing fetched from elsewhere and no script error, links its OpenAPI document; /readyz names every
// dependency of the embedded stack (its runner's sandbox included); /metrics answers this machine. The page is for
// developers and is in English only (it is generated from the code, not a screen of the web app).
import { expect, test } from '@playwright/test';

test('the API docs page lists every call from the generated OpenAPI document', async ({ page }) => {
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  page.on('request', (r) => !r.url().startsWith('http://127.0.0.1') && foreign.push(r.url()));

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Realtime OJ REST API');
  const submit = page.locator('details', { hasText: 'POST /api/submit-problem-judge' });
  await expect(submit).toHaveCount(1);
  await expect(submit.locator('summary')).toContainText('perm(submit)');
  await submit.locator('summary').click();
  await expect(submit.locator('pre')).toContainText('"language"');
  const detail = page.locator('details', { hasText: 'GET /api/get-submission-detail' });
  await detail.locator('summary').click();
  await expect(detail.getByRole('cell', { name: 'submitId' })).toBeVisible();

  const doc = (await (await page.request.get('/api/docs/openapi.json')).json()) as { openapi: string; paths: Record<string, unknown> };
  expect(doc.openapi).toBe('3.1.0');
  await expect(page.locator('details')).toHaveCount(Object.values(doc.paths).reduce<number>((n, p) => n + Object.keys(p as object).length, 0));
  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
  // (Chromium asks the JSON page for a favicon the judge may not have: errors are checked before.)
  await page.getByRole('link', { name: '/api/docs/openapi.json' }).click();
  await expect(page).toHaveURL(/\/api\/docs\/openapi\.json$/);
  await expect(page.locator('body')).toContainText('"openapi":"3.1.0"');
});

test('readiness names every dependency of the embedded judge, and metrics answer this machine', async ({ request }) => {
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  const body = (await ready.json()) as { status: string; checks: { name: string; ok: boolean }[] };
  expect(body.status).toBe('ready');
  expect(body.checks.map((c) => c.name)).toEqual(expect.arrayContaining(['postgres', 'sandbox']));
  expect(body.checks.every((c) => c.ok)).toBe(true);
  const metrics = await request.get('/metrics');
  expect(metrics.status()).toBe(200);
  const text = await metrics.text();
  for (const name of ['oj_http_requests_total', 'oj_runner_slots_total', 'oj_pg_pool_connections', 'process_cpu_user_seconds_total']) {
    expect(text).toContain(`# TYPE ${name} `);
  }
  expect(text).toMatch(/oj_runner_slots_total\{runner="[^"]+"\} 2/);
});
