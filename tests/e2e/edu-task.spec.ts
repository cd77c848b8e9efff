// Homework and exams end to end, in both languages: a teacher (root, in the admin shell) sets a homework of two
// problems for a class from the course manager and opens its status grid; three students submit (one through the
// course page, the homework page and its problem page, two over REST) and the grid fills in live without a reload, as
// does the student's own homework page;
// the grid exports XLSX. An exam hides the student's verdict (on the exam page and the submission detail) until the
// teacher releases the results from the live monitor.
import type { Page } from '@playwright/test';
import { adminLogin, expect, login, setCode, template, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';
import { api, apiLogin, WRONG_C } from './contest-fixtures';
import { courseWithClass, finalStatus } from './edu-fixtures';

const T = {
  'zh-CN': { saved: '保存成功', completion: '完成率', hidden: '老师公布成绩前', released: '成绩已公布', tasks: '作业与考试' },
  'en-US': { saved: 'Saved', completion: 'Completion', hidden: 'Until your teacher releases the results', released: 'Results released', tasks: 'Homework and exams' },
} as const;

const cell = (page: Page, username: string, i: number) => page.getByTestId('task-grid-row').filter({ has: page.locator(`text=${username}`) }).getByTestId('task-cell').nth(i);

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a homework's grid fills in live; an exam hides results until released (${locale})`, async ({ browser, request }) => {
    test.setTimeout(300_000);
    const t = T[locale];
    const suffix = `${locale === 'zh-CN' ? 'z' : 'e'}${Date.now().toString(36).slice(-5)}`;
    const students = [0, 1, 2].map((i) => `hw${suffix}${i}`);
    const root = await apiLogin(request, 'root', E2E_ADMIN_PASSWORD);
    const { courseId } = await courseWithClass(request, root.token, suffix, students);

    // The teacher sets the homework from the course manager: two problems, a deadline for the class.
    const teacherCtx = await browser.newContext();
    const teacher = await teacherCtx.newPage();
    await adminLogin(teacher, locale, `/admin/courses/${courseId}/detail`);
    await teacher.getByTestId('task-new-homework').click();
    await teacher.getByTestId('task-title-input').fill(`Homework ${suffix}`);
    await teacher.getByTestId('task-problems').fill('1000\n1001');
    const row = teacher.getByTestId('task-class').filter({ hasText: `Class ${suffix}` });
    await row.getByTestId('task-class-on').check();
    await row.getByTestId('task-class-end').fill('2099-12-31T23:00');
    await teacher.getByTestId('task-save').click();
    await expect(teacher.getByTestId('toast').filter({ hasText: t.saved })).toBeVisible();
    await expect(teacher).toHaveURL(/\/admin\/homework\/\d+$/);
    const homeworkId = Number(/\/admin\/homework\/(\d+)$/.exec(teacher.url())![1]);
    await teacher.getByTestId('task-status-link').click();
    await expect(teacher.getByTestId('task-grid')).toContainText(t.completion);
    await expect(teacher.getByTestId('task-grid-row')).toHaveCount(3);
    await expect(cell(teacher, students[0]!, 0)).toHaveAttribute('data-status', '');

    // Student 0 through the pages: course page → homework → problem → submit.
    const studentCtx = await browser.newContext();
    await studentCtx.addCookies([{ name: 'lang', value: locale, domain: '127.0.0.1', path: '/' }]);
    const student = await studentCtx.newPage();
    await login(student, students[0]!, `${students[0]}-pass`);
    await student.goto(`/courses/${courseId}/detail`);
    await expect(student.getByTestId('course-tasks')).toContainText(t.tasks);
    await student.getByTestId('course-task').filter({ hasText: `Homework ${suffix}` }).getByRole('link').click();
    await expect(student.getByTestId('task-page')).toHaveAttribute('data-phase', 'open');
    await student.getByTestId('task-problem').filter({ hasText: '1000' }).getByRole('link').click();
    await expect(student.getByTestId('task-problem-page')).toHaveAttribute('data-problem-id', '1000');
    await student.getByTestId('language-select').selectOption('C');
    await setCode(student, template('C'));
    await student.getByTestId('submit-code').click();
    await expect(student.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 90_000 });

    // The student's own homework page follows their verdicts without a reload (their user: topic).
    await student.goto(`/homework/${homeworkId}`);
    const second = student.getByTestId('task-problem').filter({ hasText: '1001' });
    await expect(second).toHaveAttribute('data-status', '');
    await student.evaluate(() => Object.assign(window, { notReloaded: true }));
    const s0 = await apiLogin(request, students[0]!, `${students[0]}-pass`);
    const onSecond = await api<{ submitId: number }>(request, s0.token, 'POST', '/submit-problem-judge', { pid: '1001', language: 'C', code: WRONG_C, homeworkId });
    const verdict = await finalStatus(request, s0.token, onSecond.submitId);
    await expect(second).toHaveAttribute('data-status', String(verdict), { timeout: 30_000 });
    expect(await student.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // Two more over REST (one wrong); the teacher's grid fills in without a reload.
    for (const [i, code] of [[1, template('C')], [2, WRONG_C]] as const) {
      const who = await apiLogin(request, students[i]!, `${students[i]}-pass`);
      const sub = await api<{ submitId: number }>(request, who.token, 'POST', '/submit-problem-judge', { pid: '1000', language: 'C', code, homeworkId });
      await finalStatus(request, who.token, sub.submitId);
    }
    await expect(cell(teacher, students[0]!, 0)).toHaveAttribute('data-status', '0', { timeout: 30_000 });
    await expect(cell(teacher, students[1]!, 0)).toHaveAttribute('data-status', '0');
    await expect(cell(teacher, students[2]!, 0)).toHaveAttribute('data-status', '-1');
    await expect(teacher.getByTestId('task-grid-row').filter({ hasText: students[0]! }).getByTestId('task-percent')).toContainText('50%');

    // XLSX export.
    const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.getByTestId('task-export').click()]);
    expect(download.suggestedFilename()).toBe(`homework-${homeworkId}.xlsx`);

    // An exam open now: the student's verdict stays hidden until the teacher releases it.
    const exam = await api<{ id: number }>(request, root.token, 'POST', '/admin/exam', {
      courseId,
      title: `Exam ${suffix}`,
      problemIds: ['1000'],
      classes: [{ classId: (await api<{ classes: { classId: number }[] }>(request, root.token, 'GET', `/admin/homework?id=${homeworkId}`)).classes[0]!.classId, startTime: new Date(Date.now() - 60_000).toISOString(), endTime: new Date(Date.now() + 3_600_000).toISOString() }],
    });
    const sub = await api<{ submitId: number }>(request, s0.token, 'POST', '/submit-problem-judge', { pid: '1000', language: 'C', code: template('C'), examId: exam.id });
    await teacher.goto(`/exam/${exam.id}/status`);
    await expect(cell(teacher, students[0]!, 0)).toHaveAttribute('data-status', '0', { timeout: 90_000 });
    await student.goto(`/exam/${exam.id}`);
    await expect(student.getByTestId('task-hidden')).toContainText(t.hidden);
    await expect(student.getByTestId('task-problem')).toHaveAttribute('data-status', '-5');
    await student.goto(`/submission-detail/${sub.submitId}`);
    await expect(student.getByTestId('verdict-status')).toHaveAttribute('data-status', '-5');
    await expect(student.locator('[data-status="0"]')).toHaveCount(0);

    await teacher.getByTestId('task-release').click();
    await expect(teacher.getByTestId('toast').filter({ hasText: t.released })).toBeVisible();
    await student.goto(`/exam/${exam.id}`);
    await expect(student.getByTestId('task-problem')).toHaveAttribute('data-status', '0');
    await studentCtx.close();
    await teacherCtx.close();
  });
}
