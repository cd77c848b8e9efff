// A private problem as an exam paper, in both languages: the problem is not in the bank's public pages, the exam's
// problem page refuses it before the exam starts (the catalogue's message in the page's language) and opens it from
// the start; the student runs the online test on it and submits from it, without a discussion link; the plain problem
// page still refuses it.
import type { APIRequestContext } from '@playwright/test';
import { expect, login, runOnlineTest, setCode, template, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';
import { api, apiLogin } from './contest-fixtures';
import { courseWithClass, finalStatus } from './edu-fixtures';

const T = {
  'zh-CN': { notStarted: '考试尚未开始' },
  'en-US': { notStarted: 'The exam has not started yet' },
} as const;

/** A private problem (auth 2) of A+B with C offered: its display id. */
async function privateProblem(request: APIRequestContext, token: string, problemId: string): Promise<string> {
  await api(request, token, 'POST', '/admin/problem', {
    problem: {
      problemId, title: `Secret ${problemId}`, description: 'Add the two numbers.', input: 'Two.', output: 'Sum.', timeLimit: 1000, memoryLimit: 256, stackLimit: 128,
      difficulty: 1, auth: 2, type: 0, codeShare: true, examples: [{ input: '1 1', output: '2' }], isRemoveEndBlank: true, openCaseResult: true,
    },
    samples: [{ input: '1 2\n', output: '3\n' }], isUploadTestCase: false, judgeMode: 'default', judgeCaseMode: 'default', languages: [{ name: 'C' }], tags: [], codeTemplates: [],
  });
  return problemId;
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a private problem opens inside its exam only, from the start: statement, online test, submit (${locale})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const suffix = `${locale === 'zh-CN' ? 'pz' : 'pe'}${Date.now().toString(36).slice(-5)}`;
    const student = `ex${suffix}`;
    const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
    const { courseId, classId } = await courseWithClass(request, root.token, suffix, [student]);
    const pid = await privateProblem(request, root.token, `S${suffix}`);
    const exam = (startMs: number) =>
      api<{ id: number }>(request, root.token, 'POST', '/admin/exam', {
        courseId, title: `Paper ${suffix}`, problemIds: [pid],
        classes: [{ classId, startTime: new Date(Date.now() + startMs).toISOString(), endTime: new Date(Date.now() + 3_600_000).toISOString() }],
      });
    const later = await exam(1_800_000);
    const open = await exam(-60_000);

    const ctx = await browser.newContext();
    await ctx.addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
    const page = await ctx.newPage();
    await login(page, student, `${student}-pass`);
    // The plain problem page does not show it.
    await page.goto(`/problem/${pid}`);
    await expect(page.getByTestId('problem-load-failed')).toBeVisible();
    // The exam not started yet: refused, in the page's language.
    await page.goto(`/exam/${later.id}/problem/${pid}`);
    await expect(page.getByTestId('problem-load-failed')).toBeVisible();
    await expect(page.getByTestId('toast').filter({ hasText: T[locale].notStarted }).first()).toBeVisible();

    // The open exam: its page lists it, its problem page shows the statement, no discussion link.
    await page.goto(`/exam/${open.id}`);
    await page.getByTestId('task-problem').filter({ hasText: pid }).getByRole('link').click();
    await expect(page.getByTestId('task-problem-page')).toHaveAttribute('data-problem-id', pid);
    await expect(page.getByTestId('task-problem-page')).toContainText('Add the two numbers.');
    await expect(page.getByTestId('problem-discussion-link')).toHaveCount(0);

    // The online test runs on it through the exam.
    await page.getByTestId('language-select').selectOption('C');
    await setCode(page, template('C'));
    const drawer = await runOnlineTest(page, '20 22', '42', '0');
    await expect(drawer.getByTestId('online-test-output')).toHaveText('42');
    await page.keyboard.press('Escape');

    // The submit is filed under the exam and judged; the exam page shows it as submitted until the release.
    const submitted = page.waitForResponse((r) => r.url().includes('/api/submit-problem-judge'));
    await page.getByTestId('submit-code').click();
    const { data } = (await (await submitted).json()) as { data: { submitId: number } };
    expect(await finalStatus(request, root.token, data.submitId)).toBe(0);
    await page.goto(`/exam/${open.id}`);
    await expect(page.getByTestId('task-problem').filter({ hasText: pid })).toHaveAttribute('data-status', '-5');
    await ctx.close();
  });
}
