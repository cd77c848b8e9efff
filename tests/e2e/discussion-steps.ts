// Steps of the discussion pages shared by the specs: posting through the full-screen dialog, and a root session's
// REST calls for setup (a post, the categories, the site switches).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';

/** A 1×1 PNG, for the editor's image upload. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * Opens the dialog with the side panel's Post button and posts (with `image`, an image uploaded through the editor
 * after the content); lands on the new post's page. Answers its id.
 */
export async function postThroughDialog(page: Page, p: { title: string; description: string; content: string; category?: string; image?: string }): Promise<number> {
  await page.getByTestId('discussion-post').click();
  const dialog = page.getByTestId('discussion-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('discussion-form-title').fill(p.title);
  await dialog.getByTestId('discussion-form-description').fill(p.description);
  const select = dialog.getByTestId('discussion-form-category');
  if (p.category) await select.selectOption({ label: p.category });
  else await select.selectOption({ index: 1 });
  const content = dialog.getByTestId('discussion-form-content').locator('textarea');
  await content.fill(p.content);
  if (p.image) {
    await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await dialog.getByTestId('discussion-form-content-image').setInputFiles({ name: p.image, mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect(content).toHaveValue(new RegExp(`!\\[${p.image.replace('.', '\\.')}\\]\\(/api/public/img/[0-9a-f]+\\.png\\)`));
  }
  await dialog.getByTestId('discussion-form-submit').click();
  await expect(page).toHaveURL(/\/discussion-detail\/\d+$/);
  await expect(page.getByTestId('discussion-detail')).toBeVisible();
  return Number(/\/discussion-detail\/(\d+)$/.exec(page.url())![1]);
}

export async function rootToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { username: 'root', password: E2E_ADMIN_PASSWORD } });
  return res.headers()['authorization']!;
}

/** Root's REST call; fails the test unless the answer is a success. */
export async function asRoot<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: await rootToken(request) }, ...(data !== undefined && { data }) });
  const body = (await res.json()) as { status: number; data: T; msg: string };
  expect(body.status, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A post by root over REST (setup): the first category, a description. Answers its id. */
export async function rootPost(request: APIRequestContext, title: string, content: string): Promise<number> {
  const [category] = await asRoot<{ id: number }[]>(request, 'GET', '/discussion-category');
  return (await asRoot<{ id: number }>(request, 'POST', '/discussion', { title, description: `About ${title}`, categoryId: category!.id, content })).id;
}

/** Changes some site switches (the admin's switch page's call); answers the values before, to put back. */
export async function setSwitches(request: APIRequestContext, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const cur = await asRoot<Record<string, unknown>>(request, 'GET', '/admin/switch/info');
  await asRoot(request, 'PUT', '/admin/switch/update', { ...cur, ...patch });
  return Object.fromEntries(Object.keys(patch).map((k) => [k, cur[k]]));
}
