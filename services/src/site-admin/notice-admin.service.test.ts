import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PushMessage } from '@oj/proto';
import { createMessageService } from '../discuss/message.service';
import { addUser, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createNoticeAdminService } from './notice-admin.service';

describe('system notices', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
  });
  afterAll(() => t.stop());

  it('sends to chosen users (Mine, each pushed), to every user (Sys, one broadcast) and to admins; deletes', async () => {
    const ctx = serviceContext(t.db);
    const pushed: PushMessage[] = [];
    await ctx.transport.subscribePush((m) => pushed.push(m));
    const notices = createNoticeAdminService(ctx);
    const msgs = createMessageService(ctx);
    const [root, admin, a, b] = [await addUser(t.db, ['root']), await addUser(t.db, ['admin']), await addUser(t.db), await addUser(t.db)];
    // The audience `Admin` is read from the database's roles.
    await t.db.execute(sql`insert into user_role (uid, role_id) select ${admin.uid}, id from roles where role = 'admin'`);
    const admins = Number((await t.db.execute(sql`select count(distinct ur.uid)::int as n from user_role ur join roles r on r.id = ur.role_id where r.role in ('root', 'admin', 'problem_admin')`))[0]!.n);

    const single = await notices.send({ title: 'T', content: 'body', type: 'Single', recipients: [a.username] }, root);
    expect(single.recipients).toBe(1);
    expect(await msgs.unread(a)).toMatchObject({ mine: 1, sys: 0 });
    expect(await msgs.unread(b)).toMatchObject({ mine: 0 });
    expect(pushed.filter((m) => m.event === 'unread.counts').map((m) => m.topic)).toEqual([`user:${a.uid}`]);
    expect(await refusal(notices.send({ title: 'T', content: 'c', type: 'Single', recipients: ['nobody-at-all'] }, root))).toBe('NOTICE_RECIPIENT_UNKNOWN');

    pushed.length = 0;
    await notices.send({ title: 'S', content: 'all', type: 'Sys' }, root);
    expect((await msgs.unread(b)).sys).toBe(1);
    expect(pushed.map((m) => m.event)).toEqual(['notice.sys']);

    const staff = await notices.send({ title: 'A', content: 'admins', type: 'Admin' }, root);
    expect(staff.recipients).toBe(admins);
    expect((await msgs.unread(admin)).sys).toBe(2);
    expect((await msgs.unread(b)).sys).toBe(1);
    await notices.remove(staff.id);
    expect((await msgs.unread(admin)).sys).toBe(1);
    expect(await refusal(notices.remove(staff.id))).toBe('NOT_FOUND');
  });
});
