import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '@oj/proto';
import { serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { appendPush, createPushService, prunePushEvents } from './push.service';

const counts = (n: number) => ({ comment: n, reply: 0, like: 0, sys: 0, mine: 0 });

describe('the push log', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
  });
  afterAll(() => t.stop());

  it('numbers each topic on its own and replays what a client missed, in order', async () => {
    const push = createPushService(serviceContext(t.db));
    const a = topics.user('a');
    for (let i = 1; i <= 3; i++) await t.db.transaction((tx) => appendPush(tx, a, 'unread.counts', counts(i)));
    const other = await t.db.transaction((tx) => appendPush(tx, topics.user('b'), 'unread.counts', counts(9)));
    expect(other.seq).toBe(1);
    expect(await push.latestSeq(a)).toBe(3);
    expect((await push.replay(a, 1))?.map((m) => [m.seq, m.data])).toEqual([
      [2, counts(2)],
      [3, counts(3)],
    ]);
    expect(await push.replay(a, 3)).toEqual([]);
    // A client ahead of the server (a database reset) must resync.
    expect(await push.replay(a, 4)).toBeNull();
  });

  it('answers a resync once the events a client missed were pruned or are too many', async () => {
    const push = createPushService(serviceContext(t.db));
    const c = topics.user('c');
    await t.db.transaction((tx) => appendPush(tx, c, 'unread.counts', counts(1)));
    await t.db.transaction((tx) => appendPush(tx, c, 'unread.counts', counts(2)));
    expect(await prunePushEvents(t.db, -60)).toBeGreaterThanOrEqual(2);
    expect(await push.replay(c, 0)).toBeNull();
    expect(await push.latestSeq(c)).toBe(2);
  });
});
