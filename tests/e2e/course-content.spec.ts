// Course content end to end, in both languages: a teacher (root) adds two chapters with resources on the admin course
// page, renames a chapter, edits a resource in place (its kind fixed), moves the second chapter up and a resource down
// (PUT ranks); after a reload the admin page shows the new order and texts, and the course page shows the same order.
import type { Locator, Page } from '@playwright/test';
import { adminLogin, expect, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';
import { api, apiLogin } from './contest-fixtures';

const T = {
  'zh-CN': { moveUp: '上移', moveDown: '下移', save: '保存' },
  'en-US': { moveUp: 'Move up', moveDown: 'Move down', save: 'Save' },
} as const;

async function addChapter(page: Page, title: string, count: number): Promise<Locator> {
  await page.getByTestId('edu-chapter-title').fill(title);
  await page.getByTestId('edu-chapter-add').click();
  await expect(page.getByTestId('edu-chapter')).toHaveCount(count);
  return page.getByTestId('edu-chapter').nth(count - 1);
}

async function addMarkdown(chapter: Locator, title: string, content: string, count: number): Promise<void> {
  const form = chapter.getByTestId('edu-resource-form');
  await form.getByTestId('edu-resource-title').fill(title);
  await form.getByTestId('edu-resource-value').fill(content);
  await form.getByTestId('edu-resource-add').click();
  await expect(chapter.getByTestId('edu-resource')).toHaveCount(count);
}

/** The admin page's order: each chapter's heading and its resources' titles. */
async function adminOrder(page: Page): Promise<Array<[string, string[]]>> {
  const chapters = page.getByTestId('edu-chapter');
  const out: Array<[string, string[]]> = [];
  for (let i = 0; i < (await chapters.count()); i++) {
    const ch = chapters.nth(i);
    out.push([(await ch.getByTestId('edu-chapter-name').textContent())!.trim(), (await ch.getByTestId('edu-resource-name').allTextContents()).map((s) => s.trim())]);
  }
  return out;
}

const edited: Array<[string, string[]]> = [
  ['1. Chapter B', ['Notes B1']],
  ['2. Chapter A renamed', ['Notes A2', 'Notes A1 edited']],
];

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a teacher edits chapters and resources in place and reorders them (${locale})`, async ({ page, request }) => {
    const t = T[locale];
    const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
    const { id: courseId } = await api<{ id: number }>(request, root.token, 'POST', '/admin/course', { title: `Content ${locale} ${Date.now().toString(36)}`, description: '' });
    page.on('dialog', (d) => void d.accept());
    await adminLogin(page, locale, `/admin/courses/${courseId}/detail`);

    // Two chapters, two resources in the first, one in the second.
    const chapterA = await addChapter(page, 'Chapter A', 1);
    await addMarkdown(chapterA, 'Notes A1', '# First notes', 1);
    await addMarkdown(chapterA, 'Notes A2', '# Second notes', 2);
    const chapterB = await addChapter(page, 'Chapter B', 2);
    await addMarkdown(chapterB, 'Notes B1', '# Other notes', 1);
    const chapters = page.getByTestId('edu-chapter');
    await expect(chapters.nth(0).getByTestId('edu-chapter-up')).toBeDisabled();
    await expect(chapters.nth(1).getByTestId('edu-chapter-down')).toBeDisabled();
    await expect(chapters.nth(1).getByTestId('edu-chapter-up')).toHaveAttribute('title', t.moveUp);
    await expect(chapters.nth(1).getByTestId('edu-chapter-down')).toHaveAttribute('aria-label', t.moveDown);

    // Rename the first chapter.
    await chapterA.getByTestId('edu-chapter-edit').click();
    await chapterA.getByTestId('edu-chapter-rename').fill('Chapter A renamed');
    await chapterA.getByTestId('edu-chapter-save').click();
    await expect(chapterA.getByTestId('edu-chapter-name')).toHaveText('1. Chapter A renamed');

    // Edit a resource: the form is filled with its values and keeps its kind.
    await chapterA.getByTestId('edu-resource').nth(0).getByTestId('edu-resource-edit').click();
    const form = chapterA.getByTestId('edu-resource-edit-form');
    await expect(form.getByTestId('edu-resource-kind')).toHaveCount(0);
    await expect(form.getByTestId('edu-resource-title')).toHaveValue('Notes A1');
    await expect(form.getByTestId('edu-resource-value')).toHaveValue('# First notes');
    await form.getByTestId('edu-resource-title').fill('Notes A1 edited');
    await form.getByTestId('edu-resource-value').fill('# First notes, edited');
    await expect(form.getByTestId('edu-resource-save')).toHaveText(t.save);
    await form.getByTestId('edu-resource-save').click();
    await expect(form).toHaveCount(0);
    await expect(chapterA.getByTestId('edu-resource-name').nth(0)).toHaveText('Notes A1 edited');

    // Move the second chapter up, then the renamed chapter's first resource down.
    await chapters.nth(1).getByTestId('edu-chapter-up').click();
    await expect(chapters.getByTestId('edu-chapter-name')).toHaveText(['1. Chapter B', '2. Chapter A renamed']);
    const moved = chapters.nth(1);
    await expect(moved.getByTestId('edu-resource').nth(0).getByTestId('edu-resource-down')).toBeEnabled();
    await moved.getByTestId('edu-resource').nth(0).getByTestId('edu-resource-down').click();
    await expect(moved.getByTestId('edu-resource-name')).toHaveText(['Notes A2', 'Notes A1 edited']);

    // After a reload the admin page reads the same from the server.
    await page.reload();
    await expect(chapters).toHaveCount(2);
    await expect(moved.getByTestId('edu-resource-name')).toHaveText(['Notes A2', 'Notes A1 edited']);
    expect(await adminOrder(page)).toEqual(edited);

    // The course page shows the same order, and the edited text.
    await page.goto(`/courses/${courseId}/detail`);
    const shown = page.getByTestId('course-chapter');
    await expect(shown.locator('h2')).toHaveText(edited.map(([name]) => name));
    for (const [i, [, resources]] of edited.entries()) await expect(shown.nth(i).getByTestId('course-resource').locator('summary')).toHaveText(resources);
    await shown.nth(1).getByText('Notes A1 edited').click();
    await expect(shown.nth(1).getByRole('heading', { name: 'First notes, edited' })).toBeVisible();
  });
}
