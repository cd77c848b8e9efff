// Shared by the group specs: REST tokens and signed-in pages for the users a spec registers.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, login } from './helpers';

export const GROUP_PASSWORD = 'group-pass-1';

/** A token for REST calls made as `username`. */
export async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password: GROUP_PASSWORD } });
  expect(res.status()).toBe(200);
  return res.headers()['authorization']!;
}

/** A new browser context with the `lang` cookie, signed in as `username`. */
export async function signedIn(browser: Browser, username: string, locale: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
  const page = await context.newPage();
  await login(page, username, GROUP_PASSWORD);
  return page;
}

/** A REST call as `token` that must succeed; its `data`. */
export async function okData<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, headers: { authorization: token }, ...(data !== undefined && { data }) });
  const body = (await res.json()) as { status: number; data: T; msg?: string };
  expect(body.status, `${method} ${url}: ${body.msg ?? ''}`).toBe(200);
  return body.data;
}
