// Group announcements on PostgreSQL: members read the visible ones (newest first, five a page), admins the table
// with every one; an admin changes their own, the root any; each change is pushed on `group:<gid>`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MEMBER_AUTH as M, topics } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { createPushService } from '../push/push.service';
import { addUser, refusal, serviceContext } from '../testing/fixtures';
import { addMember, groupForm } from '../testing/group-fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createGroupAnnouncementService } from './group-announcement.service';
import { createGroupService } from './group.service';

describe('group announcements', () => {
  let t: TestDb;
  let owner: Viewer, admin: Viewer, admin2: Viewer, member: Viewer, stranger: Viewer;
  beforeAll(async () => {
    t = await startTestDb();
    [owner, admin, admin2, member, stranger] = await Promise.all([1, 2, 3, 4, 5].map(() => addUser(t.db)));
  });
  afterAll(() => t.stop());

  it('serves members the visible ones and admins all; admins change their own, the root any; every change is pushed', async () => {
    const ctx = serviceContext(t.db, { createGroupMinAc: 0 });
    const announcements = createGroupAnnouncementService(ctx);
    const { id: gid } = await createGroupService(ctx).create(groupForm(), owner);
    await addMember(t.db, gid, admin.uid, M.ADMIN);
    await addMember(t.db, gid, admin2.uid, M.ADMIN);
    await addMember(t.db, gid, member.uid, M.MEMBER);
    const ids: number[] = [];
    for (let i = 1; i <= 6; i++) ids.push((await announcements.add({ gid, title: `Week ${i}`, content: `Problems of week ${i}` }, admin)).id);
    await announcements.add({ gid, title: 'Draft', content: 'not yet', status: 1 }, admin2);
    const page1 = await announcements.list({ gid }, member);
    expect(page1.total).toBe(6);
    expect(page1.records.map((a) => a.title)).toEqual(['Week 6', 'Week 5', 'Week 4', 'Week 3', 'Week 2']);
    expect((await announcements.list({ gid, currentPage: 2 }, member)).records.map((a) => a.title)).toEqual(['Week 1']);
    expect((await announcements.adminList({ gid }, admin)).records.map((a) => a.title)[0]).toBe('Draft');
    expect(await refusal(announcements.adminList({ gid }, member))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(announcements.list({ gid }, stranger))).toBe('GROUP_NOT_MEMBER');
    expect(await refusal(announcements.add({ gid, title: 'x', content: 'y' }, member))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(announcements.add({ gid, title: ' ', content: 'y' }, admin))).toBe('GROUP_ANNOUNCEMENT_EMPTY');
    // The visible switch hides one from the members; another admin may not touch it, the root may.
    await announcements.update({ id: ids[5]!, gid, title: 'Week 6', content: 'moved', status: 1 }, admin);
    expect((await announcements.list({ gid }, member)).records[0]!.title).toBe('Week 5');
    expect(await refusal(announcements.update({ id: ids[0]!, gid, title: 'x', content: 'y' }, admin2))).toBe('GROUP_FORBIDDEN');
    expect(await refusal(announcements.remove(ids[0]!, admin2))).toBe('GROUP_FORBIDDEN');
    await announcements.remove(ids[0]!, owner);
    expect(await refusal(announcements.remove(ids[0]!, owner))).toBe('GROUP_ANNOUNCEMENT_NOT_FOUND');
    const events = (await createPushService(ctx).replay(topics.group(gid), 0))!;
    expect(events.map((e) => e.event)).toEqual(Array(9).fill('group.announcement'));
    expect(events.at(-1)?.data).toEqual({ gid, id: ids[0] });
  });
});
