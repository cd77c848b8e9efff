import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_AUTH, CONTEST_STATUS } from '@oj/proto';
import { makeViewer } from '../account/viewer';
import { contestRegister } from '../db/schema';
import { addContest, addUser, refusal } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { accountAllowed, assertSubmit, canEnter, contestStatus, contestTimeS, isBoardSealed, isContestAdmin, sealOffsetS } from './access';

const H = 3600_000;
const T0 = Date.UTC(2026, 0, 1, 8);
const times = { startTime: new Date(T0), endTime: new Date(T0 + 5 * H), duration: 5 * 3600 };

describe('contest rules from the clock', () => {
  it('tells scheduled, running and ended, and the seconds from the start', () => {
    expect(contestStatus(times, T0 - 1)).toBe(CONTEST_STATUS.SCHEDULED);
    expect(contestStatus(times, T0)).toBe(CONTEST_STATUS.RUNNING);
    expect(contestStatus(times, T0 + 5 * H)).toBe(CONTEST_STATUS.ENDED);
    expect(contestTimeS(times, new Date(T0 + 61_500))).toBe(61);
    expect(contestTimeS(times, new Date(T0 - 5000))).toBe(0);
  });

  it('seals the board from the seal time to the end, and after it unless the real rank opens by itself', () => {
    const sealed = { ...times, sealRank: true, sealRankTime: new Date(T0 + 4 * H), autoRealRank: true };
    expect(sealOffsetS(sealed)).toBe(4 * 3600);
    expect(sealOffsetS({ ...sealed, sealRankTime: null })).toBe(0);
    expect(sealOffsetS({ ...sealed, sealRank: false })).toBeNull();
    expect(isBoardSealed(sealed, T0 + 4 * H - 1)).toBe(false);
    expect(isBoardSealed(sealed, T0 + 4 * H)).toBe(true);
    expect(isBoardSealed(sealed, T0 + 5 * H)).toBe(false);
    expect(isBoardSealed({ ...sealed, autoRealRank: false }, T0 + 6 * H)).toBe(true);
  });

  it('lets the author and root administer a contest, nobody else', () => {
    const c = { uid: 'author' };
    expect(isContestAdmin(makeViewer('author', 'a', ['default_user']), c)).toBe(true);
    expect(isContestAdmin(makeViewer('x', 'r', ['root']), c)).toBe(true);
    expect(isContestAdmin(makeViewer('x', 'ad', ['admin']), c)).toBe(false);
    expect(isContestAdmin(null, c)).toBe(false);
  });

  it('checks account names against the prefix, number range, suffix and extra accounts', () => {
    const c = { openAccountLimit: true, accountLimitRule: '<prefix>team</prefix><suffix>x</suffix><number_from>1</number_from><number_to>20</number_to><extra_account>judge1, judge2</extra_account>' };
    expect(['team1x', 'team20x', 'judge2'].map((u) => accountAllowed(c, u))).toEqual([true, true, true]);
    expect(['team21x', 'team0x', 'teamx', 'teamAx', 'team5', 'judge3'].map((u) => accountAllowed(c, u))).toEqual([false, false, false, false, false, false]);
    expect(accountAllowed({ openAccountLimit: false, accountLimitRule: null }, 'anyone')).toBe(true);
    expect(accountAllowed({ openAccountLimit: true, accountLimitRule: null }, 'anyone')).toBe(false);
  });
});

describe('entering and submitting', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
  });
  afterAll(() => t.stop());

  it('opens a public contest to every signed-in user, a private one to registered users, a hidden one to its admins', async () => {
    const [author, user] = [await addUser(t.db), await addUser(t.db)];
    const now = Date.now();
    const pub = await addContest(t.db, author.uid, now - H, 5 * 3600);
    const priv = await addContest(t.db, author.uid, now - H, 5 * 3600, { auth: CONTEST_AUTH.PRIVATE, pwd: 'x' });
    const hidden = await addContest(t.db, author.uid, now - H, 5 * 3600, { visible: false });
    expect(await canEnter(t.db, pub, user)).toBe(true);
    expect(await canEnter(t.db, pub, null)).toBe(false);
    expect(await canEnter(t.db, priv, user)).toBe(false);
    expect(await canEnter(t.db, hidden, user)).toBe(false);
    expect(await canEnter(t.db, hidden, author)).toBe(true);
    await t.db.insert(contestRegister).values({ cid: priv.id, uid: user.uid });
    expect(await canEnter(t.db, priv, user)).toBe(true);
  });

  it('lets a contestant submit only while the contest runs (or after it with allowEndSubmit), never to an imported one', async () => {
    const [author, user] = [await addUser(t.db), await addUser(t.db)];
    const now = Date.now();
    const running = await addContest(t.db, author.uid, now - H, 5 * 3600);
    const later = await addContest(t.db, author.uid, now + H, 3600);
    const ended = await addContest(t.db, author.uid, now - 5 * H, 3600);
    const endedOpen = await addContest(t.db, author.uid, now - 5 * H, 3600, { allowEndSubmit: true });
    const imported = await addContest(t.db, author.uid, now - H, 5 * 3600, { imported: true });
    const prot = await addContest(t.db, author.uid, now - H, 5 * 3600, { auth: CONTEST_AUTH.PROTECTED, pwd: 'x' });
    expect(await refusal(assertSubmit(t.db, running, user))).toBe('ok');
    expect(await refusal(assertSubmit(t.db, later, user))).toBe('CONTEST_NOT_STARTED');
    expect(await refusal(assertSubmit(t.db, ended, user))).toBe('CONTEST_ENDED');
    expect(await refusal(assertSubmit(t.db, endedOpen, user))).toBe('ok');
    expect(await refusal(assertSubmit(t.db, imported, user))).toBe('CONTEST_READ_ONLY');
    expect(await refusal(assertSubmit(t.db, prot, user))).toBe('CONTEST_NOT_REGISTERED');
    expect(await refusal(assertSubmit(t.db, later, author))).toBe('ok');
  });
});
