import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_AUTH, topics } from '@oj/proto';
import { createMemoryBus } from '../bus/memory-bus';
import { DEFAULT_SERVICES_CONFIG } from '../config';
import type { ServiceContext } from '../context';
import { silentLogger } from '../logger';
import { createPushService } from '../push/push.service';
import { addContest, addUser, refusal } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createContestAnnouncementService, type ContestAnnouncementService } from './announcement.service';

const H = 3600_000;
const VISIBLE = 0;
const HIDDEN = 1;

describe('contest announcements', () => {
  let t: TestDb;
  let ctx: ServiceContext;
  let announcements: ContestAnnouncementService;
  beforeAll(async () => {
    t = await startTestDb();
    ctx = { db: t.db, transport: createMemoryBus(), config: DEFAULT_SERVICES_CONFIG, logger: silentLogger() };
    announcements = createContestAnnouncementService(ctx);
  });
  afterAll(() => t.stop());

  const titles = (list: { title: string }[]) => list.map((a) => a.title);

  it('shows contestants the visible ones, newest first, and its admins all of them; pushes only the visible ones', async () => {
    const [author, user] = [await addUser(t.db, ['admin']), await addUser(t.db)];
    const c = await addContest(t.db, author.uid, Date.now() + H, 3600);
    const push = createPushService(ctx);
    await announcements.create({ cid: c.id, announcement: { title: ' first ', content: 'x' } }, author);
    await announcements.create({ cid: c.id, announcement: { title: 'draft', content: 'x', status: HIDDEN } }, author);
    expect(await push.latestSeq(topics.contest(c.id))).toBe(1);
    await announcements.create({ cid: c.id, announcement: { title: 'second', content: 'x', status: VISIBLE } }, author);
    expect(await push.latestSeq(topics.contest(c.id))).toBe(2);
    // Before the start too: announcements are read in the waiting room.
    expect(titles((await announcements.list({ cid: c.id }, user)).records)).toEqual(['second', 'first']);
    expect(titles((await announcements.adminList({ cid: c.id }, author)).records)).toEqual(['second', 'draft', 'first']);
    expect(await refusal(announcements.adminList({ cid: c.id }, user))).toBe('AUTH_FORBIDDEN');
  });

  it('answers the unread ones: neither read in the browser nor marked read on the server; an edit makes one unread again', async () => {
    const [author, user] = [await addUser(t.db, ['admin']), await addUser(t.db)];
    const c = await addContest(t.db, author.uid, Date.now() - H, 5 * 3600);
    for (const title of ['a', 'b', 'c']) await announcements.create({ cid: c.id, announcement: { title, content: 'x' } }, author);
    const [cc, b, a] = (await announcements.list({ cid: c.id }, user)).records.map((x) => x.id);
    expect(titles(await announcements.notRead(c.id, [a!], user))).toEqual(['c', 'b']);
    await announcements.markRead({ cid: c.id, aids: [b!] }, user);
    expect(titles(await announcements.notRead(c.id, [a!], user))).toEqual(['c']);
    // Another user's marks are theirs only.
    expect(titles(await announcements.notRead(c.id, [], author))).toEqual(['c', 'b', 'a']);
    await announcements.update({ cid: c.id, announcement: { id: b!, title: 'b2', content: 'y' } }, author);
    expect(titles(await announcements.notRead(c.id, [a!, cc!], user))).toEqual(['b2']);
    // Hiding one takes it out of the unread list.
    await announcements.update({ cid: c.id, announcement: { id: b!, title: 'b2', content: 'y', status: HIDDEN } }, author);
    expect(titles(await announcements.notRead(c.id, [], user))).toEqual(['c', 'a']);
  });

  it('keeps a private contest’s announcements from unregistered users and a hidden contest’s from all but its admins', async () => {
    const [author, user] = [await addUser(t.db, ['admin']), await addUser(t.db)];
    const priv = await addContest(t.db, author.uid, Date.now() - H, 5 * 3600, { auth: CONTEST_AUTH.PRIVATE, pwd: 'x' });
    const hidden = await addContest(t.db, author.uid, Date.now() - H, 5 * 3600, { visible: false });
    expect(await refusal(announcements.list({ cid: priv.id }, user))).toBe('CONTEST_NOT_REGISTERED');
    expect(await refusal(announcements.notRead(hidden.id, [], user))).toBe('CONTEST_NOT_FOUND');
    expect(await refusal(announcements.list({ cid: hidden.id }, author))).toBe('ok');
  });

  it('refuses a blank title or content, and an edit of another contest’s announcement', async () => {
    const author = await addUser(t.db, ['admin']);
    const [c, d] = [await addContest(t.db, author.uid, Date.now(), 3600), await addContest(t.db, author.uid, Date.now(), 3600)];
    expect(await refusal(announcements.create({ cid: c.id, announcement: { title: '  ', content: 'x' } }, author))).toBe('VALIDATION_FAILED');
    expect(await refusal(announcements.create({ cid: c.id, announcement: { title: 't', content: ' \n' } }, author))).toBe('VALIDATION_FAILED');
    await announcements.create({ cid: c.id, announcement: { title: 't', content: 'x' } }, author);
    const [a] = (await announcements.adminList({ cid: c.id }, author)).records;
    expect(await refusal(announcements.update({ cid: d.id, announcement: { id: a!.id, title: 't', content: 'x' } }, author))).toBe('NOT_FOUND');
  });
});
