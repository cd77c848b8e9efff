// A group's trainings, status and rank in a real browser, in both languages: a teacher creates a group training in
// the group's Training Admin (the site's training form) and adds the group's own problem by its display id; a student
// member opens it from the group's Trainings tab (inside the group's routes, /group/:gid/training/:tid) and solves the problem inside it (a group problem, read and submitted
// inside the group); the student's progress bar moves live and the teacher's open Rank tab shows the solve without a
// reload; the training's rank and full-screen page inside the group; the group's Status tab lists the submission; a
// non-member is refused the training and the group's lists; group A's training under group B's route is not shown.
import { expect, registerUser, setCode, template, test } from './helpers';
import { E2E_ADMIN_PASSWORD } from './playwright.config';
import { GROUP_PASSWORD, okData, signedIn, tokenOf } from './group-helpers';

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a teacher's group training: a member solves it inside the group, progress and rank live (${locale})`, async ({ browser, request }) => {
    test.setTimeout(300_000);
    const zh = locale === 'zh-CN';
    const n = `${zh ? 'z' : 'e'}${Date.now() % 100000}`;
    const [teacher, student, outsider] = [`tt_${n}`, `ts_${n}`, `to_${n}`];
    for (const u of [teacher, student, outsider]) await registerUser(request, u, GROUP_PASSWORD);
    const rootRes = await request.post('/api/login', { data: { username: 'root', password: E2E_ADMIN_PASSWORD } });
    const rootToken = rootRes.headers()['authorization']!;
    const category = `Weeks ${n}`;
    const { id: categoryId } = await okData<{ id: number }>(request, rootToken, 'POST', '/api/admin/training/category', { name: category, color: '#409EFF' });

    // A public group (joining is immediate) with the teacher's problem.
    const tt = await tokenOf(request, teacher);
    const shortName = `tr${n}`.slice(0, 10);
    const { id: gid } = await okData<{ id: number }>(request, tt, 'POST', '/api/group', { name: `Training class ${n}`, shortName, brief: 'a class with trainings', description: 'weekly trainings', auth: 1 });
    await okData(request, await tokenOf(request, student), 'POST', `/api/group/member?gid=${gid}`);
    const { problemId } = await okData<{ problemId: string }>(request, tt, 'POST', '/api/group/problem', {
      problem: { problemId: 'T1', title: `Sum ${n}`, description: 'Add.', input: 'a b', output: 'a+b', timeLimit: 1000, memoryLimit: 256, stackLimit: 128, difficulty: 0, auth: 1, type: 0, codeShare: true, examples: [], isRemoveEndBlank: true, openCaseResult: true, gid },
      samples: [{ input: '20 22\n', output: '42\n' }],
      isUploadTestCase: false,
      languages: [{ name: 'C' }],
    });

    // The teacher creates the training in the group's Training Admin and adds the group's problem by its id.
    const t = await signedIn(browser, teacher, locale);
    await t.goto(`/group/${gid}/training`);
    await expect(t.getByTestId('group-training-row')).toHaveCount(0);
    await t.getByTestId('group-training-admin').click();
    await expect(t.getByTestId('group-training-admin-page')).toBeVisible();
    // In words, not message ids: the admin pages' messages load here too (the teacher never opened the admin shell).
    await expect(t.getByTestId('admin-training-create')).toHaveText(zh ? '创建训练' : 'Create Training');
    await t.getByTestId('admin-training-create').click();
    await t.getByTestId('training-form-title').fill(`Week ${n}`);
    await t.getByTestId('training-form-description').locator('textarea').fill('Solve **the sum**.');
    await t.getByTestId('training-form-category').selectOption({ label: category });
    await t.getByTestId('training-form-save').click();
    await expect(t.getByTestId('admin-training-problems-page')).toBeVisible();
    await expect(t).toHaveURL(new RegExp(`/group/${gid}/training/admin/\\d+/problems$`));
    const tid = Number(/\/admin\/(\d+)\/problems$/.exec(t.url())![1]);
    await t.getByTestId('admin-training-add-group-id').fill(problemId);
    await t.getByTestId('admin-training-add-group-submit').click();
    await expect(t.getByTestId('admin-training-problem-table').locator('tbody tr')).toHaveCount(1);
    await expect(t.getByTestId('admin-training-problem-table')).toContainText(problemId);
    // The training is the group's: not in the site's list.
    expect(((await (await request.get('/api/get-training-list?limit=100')).json()).data.records as { id: number }[]).map((r) => r.id)).not.toContain(tid);

    // The teacher keeps the group's rank open.
    await t.goto(`/group/${gid}/rank`);
    await expect(t.getByTestId('group-rank-acm')).toHaveText(zh ? 'ACM 排名' : 'ACM Rank');
    await expect(t.getByTestId('rank-table')).toContainText(student);
    await expect(t.getByTestId('rank-ac-link').first()).toHaveText('0');

    // The student finds it in the group's Trainings tab, opens it and solves the problem inside it.
    const s = await signedIn(browser, student, locale);
    await s.goto(`/group/${gid}/training`);
    const row = s.locator(`[data-testid="group-training-row"][data-tid="${tid}"]`);
    await expect(row.getByTestId('group-training-progress')).toHaveAttribute('data-ac', '0');
    await row.getByTestId('group-training-open').click();
    // The training's pages open inside the group's routes, with the way back to the group.
    await expect(s).toHaveURL(new RegExp(`/group/${gid}/training/${tid}$`));
    await expect(s.getByTestId('group-tabs')).toBeVisible();
    await expect(s.getByTestId('training-group-home')).toHaveText(zh ? '团队首页' : 'Group home');
    const bar = s.getByTestId('training-shell').getByTestId('training-progress');
    await expect(bar).toHaveAttribute('data-ac', '0');
    await expect(bar).toHaveAttribute('data-total', '1');
    await s.getByTestId('training-tab-problems').click();
    await s.locator(`[data-testid="training-problem-row"][data-problem-id="${problemId}"]`).click();
    await expect(s).toHaveURL(new RegExp(`/group/${gid}/training/${tid}/problem/${problemId}$`));
    await expect(s.getByTestId('training-problem-page')).toHaveAttribute('data-problem-id', problemId);
    await s.getByTestId('language-select').selectOption('C');
    await setCode(s, template('C'));
    await s.getByTestId('submit-code').click();
    await expect(s.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 120_000 });
    // Live: the student's progress bar and the teacher's open rank, without a reload.
    await expect(bar).toHaveAttribute('data-ac', '1');
    await expect(t.getByTestId('rank-table').locator('tr', { hasText: student }).getByTestId('rank-ac-link')).toHaveText('1', { timeout: 30_000 });
    await expect(t.getByTestId('rank-table').locator('tbody tr').first()).toContainText(student);
    // The training's own rank inside the group; the full-screen page; the site's path sends a member into the group.
    await s.goto(`/group/${gid}/training/${tid}/rank`);
    const myRank = s.locator('[data-testid="training-rank-row"]', { hasText: student });
    await expect(myRank.getByTestId('training-rank-ac')).toHaveText('1');
    // A cell opens the member's submissions of that problem where they are filed: the group's Status tab.
    await myRank.getByTestId('training-rank-cell').first().click();
    await expect(s).toHaveURL(new RegExp(`/group/${gid}/status\\?`));
    await expect(s.getByTestId('status-row')).toHaveCount(1);
    await s.goto(`/group/${gid}/training/${tid}/problem/${problemId}/full-screen`);
    await expect(s.getByTestId('training-problem-full-screen')).toBeVisible();
    await expect(s.getByTestId('training-problem-bar')).toContainText(problemId);
    await s.goto(`/training/${tid}/problems`);
    await expect(s).toHaveURL(new RegExp(`/group/${gid}/training/${tid}/problems$`));
    await expect(s.getByTestId('training-problem-row')).toHaveCount(1);

    // The group's Status tab lists the submission made inside the group.
    await s.goto(`/group/${gid}/status`);
    await expect(s.getByTestId('group-status')).toContainText(problemId);
    // The group's problem opens inside the group (the site's problem page does not show it).
    await s.getByTestId('status-problem').first().click();
    await expect(s).toHaveURL(new RegExp(`/group/${gid}/problem/${problemId}$`));
    await expect(s.getByTestId('problem-load-failed')).toHaveCount(0);
    await expect(s.getByTestId('problem-title')).toContainText(`Sum ${n}`);
    await s.goto(`/group/${gid}/status`);
    // A row opens the submission's page inside the group.
    await s.getByTestId('status-submit-id').first().click();
    await expect(s).toHaveURL(new RegExp(`/group/${gid}/submission-detail/\\d+$`));
    await expect(s.getByTestId('group-tabs')).toBeVisible();
    await expect(s.getByTestId('submission-banner')).toBeVisible();

    // A non-member: the training and the group's lists refuse them.
    const ot = await tokenOf(request, outsider);
    for (const url of [`/api/get-training-detail?tid=${tid}`, `/api/group/get-training-list?gid=${gid}`, `/api/get-group-rank-list?gid=${gid}&type=0`, `/api/get-submission-list?gid=${gid}`]) {
      expect((await (await request.get(url, { headers: { authorization: ot } })).json()).code, url).toBe('GROUP_NOT_MEMBER');
    }
    const o = await signedIn(browser, outsider, locale);
    await o.goto(`/training/${tid}`);
    await expect(o.getByTestId('training-load-failed')).toBeVisible();
    await o.goto(`/group/${gid}/training/${tid}`);
    await expect(o.getByTestId('group-no-access')).toBeVisible();
    await expect(o.getByTestId('training-shell')).toHaveCount(0);
    // Group A's training under group B's route (the student is a member of both): not shown.
    const { id: otherGid } = await okData<{ id: number }>(request, ot, 'POST', '/api/group', { name: `Other class ${n}`, shortName: `ot${n}`.slice(0, 10), brief: 'another class', description: 'another class', auth: 1 });
    await okData(request, await tokenOf(request, student), 'POST', `/api/group/member?gid=${otherGid}`);
    await s.goto(`/group/${otherGid}/training/${tid}`);
    await expect(s.getByTestId('training-load-failed')).toBeVisible();
    await expect(s.getByTestId('training-title')).toHaveCount(0);
    await o.goto(`/group/${gid}/training`);
    await expect(o.getByTestId('group-no-access')).toBeVisible();
    for (const p of [t, s, o]) await p.context().close();
    // The site had no training category before: the training spec's first step checks the form's "no category" alert.
    await okData(request, tt, 'DELETE', `/api/group/training?tid=${tid}`);
    await okData(request, rootToken, 'DELETE', `/api/admin/training/category?cid=${categoryId}`);
  });
}
