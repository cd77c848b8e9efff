// A group's discussions in a real browser, in both languages: a member posts in the group's Discussion tab (the
// public form, no category needed), lands on the discussion's page inside the group; another member, whose tab is
// open, sees it appear without a reload (`group.discussion` on `group:<gid>`) and opens it inside the group; a
// non-member is refused the tab's list and the discussion itself; the public list never shows it.
import { expect, registerUser, test } from './helpers';
import { GROUP_PASSWORD, okData, signedIn, tokenOf } from './group-helpers';
import { setSwitches } from './discussion-steps';

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a member's group discussion: another member sees it, a non-member is refused (${locale})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const zh = locale === 'zh-CN';
    const n = `${zh ? 'z' : 'e'}${Date.now() % 100000}`;
    const [owner, poster, reader, outsider] = [`gdo_${n}`, `gdp_${n}`, `gdr_${n}`, `gdx_${n}`];
    for (const u of [owner, poster, reader, outsider]) await registerUser(request, u, GROUP_PASSWORD);
    // A public group (joining is immediate) with two members.
    const ot = await tokenOf(request, owner);
    const { id: gid } = await okData<{ id: number }>(request, ot, 'POST', '/api/group', { name: `Discussion class ${n}`, shortName: `gd${n}`.slice(0, 10), brief: 'a class that talks', description: 'weekly talks', auth: 1 });
    for (const u of [poster, reader]) await okData(request, await tokenOf(request, u), 'POST', `/api/group/member?gid=${gid}`);
    // New accounts: no accepted problems needed to post (the AC gate is the services' test).
    const before = await setSwitches(request, { defaultCreateDiscussionACInitValue: 0 });
    try {
      // Another member keeps the group's Discussion tab open.
      const r = await signedIn(browser, reader, locale);
      await r.goto(`/group/${gid}/discussion`);
      await expect(r.getByTestId('group-discussion')).toBeVisible();
      await expect(r.getByTestId('discussion-item')).toHaveCount(0);
      const p = await signedIn(browser, poster, locale);
      await p.goto(`/group/${gid}/discussion`);
      await expect(p.getByTestId('group-discussion')).toBeVisible();
      await expect(p.getByTestId('group-discussion-post')).toHaveText(zh ? '发布讨论' : 'Post a discussion');
      await p.getByTestId('group-discussion-post').click();
      const dialog = p.getByTestId('discussion-dialog');
      await expect(dialog).toBeVisible();
      const title = `Week 1 question ${n}`;
      await dialog.getByTestId('discussion-form-title').fill(title);
      await dialog.getByTestId('discussion-form-description').fill('How to start');
      await dialog.getByTestId('discussion-form-content').locator('textarea').fill('Where do I **begin**?');
      await dialog.getByTestId('discussion-form-submit').click();
      await expect(p).toHaveURL(new RegExp(`/group/${gid}/discussion-detail/\\d+$`));
      await expect(p.getByTestId('group-tabs')).toBeVisible();
      await expect(p.getByTestId('discussion-heading')).toHaveText(title);
      const did = Number(/\/discussion-detail\/(\d+)$/.exec(p.url())![1]);

      // The other member's open tab shows it without a reload (pushed), and it opens inside the group.
      await expect(r.getByTestId('discussion-item')).toHaveCount(1, { timeout: 15_000 });
      await expect(r.getByTestId('discussion-author')).toContainText(poster);
      await r.getByTestId('discussion-title').click();
      await expect(r).toHaveURL(new RegExp(`/group/${gid}/discussion-detail/${did}$`));
      await expect(r.getByTestId('discussion-heading')).toHaveText(title);
      // The group's discussions about one problem: none are about a problem.
      await r.goto(`/group/${gid}/discussion/P1000`);
      await expect(r.getByTestId('group-discussion')).toBeVisible();
      await expect(r.getByTestId('discussion-item')).toHaveCount(0);

      // The public list never shows it.
      const pub = (await (await request.get('/api/get-discussion-list?limit=100')).json()) as { data: { records: { id: number }[] } };
      expect(pub.data.records.map((d) => d.id)).not.toContain(did);

      // A non-member: the tab's list is refused with the catalogue's message, and so is the discussion.
      const x = await signedIn(browser, outsider, locale);
      const refused = zh ? '只有该团队的成员可以执行此操作' : 'Only members of this group can do this';
      const xt = await tokenOf(request, outsider);
      for (const url of [`/api/group/get-discussion-list?gid=${gid}`, `/api/get-discussion-detail?did=${did}`]) {
        const res = await request.get(url, { headers: { authorization: xt, 'accept-language': locale } });
        const body = (await res.json()) as { status: number; code: string; msg: string };
        expect([body.code, body.msg]).toEqual(['GROUP_NOT_MEMBER', refused]);
      }
      await x.goto(`/discussion-detail/${did}`);
      await expect(x.getByText(refused).first()).toBeVisible();
      await expect(x.getByTestId('discussion-heading')).toHaveCount(0);
      await x.goto(`/group/${gid}/discussion-detail/${did}`);
      await expect(x.getByTestId('group-no-access')).toBeVisible();
      await expect(x.getByTestId('discussion-heading')).toHaveCount(0);
      for (const pg of [p, r, x]) await pg.context().close();
    } finally {
      await setSwitches(request, before);
    }
  });
}
