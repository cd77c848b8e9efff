// Group discussions on PostgreSQL: the site switch, members post and read, strangers are refused (a hidden group does
// not exist for them), the author edits and deletes their own, the group's admins pin and delete any; the public lists
// never show a group's discussion, and the public detail, comment and like calls apply the group's rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MEMBER_AUTH as M } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { createCommentService } from '../discuss/comment.service';
import { createDiscussionService } from '../discuss/discussion.service';
import { addUser, refusal, serviceContext } from '../testing/fixtures';
import { addMember, groupForm } from '../testing/group-fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createGroupDiscussionService } from './group-discussion.service';
import { createGroupService } from './group.service';

describe('group discussions', () => {
  let t: TestDb;
  let owner: Viewer, admin: Viewer, member: Viewer, member2: Viewer, stranger: Viewer, sup: Viewer;
  beforeAll(async () => {
    t = await startTestDb();
    [owner, admin, member, member2, stranger] = await Promise.all([1, 2, 3, 4, 5].map(() => addUser(t.db)));
    sup = await addUser(t.db, ['root']);
  });
  afterAll(() => t.stop());

  const config = { createGroupMinAc: 0, postMinAc: 0, commentMinAc: 0, discussionDailyLimit: 0 };
  const form = (gid: number, title: string) => ({ gid, title, description: 'about week 1', content: 'How do I start?' });

  it('lets members post and read, the author edit and delete, the admins pin and delete; strangers are refused', async () => {
    const ctx = serviceContext(t.db, config);
    const gd = createGroupDiscussionService(ctx);
    const discuss = createDiscussionService(ctx);
    const comments = createCommentService(ctx);
    const { id: gid } = await createGroupService(ctx).create(groupForm(), owner);
    await addMember(t.db, gid, admin.uid, M.ADMIN);
    await addMember(t.db, gid, member.uid, M.MEMBER);
    await addMember(t.db, gid, member2.uid, M.MEMBER);

    const { id: first } = await gd.add(form(gid, 'First'), member);
    const { id: second } = await gd.add(form(gid, 'Second'), member2);
    expect((await gd.list({ gid }, member2)).records.map((d) => d.title)).toEqual(['Second', 'First']);
    expect(await refusal(gd.list({ gid }, stranger))).toBe('GROUP_NOT_MEMBER');
    expect(await refusal(gd.add(form(gid, 'Mine'), stranger))).toBe('GROUP_NOT_MEMBER');
    expect(await refusal(gd.adminList({ gid }, member))).toBe('GROUP_FORBIDDEN');

    // The public routes: members read and comment; a stranger and an anonymous caller do not.
    expect((await discuss.discussion(first, member2)).title).toBe('First');
    expect(await refusal(discuss.discussion(first, stranger))).toBe('GROUP_NOT_MEMBER');
    expect(await refusal(discuss.discussion(first, null))).toBe('AUTH_NOT_LOGGED_IN');
    await comments.addComment({ did: first, content: 'Read the statement' }, member2);
    expect(await refusal(comments.addComment({ did: first, content: 'me too' }, stranger))).toBe('GROUP_NOT_MEMBER');
    expect(await refusal(comments.comments({ did: first }, stranger))).toBe('GROUP_NOT_MEMBER');
    expect(await discuss.canWatch(first, member2)).toBe(true);
    expect(await discuss.canWatch(first, stranger)).toBe(false);

    // Never in the public lists (a site admin's neither).
    expect((await discuss.listDiscussions({}, sup)).records.map((d) => d.id)).not.toContain(first);

    // The author edits their own; another member neither edits, pins nor deletes it; an admin pins and deletes any.
    await gd.update({ id: first, title: 'First, edited', description: 'about week 1', content: 'Where to start?' }, member);
    expect(await refusal(gd.update({ id: first, title: 'x', description: 'd', content: 'y' }, member2))).toBe('DISCUSSION_EDIT_FORBIDDEN');
    expect(await refusal(gd.update({ id: first, topPriority: true }, member2))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(gd.remove(first, member2))).toBe('DISCUSSION_DELETE_FORBIDDEN');
    await gd.update({ id: first, topPriority: true }, admin);
    expect((await gd.list({ gid }, member)).records.map((d) => [d.title, d.topPriority])).toEqual([
      ['First, edited', true],
      ['Second', false],
    ]);
    await gd.remove(second, member2);
    await gd.remove(first, admin);
    expect((await gd.list({ gid }, member)).total).toBe(0);
    expect(await refusal(gd.remove(first, admin))).toBe('DISCUSSION_NOT_FOUND');
  });

  it('is closed with the site switch off (super admins pass) and a hidden group does not exist for strangers', async () => {
    const ctx = serviceContext(t.db, config);
    const { id: gid } = await createGroupService(ctx).create({ ...groupForm(), visible: false }, owner);
    await addMember(t.db, gid, member.uid, M.MEMBER);
    const gd = createGroupDiscussionService(ctx);
    const { id: did } = await gd.add(form(gid, 'Hidden'), member);
    expect(await refusal(gd.list({ gid }, stranger))).toBe('GROUP_NOT_FOUND');
    expect(await refusal(createDiscussionService(ctx).discussion(did, stranger))).toBe('GROUP_NOT_FOUND');

    const closed = serviceContext(t.db, config);
    closed.config = { ...closed.config, site: { ...closed.config.site, openGroupDiscussion: false } };
    const gdClosed = createGroupDiscussionService(closed);
    expect(await refusal(gdClosed.list({ gid }, member))).toBe('GROUP_DISCUSSION_CLOSED');
    expect(await refusal(gdClosed.add(form(gid, 'More'), member))).toBe('GROUP_DISCUSSION_CLOSED');
    expect(await refusal(createDiscussionService(closed).discussion(did, member))).toBe('GROUP_DISCUSSION_CLOSED');
    expect((await gdClosed.list({ gid }, sup)).total).toBe(1);
  });
});
