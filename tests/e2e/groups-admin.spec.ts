// A group's admin screens in a real browser, in both languages: the list's type tags and empty state; the member admin
// table (the owner's row fixed, an applicant refused — their side card says so —, another removed after a
// confirmation); the announcement table (the visible switch hides it from a member's home tab live, edit in the
// full-screen dialog, delete); Problem Admin (the auth select makes a problem private: gone from a member's list;
// delete); a member exits; the owner disbands the group. The group and its rows are made over REST: the screens that
// make them are in groups.spec.ts.
import { expect, registerUser, test } from './helpers';
import { GROUP_PASSWORD, okData, signedIn, tokenOf } from './group-helpers';

interface MemberRow {
  uid: string;
  username: string;
}

const problemDto = (gid: number, n: string) => ({
  problem: { problemId: 'Q1', title: `Sum ${n}`, description: 'Add.', input: 'a b', output: 'a+b', timeLimit: 1000, memoryLimit: 256, stackLimit: 128, difficulty: 0, auth: 1, type: 0, codeShare: true, examples: [], isRemoveEndBlank: true, openCaseResult: true, gid },
  samples: [{ input: '1 2\n', output: '3\n' }],
  isUploadTestCase: false,
  languages: [{ name: 'C' }],
});

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a group's owner runs its member, announcement and problem tables, then disbands it (${locale})`, async ({ browser, request }) => {
    test.setTimeout(300_000);
    const zh = locale === 'zh-CN';
    const n = `${zh ? 'y' : 'f'}${Date.now() % 100000}`;
    const [owner, refused, removed, member] = [`ga_${n}`, `gr_${n}`, `gd_${n}`, `gm_${n}`];
    for (const u of [owner, refused, removed, member]) await registerUser(request, u, GROUP_PASSWORD);
    const token = Object.fromEntries(await Promise.all([owner, refused, removed, member].map(async (u) => [u, await tokenOf(request, u)] as const)));

    // A protected group: three apply with a reason; the owner accepts one; a problem and an announcement by the owner.
    const name = `Team workspace ${n}`;
    const { id: gid } = await okData<{ id: number }>(request, token[owner]!, 'POST', '/api/group', { name, shortName: `tw${n}`.slice(0, 10), brief: 'a protected team group', description: 'the team', auth: 2, code: 'Tm4567' });
    for (const u of [refused, removed, member]) await okData(request, token[u]!, 'POST', `/api/group/member?gid=${gid}&reason=${encodeURIComponent('I am on the team')}`);
    const applicants = await okData<{ records: MemberRow[] }>(request, token[owner]!, 'GET', `/api/group/get-apply-list?gid=${gid}&limit=10`);
    const uidOf = (u: string) => applicants.records.find((r) => r.username === u)!.uid;
    await okData(request, token[owner]!, 'PUT', '/api/group/member', { gid, uid: uidOf(member), auth: 3 });
    const { problemId } = await okData<{ problemId: string }>(request, token[owner]!, 'POST', '/api/group/problem', problemDto(gid, n));
    await okData(request, token[owner]!, 'POST', '/api/group/announcement', { gid, title: `Practice ${n}`, content: 'Bring a laptop.' });

    // The list: the type tags filter, an empty page says so.
    const o = await signedIn(browser, owner, locale);
    o.on('dialog', (d) => void d.accept());
    await o.goto(`/group?keyword=${encodeURIComponent(n)}`);
    await expect(o.getByTestId('group-card')).toHaveCount(1);
    await o.getByTestId('group-filter-auth-3').click();
    await expect(o.getByTestId('group-empty')).toHaveText(zh ? '暂无团队' : 'No Groups');
    await o.getByTestId('group-filter-auth-2').click();
    await expect(o.getByTestId('group-card')).toHaveCount(1);
    await expect(o.getByTestId('group-card').getByTestId('group-auth-tag')).toHaveText(zh ? '保护' : 'Protected');

    // The member admin table: the owner's own row cannot change or go; an applicant is refused, another removed.
    await o.getByTestId('group-open').click();
    await o.getByTestId('group-tab-member').click();
    await o.getByTestId('group-members-admin-view').click();
    const row = (u: string) => o.locator(`[data-testid="group-member-admin-row"][data-username="${u}"]`);
    await expect(o.getByTestId('group-member-admin-row')).toHaveCount(4);
    await expect(row(owner).getByTestId('group-member-auth')).toBeDisabled();
    await expect(row(owner).getByTestId('group-member-delete')).toHaveCount(0);
    await row(refused).getByTestId('group-member-auth').selectOption('2');
    await expect(row(refused)).toHaveAttribute('data-auth', '2');
    await row(removed).getByTestId('group-member-delete').click();
    await expect(row(removed)).toHaveCount(0);
    await expect(o.getByTestId('group-member-admin-row')).toHaveCount(3);

    const r = await signedIn(browser, refused, locale);
    await r.goto(`/group/${gid}`);
    await expect(r.getByTestId('group-action')).toHaveAttribute('data-action', 'refused');
    await expect(r.getByTestId('group-refused')).toHaveText(zh ? '已拒绝' : 'Refused');
    await r.context().close();

    // Announcements: hidden by the switch, it leaves the member's open home tab; edited in the dialog; deleted.
    const m = await signedIn(browser, member, locale);
    m.on('dialog', (d) => void d.accept());
    await m.goto(`/group/${gid}`);
    await expect(m.getByTestId('group-announcement-item')).toHaveText(new RegExp(`Practice ${n}`));
    await o.getByTestId('group-tab-announcement').click();
    const ann = o.getByTestId('group-announcement-row');
    await expect(ann).toHaveCount(1);
    // The switch follows the server (it flips once the change is stored).
    await ann.getByTestId('group-announcement-visible').click();
    await expect(ann.getByTestId('group-announcement-visible')).not.toBeChecked();
    await expect(m.getByTestId('group-announcements-empty')).toHaveText(zh ? '暂无公告' : 'No announcements');
    await ann.getByTestId('group-announcement-edit').click();
    await o.getByTestId('group-announcement-title').fill(`Practice moved ${n}`);
    await o.getByTestId('group-announcement-save').click();
    await expect(ann).toContainText(`Practice moved ${n}`);
    await ann.getByTestId('group-announcement-delete').click();
    await expect(o.getByTestId('group-announcement-row')).toHaveCount(0);

    // Problem Admin: private in the group, the problem leaves the member's list; then it is deleted.
    await m.getByTestId('group-tab-problem').click();
    await expect(m.locator(`[data-testid="group-problem-row"][data-problem-id="${problemId}"]`)).toBeVisible();
    await o.getByTestId('group-tab-problem').click();
    await o.getByTestId('group-problem-admin-toggle').click();
    const prow = o.locator(`[data-testid="group-problem-admin-row"][data-problem-id="${problemId}"]`);
    await prow.getByTestId('group-problem-auth').selectOption('2');
    await expect(prow.getByTestId('group-problem-auth')).toHaveValue('2');
    await m.reload();
    await expect(m.getByTestId('group-problems').getByText(zh ? '暂无数据' : 'No data')).toBeVisible();
    await expect(m.getByTestId('group-problem-row')).toHaveCount(0);
    await prow.getByTestId('group-problem-delete').click();
    await expect(prow).toHaveCount(0);

    // The member exits (after a confirmation): their card offers Apply again.
    await m.getByTestId('group-tab-home').click();
    await m.getByTestId('group-exit').click();
    await expect(m.getByText(zh ? '退出成功' : 'Exit Successfully')).toBeVisible();
    await expect(m.getByTestId('group-action')).toHaveAttribute('data-action', 'apply');
    await expect(m.getByTestId('group-tab-problem')).toHaveAttribute('aria-disabled', 'true');

    // The owner disbands it: back on the list, and the group is gone for everyone.
    await o.getByTestId('group-tab-home').click();
    await o.getByTestId('group-disband').click();
    await expect(o).toHaveURL(/\/group$/);
    await expect(o.getByText(zh ? '解散成功' : 'Disband Successfully')).toBeVisible();
    const gone = await (await request.get(`/api/get-group-detail?gid=${gid}`, { headers: { authorization: token[member]! } })).json();
    expect(gone.code).toBe('GROUP_NOT_FOUND');
    for (const p of [o, m]) await p.context().close();
  });
}
