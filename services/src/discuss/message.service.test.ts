import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createMessageService, createUserMsg } from './message.service';

describe('the message center', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
  });
  afterAll(() => t.stop());
  const service = () => createMessageService(serviceContext(t.db));
  const reply = (to: string, from: string) => ({ action: 'Reply' as const, recipientId: to, senderId: from, sourceId: 1, sourceType: 'Discussion' as const, sourceContent: 'x'.repeat(600) });

  it('counts unread replies, never messages you to yourself, and reading the tab clears them', async () => {
    const msgs = service();
    const [a, b] = [await addUser(t.db), await addUser(t.db)];
    expect(await t.db.transaction((tx) => createUserMsg(tx, reply(a.uid, a.uid)))).toBeNull();
    const pushed = await t.db.transaction((tx) => createUserMsg(tx, reply(a.uid, b.uid)));
    expect(pushed).toMatchObject({ topic: `user:${a.uid}`, event: 'unread.counts', data: { reply: 1, comment: 0 } });
    await t.db.transaction((tx) => createUserMsg(tx, reply(a.uid, b.uid)));
    expect((await msgs.unread(a)).reply).toBe(2);
    const page = await msgs.userMessages('reply', {}, a);
    expect(page.total).toBe(2);
    // The page still shows them unread (the state as the user found it); the counts are cleared.
    expect(page.records.every((r) => r.state === false && r.sourceContent.length === 500)).toBe(true);
    expect((await msgs.unread(a)).reply).toBe(0);
  });
});
