import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMMENT_MAX_LENGTH, JudgeStatus } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { addDiscussionCategory, addProblem, addSubmission, addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { checkContent } from './comment-access';
import { createDiscussService } from './discuss.service';

describe('comment content', () => {
  it('is trimmed, not blank, and at most the limit', async () => {
    expect(checkContent('  hi  ')).toBe('hi');
    expect(await refusal(Promise.resolve().then(() => checkContent(' \n\t ')))).toBe('COMMENT_EMPTY');
    expect(checkContent('x'.repeat(COMMENT_MAX_LENGTH))).toHaveLength(COMMENT_MAX_LENGTH);
    expect(await refusal(Promise.resolve().then(() => checkContent('x'.repeat(COMMENT_MAX_LENGTH + 1))))).toBe('COMMENT_TOO_LONG');
  });
});

describe('discussions', () => {
  let t: TestDb;
  let categoryId = 0;
  beforeAll(async () => {
    t = await startTestDb();
    categoryId = await addDiscussionCategory(t.db);
  });
  /** A post's required fields besides the title and content. */
  const form = () => ({ description: 'd', categoryId });
  afterAll(() => t.stop());
  const service = () => createDiscussService(serviceContext(t.db, { commentMinAc: 0, postMinAc: 0 }));

  it('counts comments and likes once, and lets only the author or an admin delete', async () => {
    const discuss = service();
    const [author, other, admin] = [await addUser(t.db), await addUser(t.db), await addUser(t.db, ['admin'])];
    const d = await discuss.addDiscussion({ title: ' T ', content: 'c', ...form() }, author);
    expect(d.title).toBe('T');
    const c = await discuss.addComment({ did: d.id, content: ' first ' }, other);
    expect(c).toMatchObject({ content: 'first', fromUid: other.uid, likeNum: 0 });
    expect((await discuss.discussion(d.id)).commentNum).toBe(1);
    await discuss.likeComment({ cid: c.id, toLike: true }, author);
    await discuss.likeComment({ cid: c.id, toLike: true }, author);
    const listed = await discuss.comments({ did: d.id }, author);
    expect(listed.commentList.records[0]!.likeNum).toBe(1);
    expect(listed.commentLikeMap).toEqual({ [String(c.id)]: true });
    expect(await refusal(discuss.deleteComment({ id: c.id }, author))).toBe('AUTH_FORBIDDEN');
    await discuss.deleteComment({ id: c.id }, admin);
    expect((await discuss.discussion(d.id)).commentNum).toBe(0);
  });

  it("addresses a reply to the quoted reply's author and refuses a quote from another comment", async () => {
    const discuss = service();
    const [a, b, c] = [await addUser(t.db), await addUser(t.db), await addUser(t.db)];
    const d = await discuss.addDiscussion({ title: 'T', content: 'c', ...form() }, a);
    const comment = await discuss.addComment({ did: d.id, content: 'q' }, a);
    const first = await discuss.addReply({ reply: { commentId: comment.id, content: 'r1' } }, b);
    expect(first.toUid).toBe(a.uid);
    const second = await discuss.addReply({ reply: { commentId: comment.id, content: 'r2' }, quoteId: first.id, quoteType: 'Reply' }, c);
    expect(second.toUid).toBe(b.uid);
    const elsewhere = await discuss.addComment({ did: d.id, content: 'other' }, a);
    expect(await refusal(discuss.addReply({ reply: { commentId: elsewhere.id, content: 'x' }, quoteId: first.id, quoteType: 'Reply' }, c))).toBe('REPLY_NOT_FOUND');
    expect((await discuss.replies(comment.id, c)).map((r) => r.content)).toEqual(['r1', 'r2']);
  });

  it('lets comments and replies through the permission, then the AC-count gate that admins skip', async () => {
    const discuss = createDiscussService(serviceContext(t.db, { commentMinAc: 1, postMinAc: 0 }));
    const [author, newcomer, solver, admin, muted] = [await addUser(t.db), await addUser(t.db), await addUser(t.db), await addUser(t.db, ['admin']), await addUser(t.db, ['mute_user'])];
    await addSubmission(t.db, solver.uid, (await addProblem(t.db)).id, { status: JudgeStatus.ACCEPTED });
    const d = await discuss.addDiscussion({ title: 'T', content: 'c', ...form() }, author);
    const comment = (v: Viewer) => refusal(discuss.addComment({ did: d.id, content: 'hi' }, v));
    expect([await comment(newcomer), await comment(solver), await comment(admin), await comment(muted)]).toEqual(['COMMENT_AC_REQUIRED', 'ok', 'ok', 'COMMENT_FORBIDDEN']);
    const [first] = (await discuss.comments({ did: d.id }, null)).commentList.records;
    const reply = (v: Viewer) => refusal(discuss.addReply({ reply: { commentId: first!.id, content: 're' } }, v));
    expect([await reply(newcomer), await reply(solver), await reply(admin), await reply(muted)]).toEqual(['COMMENT_AC_REQUIRED', 'ok', 'ok', 'COMMENT_FORBIDDEN']);
  });

  it('applies the posting AC gate to new discussions (it was not applied), admins skip it, muted roles may not post', async () => {
    const discuss = createDiscussService(serviceContext(t.db, { postMinAc: 1, commentMinAc: 0 }));
    const [newcomer, solver, admin, noDiscuss] = [await addUser(t.db), await addUser(t.db), await addUser(t.db, ['admin']), await addUser(t.db, ['no_discuss_user'])];
    await addSubmission(t.db, solver.uid, (await addProblem(t.db)).id, { status: JudgeStatus.ACCEPTED });
    const post = (v: Viewer) => refusal(discuss.addDiscussion({ title: 'T', content: 'c', ...form() }, v));
    expect([await post(newcomer), await post(solver), await post(admin), await post(noDiscuss)]).toEqual(['ACCOUNT_POST_AC_REQUIRED', 'ok', 'ok', 'ACCOUNT_MUTED']);
  });

  it("keeps a problem's discussions: posted about a visible problem only, listed by its display id", async () => {
    const discuss = service();
    const [author, other] = [await addUser(t.db), await addUser(t.db)];
    const pub = await addProblem(t.db);
    const hidden = await addProblem(t.db, { auth: 2 });
    const about = await discuss.addDiscussion({ title: 'About it', content: 'c', pid: pub.problemId, ...form() }, author);
    await discuss.addDiscussion({ title: 'General', content: 'c', ...form() }, author);
    expect(about.pid).toBe(pub.problemId);
    expect(await refusal(discuss.addDiscussion({ title: 'T', content: 'c', pid: hidden.problemId, ...form() }, other))).toBe('PROBLEM_NOT_FOUND');
    expect(await refusal(discuss.addDiscussion({ title: 'T', content: 'c', pid: 'NO-SUCH', ...form() }, other))).toBe('PROBLEM_NOT_FOUND');
    const listed = await discuss.listDiscussions({ pid: pub.problemId, limit: 50 }, other);
    // A problem's discussion is titled with the problem id in brackets.
    expect(listed.records.map((d) => d.title)).toEqual([`[${pub.problemId}] About it`]);
    expect((await discuss.listDiscussions({ limit: 50 }, other)).records.map((d) => d.title)).toEqual(expect.arrayContaining([`[${pub.problemId}] About it`, 'General']));
    // The list of a problem the caller may not see, or of none, is refused.
    expect(await refusal(discuss.listDiscussions({ pid: hidden.problemId }, other))).toBe('PROBLEM_NOT_FOUND');
    expect(await refusal(discuss.listDiscussions({ pid: 'NO-SUCH' }, other))).toBe('PROBLEM_NOT_FOUND');
  });

  it('closes the public discussion area while the switch is off (admins pass), and hides disabled discussions', async () => {
    const ctx = serviceContext(t.db, { postMinAc: 0, commentMinAc: 0 });
    const discuss = createDiscussService(ctx);
    const [user, admin] = [await addUser(t.db), await addUser(t.db, ['admin'])];
    const d = await discuss.addDiscussion({ title: 'Open', content: 'c', ...form() }, user);
    ctx.config.site = { ...ctx.config.site, openPublicDiscussion: false };
    expect(await refusal(discuss.listDiscussions({}, user))).toBe('DISCUSSION_CLOSED');
    expect(await refusal(discuss.discussion(d.id, null))).toBe('DISCUSSION_CLOSED');
    expect(await refusal(discuss.comments({ did: d.id }, user))).toBe('DISCUSSION_CLOSED');
    expect(await refusal(discuss.discussion(d.id, admin))).toBe('ok');
    ctx.config.site = { ...ctx.config.site, openPublicDiscussion: true };
    await t.db.execute(sql`update discussion set status = 1 where id = ${d.id}`);
    expect(await refusal(discuss.discussion(d.id, user))).toBe('DISCUSSION_NOT_FOUND');
    expect((await discuss.listDiscussions({ limit: 100 }, user)).records.map((r) => r.id)).not.toContain(d.id);
    expect((await discuss.listDiscussions({ limit: 100 }, admin)).records.map((r) => r.id)).toContain(d.id);
  });
});
