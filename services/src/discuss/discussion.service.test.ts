// Discussions on a real PostgreSQL (issue 18, items 6–10): the form's rules and messages, the author's edit with the
// category locked, delete rights, likes once per user, views once per viewer per period, the list's filters, the
// categories, who may follow the live topic, and what each change pushes on `discussion:<did>`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OjError, topics, type DiscussionBody, type PushEventName } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { createPushService } from '../push/push.service';
import { addAccount, addDiscussionCategory, addProblem, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createDiscussService } from './discuss.service';
import { createMessageService } from './message.service';

let t: TestDb;
let cat = 0;
beforeAll(async () => {
  t = await startTestDb();
  cat = await addDiscussionCategory(t.db, 'Help');
});
afterAll(() => t.stop());

const setup = (config = {}) => {
  const ctx = serviceContext(t.db, { postMinAc: 0, commentMinAc: 0, discussionDailyLimit: 0, ...config });
  return { ctx, discuss: createDiscussService(ctx), push: createPushService(ctx) };
};
const body = (extra: Partial<DiscussionBody> = {}): DiscussionBody => ({ title: 'Title', description: 'About', content: 'Body', categoryId: cat, ...extra });
/** The message (and its parameters) a promise is refused with. */
async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof OjError) return `${e.code} ${JSON.stringify(e.params)}`;
    throw e;
  }
}
/** The events stored on a discussion's topic, in order. */
async function events(push: ReturnType<typeof setup>['push'], did: number): Promise<{ event: PushEventName; data: unknown }[]> {
  return ((await push.replay(topics.discussion(did), 0)) ?? []).map(({ event, data }) => ({ event, data }));
}

describe('posting', () => {
  it('checks the fields in the form order with the spec messages', async () => {
    const { discuss } = setup();
    const u = await addUser(t.db);
    const post = (b: DiscussionBody) => failure(discuss.addDiscussion(b, u));
    expect(await post(body({ title: '  ' }))).toBe('DISCUSSION_FIELD_REQUIRED {"field":"discussionTitle"}');
    expect(await post(body({ title: 'x'.repeat(256) }))).toBe('DISCUSSION_FIELD_TOO_LONG {"field":"discussionTitle","max":255}');
    expect(await post(body({ description: undefined }))).toBe('DISCUSSION_FIELD_REQUIRED {"field":"description"}');
    expect(await post(body({ description: 'x'.repeat(256) }))).toBe('DISCUSSION_FIELD_TOO_LONG {"field":"description","max":255}');
    expect(await post(body({ content: ' \n ' }))).toBe('DISCUSSION_FIELD_REQUIRED {"field":"content"}');
    expect(await post(body({ content: 'x'.repeat(65_536) }))).toBe('DISCUSSION_FIELD_TOO_LONG {"field":"content","max":65535}');
    expect(await post(body({ categoryId: null }))).toBe('DISCUSSION_FIELD_REQUIRED {"field":"category"}');
    expect(await post(body({ categoryId: 999_999 }))).toBe('DISCUSSION_CATEGORY_NOT_FOUND {}');
    const ok = await discuss.addDiscussion(body({ title: 'x'.repeat(255), content: 'y'.repeat(65_535) }), u);
    expect(ok).toMatchObject({ categoryId: cat, categoryName: 'Help', description: 'About', hasLike: false, role: null });
    expect(ok.content).toHaveLength(65_535);
  });

  it("prefixes a problem's discussion with [pid] once, measuring the title without it", async () => {
    const { discuss } = setup();
    const u = await addUser(t.db);
    const p = await addProblem(t.db);
    const d = await discuss.addDiscussion(body({ title: 'x'.repeat(255), pid: p.problemId }), u);
    expect(d.title).toBe(`[${p.problemId}] ${'x'.repeat(255)}`);
    const again = await discuss.addDiscussion(body({ title: `[${p.problemId}] Already`, pid: p.problemId }), u);
    expect(again.title).toBe(`[${p.problemId}] Already`);
    // The author's edit keeps the prefix even when the form sends the title without it.
    await discuss.updateDiscussion({ id: again.id, ...body({ title: 'Renamed' }) }, u);
    expect((await discuss.discussion(again.id, u)).title).toBe(`[${p.problemId}] Renamed`);
  });

  it('badges an admin author ADM and a super admin SPA', async () => {
    const { discuss } = setup();
    // Accounts with their roles stored (the badge is read from the database).
    const stamp = Date.now() % 1e6;
    const admin = await addAccount(t.db, { username: `adm${stamp}`, password: 'secret1', roles: ['admin'] });
    const root = await addAccount(t.db, { username: `spa${stamp}`, password: 'secret1', roles: ['root'] });
    expect((await discuss.addDiscussion(body(), admin)).role).toBe('admin');
    expect((await discuss.addDiscussion(body(), root)).role).toBe('root');
  });
});

describe('edit and delete', () => {
  it('lets only the author edit, keeps the category, and pushes the change', async () => {
    const { discuss, push } = setup();
    const other = await addDiscussionCategory(t.db);
    const [author, stranger, admin] = [await addUser(t.db), await addUser(t.db), await addUser(t.db, ['admin'])];
    const d = await discuss.addDiscussion(body(), author);
    const edit = (v: Viewer) => refusal(discuss.updateDiscussion({ id: d.id, ...body({ title: 'Edited', categoryId: other }) }, v));
    expect([await edit(stranger), await edit(admin), await edit(author)]).toEqual(['DISCUSSION_EDIT_FORBIDDEN', 'DISCUSSION_EDIT_FORBIDDEN', 'ok']);
    expect(await discuss.discussion(d.id, author)).toMatchObject({ title: 'Edited', categoryId: cat });
    expect(await refusal(discuss.updateDiscussion({ id: d.id, ...body({ description: '' }) }, author))).toBe('DISCUSSION_FIELD_REQUIRED');
    expect(await events(push, d.id)).toEqual([{ event: 'discussion.changed', data: { did: d.id } }]);
  });

  it('lets the author or an admin delete, nobody else', async () => {
    const { discuss, push } = setup();
    const [author, stranger, admin] = [await addUser(t.db), await addUser(t.db), await addUser(t.db, ['admin'])];
    const mine = await discuss.addDiscussion(body(), author);
    const theirs = await discuss.addDiscussion(body(), author);
    expect(await refusal(discuss.deleteDiscussion(mine.id, stranger))).toBe('DISCUSSION_DELETE_FORBIDDEN');
    await discuss.deleteDiscussion(mine.id, author);
    await discuss.deleteDiscussion(theirs.id, admin);
    expect([await refusal(discuss.discussion(mine.id, admin)), await refusal(discuss.discussion(theirs.id, admin))]).toEqual(['DISCUSSION_NOT_FOUND', 'DISCUSSION_NOT_FOUND']);
    expect((await events(push, theirs.id)).map((e) => e.event)).toEqual(['discussion.changed']);
  });
});

describe('likes and views', () => {
  it('counts a like once per user, tells the author once, and pushes the count', async () => {
    const { ctx, discuss, push } = setup();
    const [author, fan] = [await addUser(t.db), await addUser(t.db)];
    const d = await discuss.addDiscussion(body(), author);
    await discuss.likeDiscussion({ did: d.id, toLike: true }, fan);
    await discuss.likeDiscussion({ did: d.id, toLike: true }, fan);
    expect(await discuss.discussion(d.id, fan)).toMatchObject({ likeNum: 1, hasLike: true });
    expect((await discuss.discussion(d.id, author)).hasLike).toBe(false);
    await discuss.likeDiscussion({ did: d.id, toLike: false }, fan);
    await discuss.likeDiscussion({ did: d.id, toLike: true }, fan);
    expect((await discuss.discussion(d.id, null)).likeNum).toBe(1);
    const likes = (await events(push, d.id)).map((e) => e.data);
    expect(likes).toEqual([1, 0, 1].map((likeNum) => ({ did: d.id, commentId: null, likeNum })));
    const msgs = await createMessageService(ctx).userMessages('like', {}, author);
    expect(msgs.records.map((m) => [m.sourceTitle, m.quoteType, m.url])).toEqual([[d.title, 'Discussion', `/discussion-detail/${d.id}`]]);
  });

  it('counts a view once per viewer per period (signed in by user, anonymous by address)', async () => {
    const { discuss } = setup();
    const [author, reader] = [await addUser(t.db), await addUser(t.db)];
    const d = await discuss.addDiscussion(body(), author);
    for (let i = 0; i < 3; i++) await discuss.discussion(d.id, reader);
    await discuss.discussion(d.id, null, '10.0.0.1');
    await discuss.discussion(d.id, null, '10.0.0.1');
    await discuss.discussion(d.id, null, '10.0.0.2');
    expect((await discuss.discussion(d.id, author)).viewNum).toBe(4);
    // A day later the same reader counts again.
    await t.db.execute(sql`update discussion_view set counted_at = counted_at - interval '25 hours' where did = ${d.id}`);
    await discuss.discussion(d.id, reader);
    expect((await discuss.discussion(d.id, reader)).viewNum).toBe(5);
  });
});

describe('the list', () => {
  it('filters by keyword (title or description), category and the caller, and hides disabled ones but from admins', async () => {
    const { discuss } = setup();
    const news = await addDiscussionCategory(t.db);
    const [a, b, admin] = [await addUser(t.db), await addUser(t.db), await addUser(t.db, ['admin'])];
    const tag = `kw${Date.now()}`;
    const first = await discuss.addDiscussion(body({ title: `One ${tag}`, categoryId: news }), a);
    const second = await discuss.addDiscussion(body({ description: `about ${tag}` }), b);
    const ids = async (q: object, v: Viewer | null) => (await discuss.listDiscussions({ limit: 100, ...q }, v)).records.map((r) => r.id);
    expect(await ids({ keyword: tag }, null)).toEqual([second.id, first.id]);
    expect(await ids({ keyword: tag, cid: news }, null)).toEqual([first.id]);
    expect(await ids({ keyword: tag, onlyMine: true }, b)).toEqual([second.id]);
    expect(await ids({ keyword: tag, onlyMine: true }, null)).toEqual([second.id, first.id]);
    const [card] = (await discuss.listDiscussions({ keyword: tag, cid: news }, null)).records;
    expect(card).not.toHaveProperty('content');
    await t.db.execute(sql`update discussion set status = 1 where id = ${first.id}`);
    expect(await ids({ keyword: tag }, b)).toEqual([second.id]);
    expect(await ids({ keyword: tag }, admin)).toEqual([second.id, first.id]);
  });
});

describe('categories', () => {
  it('saves the whole list: renames, adds and removes (its discussions keep no category); refuses blanks, twins and unknown ids', async () => {
    const { discuss } = setup();
    const u = await addUser(t.db);
    const gone = await addDiscussionCategory(t.db, 'To remove');
    const d = await discuss.addDiscussion(body({ categoryId: gone }), u);
    const before = await discuss.categories();
    const kept = before.filter((c) => c.id !== gone).map((c) => (c.id === cat ? { id: c.id, name: 'Help desk' } : c));
    const after = await discuss.saveCategories([...kept, { name: ' New one ' }]);
    expect(after.map((c) => c.name)).toEqual([...kept.map((c) => c.name), 'New one']);
    expect(await discuss.discussion(d.id, u)).toMatchObject({ categoryId: null, categoryName: null });
    expect(await refusal(discuss.saveCategories([...after, { name: 'New one' }]))).toBe('DISCUSSION_CATEGORY_DUPLICATE');
    expect(await refusal(discuss.saveCategories([{ name: '  ' }]))).toBe('DISCUSSION_FIELD_REQUIRED');
    expect(await refusal(discuss.saveCategories([{ name: 'x'.repeat(51) }]))).toBe('DISCUSSION_FIELD_TOO_LONG');
    expect(await refusal(discuss.saveCategories([{ id: 999_999, name: 'Ghost' }]))).toBe('DISCUSSION_CATEGORY_NOT_FOUND');
    expect((await discuss.categories()).map((c) => c.name)).toEqual(after.map((c) => c.name));
  });
});

describe('the live topic', () => {
  it('is open to whoever may read the discussion', async () => {
    const { ctx, discuss } = setup();
    const [u, admin] = [await addUser(t.db), await addUser(t.db, ['admin'])];
    const d = await discuss.addDiscussion(body(), u);
    expect([await discuss.canWatch(d.id, null), await discuss.canWatch(999_999, u)]).toEqual([true, false]);
    await t.db.execute(sql`update discussion set status = 1 where id = ${d.id}`);
    expect([await discuss.canWatch(d.id, u), await discuss.canWatch(d.id, admin)]).toEqual([false, true]);
    ctx.config.site = { ...ctx.config.site, openPublicDiscussion: false };
    await t.db.execute(sql`update discussion set status = 0 where id = ${d.id}`);
    expect([await discuss.canWatch(d.id, u), await discuss.canWatch(d.id, admin)]).toEqual([false, true]);
  });

  it('carries new comments and replies, comment likes and deletions, with the counts', async () => {
    const { discuss, push } = setup();
    const [author, other] = [await addUser(t.db), await addUser(t.db)];
    const d = await discuss.addDiscussion(body(), author);
    const c = await discuss.addComment({ did: d.id, content: 'first' }, other);
    const r = await discuss.addReply({ reply: { commentId: c.id, content: 'answer' } }, author);
    await discuss.likeComment({ cid: c.id, toLike: true }, author);
    await discuss.deleteReply(r.id, author);
    await discuss.deleteComment({ id: c.id }, other);
    expect(await events(push, d.id)).toEqual([
      { event: 'discussion.comment', data: { did: d.id, commentNum: 1, comment: c } },
      { event: 'discussion.reply', data: { did: d.id, reply: r } },
      { event: 'discussion.like', data: { did: d.id, commentId: c.id, likeNum: 1 } },
      { event: 'discussion.removed', data: { did: d.id, commentNum: 1, commentId: c.id, replyId: r.id } },
      { event: 'discussion.removed', data: { did: d.id, commentNum: 0, commentId: c.id, replyId: null } },
    ]);
  });
});
