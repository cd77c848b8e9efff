// Group contests in a real browser, in both languages (issue 19, item 7): a teacher creates a contest in the group's
// Contests tab with the contest form, adds the group's problem as A (contest-only) on the contest problems page; a
// student member opens the contest from the group's cards, solves A and appears on the board the teacher keeps open,
// by push (the board is not reloaded); a user outside the group gets nothing: the contest page, its REST calls and
// the site's contest list know no such contest.
import type { Page } from '@playwright/test';
import { expect, registerUser, setCode, template, test } from './helpers';
import { apiLogin } from './contest-fixtures';
import { GROUP_PASSWORD, okData, signedIn } from './group-helpers';

const localInput = (page: Page, minutes: number) =>
  page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, minutes);

/** Board reads of a page (a push-driven board loads once). */
function countBoardReads(page: Page): { readonly count: number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/get-contest-rank')) n++;
  });
  return {
    get count() {
      return n;
    },
  };
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a teacher runs a group contest; a member solves it and appears on its board live; outsiders see nothing (${locale})`, async ({ browser, request }) => {
    test.setTimeout(300_000);
    const zh = locale === 'zh-CN';
    const n = `${zh ? 'z' : 'e'}${Date.now() % 100000}`;
    const [teacher, student, outsider] = [`ct_${n}`, `cs_${n}`, `co_${n}`];
    for (const u of [teacher, student, outsider]) await registerUser(request, u, GROUP_PASSWORD);
    const tt = await apiLogin(request, teacher, GROUP_PASSWORD);
    const st = await apiLogin(request, student, GROUP_PASSWORD);
    const ot = await apiLogin(request, outsider, GROUP_PASSWORD);

    // The group, the student's membership (a public group: applying joins) and a group problem, over REST: the group
    // screens have their own spec.
    const shortName = `gc${n}`.slice(0, 10);
    const { id: gid } = await okData<{ id: number }>(request, tt.token, 'POST', '/api/group', {
      name: `Contest class ${n}`,
      shortName,
      brief: 'Weekly contests',
      description: 'A class that runs contests',
      auth: 1,
    });
    await okData(request, st.token, 'POST', `/api/group/member?gid=${gid}`);
    const { problemId } = await okData<{ problemId: string }>(request, tt.token, 'POST', '/api/group/problem', {
      problem: { problemId: 'P1', title: `A plus B ${n}`, description: 'Add two integers.', input: 'a b', output: 'a+b', timeLimit: 1000, memoryLimit: 256, stackLimit: 128, difficulty: 0, auth: 1, type: 0, codeShare: true, examples: [], isRemoveEndBlank: true, openCaseResult: true, gid },
      samples: [{ input: '1 2\n', output: '3\n' }],
      isUploadTestCase: false,
      languages: [{ name: 'C' }],
    });

    // The teacher creates the contest from the group's Contests tab with the contest form.
    const t = await signedIn(browser, teacher, locale);
    t.on('dialog', (d) => void d.accept());
    await t.goto(`/group/${gid}/contest`);
    await expect(t.getByTestId('group-contest-create')).toHaveText(zh ? '创建比赛' : 'Create Contest');
    await t.getByTestId('group-contest-create').click();
    await expect(t.getByTestId('admin-contest-form')).toBeVisible();
    const title = `Week 1 ${n}`;
    await t.getByTestId('admin-contest-title').fill(title);
    await t.getByTestId('admin-contest-description').fill('The first **weekly** contest.');
    await t.getByTestId('admin-contest-start').fill(await localInput(t, -2));
    await t.getByTestId('admin-contest-end').fill(await localInput(t, 180));
    await t.getByTestId('admin-contest-save').click();

    // Its problems: the group's problem as A, made a contest problem.
    await expect(t.getByTestId('group-contest-problem-admin')).toBeVisible();
    const cid = Number(/\/contest\/(\d+)\/problems/.exec(t.url())![1]);
    const candidate = t.getByTestId('group-contest-candidate').filter({ hasText: problemId });
    // The next free letter is suggested, as on the site's contest admin; emptied, the add is refused with a reason.
    await expect(t.getByTestId('group-contest-problem-display-id')).toHaveValue('A');
    await t.getByTestId('group-contest-problem-display-id').fill('');
    await candidate.getByTestId('group-contest-candidate-add').click();
    await expect(t.getByTestId('toast').filter({ hasText: zh ? '请先填写展示 ID' : 'Fill in the display ID first' })).toBeVisible();
    await t.getByTestId('group-contest-problem-display-id').fill('A');
    await t.getByTestId('group-contest-problem-contest-only').check();
    await candidate.getByTestId('group-contest-candidate-add').click();
    await expect(t.getByTestId('group-contest-problem-row')).toHaveCount(1);
    await expect(t.getByTestId('group-contest-problem-row').first()).toContainText(problemId);
    // Contest-only now: the group's problem list no longer offers it to members.
    const memberProblems = await okData<{ records: { problemId: string }[] }>(request, st.token, 'GET', `/api/group/get-problem-list?gid=${gid}`);
    expect(memberProblems.records.map((p) => p.problemId)).not.toContain(problemId);

    // The admin table lists it with its switch and actions.
    await t.goto(`/group/${gid}/contest?view=admin`);
    const row = t.getByTestId('group-contest-row').filter({ hasText: title });
    await expect(row.getByTestId('group-contest-visible')).toBeChecked();
    await expect(row.getByTestId('admin-contest-ac-code')).toBeVisible();

    // The teacher keeps the board open.
    await t.goto(`/contest/${cid}/rank`);
    await expect(t.getByTestId('contest-load-failed')).toHaveCount(0);
    await expect(t.getByTestId('contest-tab-rank')).toBeVisible();
    // Counted from the moment the board has been read once (its first read may come after the tab shows).
    await expect(t.getByTestId('scoreboard')).toHaveAttribute('data-view', /.+/);
    const reads = countBoardReads(t);

    // The student opens the contest from the group's cards and solves A.
    const s = await signedIn(browser, student, locale);
    await s.goto(`/group/${gid}/contest`);
    const card = s.getByTestId('group-contest-card').filter({ hasText: title });
    await expect(card.getByTestId('contest-status')).toHaveText(zh ? '进行中' : 'Running');
    await card.click();
    await expect(s).toHaveURL(new RegExp(`/contest/${cid}`));
    await s.goto(`/contest/${cid}/problem/A`);
    await expect(s.getByTestId('problem-title')).toContainText(`A plus B ${n}`);
    await s.getByTestId('language-select').selectOption('C');
    await setCode(s, template('C'));
    await s.getByTestId('submit-code').click();
    await expect(s.getByTestId('verdict-status')).toHaveAttribute('data-status', '0', { timeout: 90_000 });

    // The student's row arrives on the teacher's board by push.
    const boardRow = t.locator(`[data-testid="board-row"][data-uid="${st.uid}"]:not([data-pinned])`);
    await expect(boardRow.getByTestId('board-ac')).toHaveText('1', { timeout: 30_000 });
    expect(reads.count).toBe(0);

    // Outsiders: no contest page, no calls, not in the site's list.
    const o = await signedIn(browser, outsider, locale);
    await o.goto(`/contest/${cid}`);
    await expect(o.getByTestId('contest-load-failed')).toBeVisible();
    await o.goto(`/group/${gid}/contest`);
    await expect(o.getByTestId('group-contest-card')).toHaveCount(0);
    const info = await (await request.get(`/api/get-contest-info?cid=${cid}`, { headers: { authorization: ot.token } })).json();
    expect(info.code).toBe('CONTEST_NOT_FOUND');
    const site = await (await request.get('/api/get-contest-list?currentPage=1&limit=100', { headers: { authorization: ot.token } })).json();
    expect((site.data.records as { id: number }[]).map((c) => c.id)).not.toContain(cid);
    const status = await (await request.get(`/api/get-submission-list?currentPage=1&limit=50&username=${student}`)).json();
    expect(status.data.records).toEqual([]);
  });
}

// The contest's managers on the group side (issue 19, item 7, the remaining parts): the group root creates a problem
// from the contest's problems page with the group problem form (the group's prefix, contest only, its display id),
// and posts a contest announcement from the group's announcements page of the contest (full-screen dialog, visible
// switch, edit, delete with a confirmation); the member watching the contest page gets it without a reload.
for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a group root creates a contest's own problem and posts its announcements from the group; a member sees them live (${locale})`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const zh = locale === 'zh-CN';
    const n = `${zh ? 'z' : 'e'}${Date.now() % 100000}`;
    const [teacher, student] = [`ca_${n}`, `cm_${n}`];
    for (const u of [teacher, student]) await registerUser(request, u, GROUP_PASSWORD);
    const tt = await apiLogin(request, teacher, GROUP_PASSWORD);
    const st = await apiLogin(request, student, GROUP_PASSWORD);
    const shortName = `ga${n}`.slice(0, 10);
    const { id: gid } = await okData<{ id: number }>(request, tt.token, 'POST', '/api/group', { name: `Announcing class ${n}`, shortName, brief: 'Weekly contests', description: 'A class that runs contests', auth: 1 });
    await okData(request, st.token, 'POST', `/api/group/member?gid=${gid}`);
    const title = `Week 2 ${n}`;
    const start = new Date(Date.now() - 60_000).toISOString();
    const end = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const { cid } = await okData<{ cid: number }>(request, tt.token, 'POST', '/api/group/contest', { gid, title, description: 'The second week.', type: 0, auth: 0, startTime: start, endTime: end });

    // The root opens the contest's problems page from the admin table and creates a problem there.
    const t = await signedIn(browser, teacher, locale);
    t.on('dialog', (d) => void d.accept());
    await t.goto(`/group/${gid}/contest?view=admin`);
    const row = t.getByTestId('group-contest-row').filter({ hasText: title });
    await row.getByTestId('group-contest-problems').click();
    await expect(t.getByTestId('group-contest-problem-create')).toHaveText(zh ? '创建题目' : 'Create Problem');
    await t.getByTestId('group-contest-problem-create').click();
    await expect(t).toHaveURL(new RegExp(`/group/${gid}/contest/${cid}/problem/create$`));
    await expect(t.getByTestId('problem-form-prefix')).toHaveText(shortName);
    await expect(t.getByTestId('contest-place-display-id')).toHaveValue('A');
    await expect(t.getByTestId('problem-form-auth')).toHaveValue('3');
    await t.getByTestId('contest-place-display-title').fill('Own apples');
    await t.getByTestId('problem-form-problem-id').fill('X1');
    await t.getByTestId('problem-form-title').fill(`Apples ${n}`);
    await t.getByTestId('problem-form-description').locator('textarea').fill('Count the apples.');
    await t.getByTestId('problem-form-input').locator('textarea').fill('Two integers.');
    await t.getByTestId('problem-form-output').locator('textarea').fill('Their sum.');
    await t.getByTestId('problem-form-cases-manual').check();
    const caseRow = t.getByTestId('problem-form-case-row').first();
    await caseRow.locator('textarea').nth(0).fill('1 2\n');
    await caseRow.locator('textarea').nth(1).fill('3\n');
    await t.getByTestId('problem-form-save').click();
    await expect(t).toHaveURL(new RegExp(`/group/${gid}/contest/${cid}/problems$`));
    const problemId = `${shortName}X1`;
    await expect(t.getByTestId('group-contest-problem-row')).toHaveCount(1);
    await expect(t.getByTestId('group-contest-problem-row').first()).toContainText('A');
    await expect(t.getByTestId('group-contest-problem-row').first()).toContainText(problemId);
    await expect(t.getByTestId('group-contest-problem-row').first()).toContainText('Own apples');
    // In the contest for the member under A; contest only: not in the group's problem list.
    const inContest = await okData<{ displayId: string; displayTitle: string }[]>(request, st.token, 'GET', `/api/get-contest-problem?cid=${cid}`);
    expect(inContest.map((p) => [p.displayId, p.displayTitle])).toEqual([['A', 'Own apples']]);
    const memberProblems = await okData<{ records: { problemId: string }[] }>(request, st.token, 'GET', `/api/group/get-problem-list?gid=${gid}`);
    expect(memberProblems.records.map((p) => p.problemId)).not.toContain(problemId);

    // The member keeps the contest page open.
    const s = await signedIn(browser, student, locale);
    await s.goto(`/contest/${cid}`);
    await expect(s.getByTestId('contest-title')).toHaveText(title);

    // The root posts an announcement from the group's page of the contest's announcements.
    await t.goto(`/group/${gid}/contest?view=admin`);
    await t.getByTestId('group-contest-row').filter({ hasText: title }).getByTestId('group-contest-announcements-link').click();
    await expect(t).toHaveURL(new RegExp(`/group/${gid}/contest/${cid}/announcement$`));
    await expect(t.getByTestId('group-contest-announcements')).toContainText(zh ? '比赛公告' : 'Contest Announcements');
    await t.getByTestId('group-contest-announcement-create').click();
    await expect(t.getByTestId('group-announcement-dialog')).toBeVisible();
    await t.getByTestId('group-announcement-title').fill(`Clarification ${n}`);
    await t.getByTestId('group-announcement-content').fill('Numbers fit in 32 bits.');
    await t.getByTestId('group-announcement-save').click();
    await expect(t.getByTestId('group-announcement-dialog')).toHaveCount(0);
    await expect(t.getByTestId('group-contest-announcement-row')).toHaveCount(1);

    // The member is told without a reload.
    const notice = s.getByTestId('contest-announcement-notice');
    await expect(notice).toHaveCount(1, { timeout: 15_000 });
    await expect(notice).toContainText(`Clarification ${n}`);

    // Hidden with the switch: gone from the member's list; edited; deleted after the confirmation.
    const arow = t.getByTestId('group-contest-announcement-row').first();
    // A controlled switch: it turns once the server has taken the change.
    await arow.getByTestId('group-contest-announcement-visible').click();
    await expect(arow.getByTestId('group-contest-announcement-visible')).not.toBeChecked();
    const listed = await okData<{ records: unknown[] }>(request, st.token, 'GET', `/api/get-contest-announcement?cid=${cid}&currentPage=1&limit=10`);
    expect(listed.records).toEqual([]);
    await arow.getByTestId('group-contest-announcement-edit').click();
    await t.getByTestId('group-announcement-title').fill(`Clarified ${n}`);
    await t.getByTestId('group-announcement-save').click();
    await expect(t.getByTestId('group-contest-announcement-row').first()).toContainText(`Clarified ${n}`);
    await t.getByTestId('group-contest-announcement-row').first().getByTestId('group-contest-announcement-delete').click();
    await expect(t.getByTestId('group-contest-announcement-row')).toHaveCount(0);
  });
}
