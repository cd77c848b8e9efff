// The admin pages' messages are a part of the catalogue that only the admin area loads (locale.ts): no code outside
// the admin folders may name one of its ids, or a public page would show the bare id.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminMessagesZhCN } from './admin-messages.zh-CN';

const SRC = path.resolve(import.meta.dirname, '..');
/** The folders whose pages render inside the admin area (features/admin/routes.tsx). */
const ADMIN_DIRS = ['features/admin/', 'features/problem-admin/', 'features/contest/admin/', 'features/training/admin/', 'features/education/admin/', 'features/site-admin/', 'features/user-admin/', 'features/dashboard/'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test(-d)?\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('catalogue split', () => {
  const files = sources(SRC).map((f) => ({ rel: path.relative(SRC, f).split(path.sep).join('/'), text: readFileSync(f, 'utf8') }));
  const outside = files.filter((f) => !f.rel.startsWith('i18n/') && !ADMIN_DIRS.some((d) => f.rel.startsWith(d)));

  it('finds the code it checks', () => {
    expect(outside.some((f) => f.rel === 'features/problem/ProblemDetailPage.tsx')).toBe(true);
    expect(files.some((f) => f.rel === 'features/admin/AdminLoginPage.tsx')).toBe(true);
  });

  it('public code names no admin message id', () => {
    const ids = Object.keys(adminMessagesZhCN);
    const used = outside.flatMap((f) => ids.filter((id) => f.text.includes(`'${id}'`) || f.text.includes(`"${id}"`)).map((id) => `${f.rel}: ${id}`));
    expect(used).toEqual([]);
  });
});
