import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_AUTH, CONTEST_STATUS } from '@oj/proto';
import { makeViewer } from '../account/viewer';
import { contestRegister } from '../db/schema';
import { startTestDb, type TestDb } from '../testing/test-db';
import { addContest, addUser, contestRow, refusal } from '../testing/fixtures';
import {
  accountAllowed,
  assertEnter,
  assertSee,
  assertSubmit,
  canEnter,
  checkRegistration,
  contestStatus,
  contestTimeS,
  isBoardSealed,
  isContestAdmin,
  isSealedFor,
  managedContest,
  outsideBoardContest,
  outsideOpen,
  sealOffsetS,
  visibleContest,
} from './access';

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

  it('lets root, and the author while an admin, administer a contest; nobody else (a demoted author neither)', () => {
    const c = { uid: 'author' };
    expect(isContestAdmin(makeViewer('author', 'a', ['admin']), c)).toBe(true);
    expect(isContestAdmin(makeViewer('author', 'a', ['default_user']), c)).toBe(false);
    expect(isContestAdmin(makeViewer('author', 'a', ['problem_admin']), c)).toBe(false);
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

  it('lets a contest admin force the live board, nobody else', () => {
    const sealed = contestRow(T0, 5 * 3600, { sealRank: true, sealRankTime: new Date(T0 + 4 * H) });
    const now = T0 + 4.5 * H;
    expect(isSealedFor(sealed, makeViewer('author', 'a', ['admin']), true, now)).toBe(false);
    expect(isSealedFor(sealed, makeViewer('author', 'a', ['admin']), false, now)).toBe(true);
    expect(isSealedFor(sealed, makeViewer('author', 'a', ['default_user']), true, now)).toBe(true);
    expect(isSealedFor(sealed, makeViewer('x', 'x', ['admin']), true, now)).toBe(true);
  });

  it('opens the outside board to everyone only when visible, opened and started', () => {
    const open = contestRow(T0, 3600, { openRank: true });
    expect(outsideOpen(open, T0)).toBe(true);
    expect(outsideOpen(open, T0 - 1)).toBe(false);
    expect(outsideOpen({ ...open, openRank: false }, T0)).toBe(false);
    expect(outsideOpen({ ...open, visible: false }, T0)).toBe(false);
  });
});

describe('registering', () => {
  const user = makeViewer('u', 'team7x', ['default_user']);
  const author = makeViewer('author', 'author', ['admin']);
  const register = (c: Parameters<typeof checkRegistration>[0], v = user, password?: string) => refusal(Promise.resolve().then(() => checkRegistration(c, v, password)));
  const pub = contestRow(T0, 3600);

  it('asks no password of a public contest, the right one of a private or protected one', async () => {
    expect(await register(pub)).toBe('ok');
    expect(await register(pub, user, 'anything')).toBe('ok');
    for (const auth of [CONTEST_AUTH.PRIVATE, CONTEST_AUTH.PROTECTED]) {
      const c = { ...pub, auth, pwd: 'secret' };
      expect(await register(c)).toBe('CONTEST_PASSWORD_REQUIRED');
      expect(await register(c, user, '   ')).toBe('CONTEST_PASSWORD_REQUIRED');
      expect(await register(c, user, 'Secret')).toBe('CONTEST_PASSWORD_WRONG');
      expect(await register(c, user, 'secret ')).toBe('CONTEST_PASSWORD_WRONG');
      expect(await register(c, user, 'secret')).toBe('ok');
    }
  });

  it('holds everyone but the contest admins to the account-name rule, and nobody registers for an imported contest', async () => {
    const limited = { ...pub, openAccountLimit: true, accountLimitRule: '<prefix>team</prefix><suffix>x</suffix><number_from>1</number_from><number_to>9</number_to>' };
    expect(await register(limited)).toBe('ok');
    expect(await register(limited, makeViewer('v', 'team10x', ['default_user']))).toBe('CONTEST_ACCOUNT_LIMIT');
    expect(await register(limited, author)).toBe('ok');
    expect(await register(limited, makeViewer('r', 'root', ['root']))).toBe('ok');
    expect(await register({ ...pub, imported: true }, author)).toBe('CONTEST_READ_ONLY');
  });
});

describe('entering and submitting', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
  });
  afterAll(() => t.stop());

  it('opens a public contest to every signed-in user, a private one to registered users, a hidden one to its admins', async () => {
    const [author, user] = [await addUser(t.db, ['admin']), await addUser(t.db)];
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
    const [author, user] = [await addUser(t.db, ['admin']), await addUser(t.db)];
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

  it("shows a private contest's announcements before the start to registered users only, its problems only once started", async () => {
    const [author, user] = [await addUser(t.db, ['admin']), await addUser(t.db)];
    const later = await addContest(t.db, author.uid, Date.now() + H, 3600, { auth: CONTEST_AUTH.PRIVATE, pwd: 'x' });
    expect(await refusal(assertSee(t.db, later, user))).toBe('CONTEST_NOT_REGISTERED');
    expect(await refusal(assertSee(t.db, later, null))).toBe('AUTH_NOT_LOGGED_IN');
    await t.db.insert(contestRegister).values({ cid: later.id, uid: user.uid });
    expect(await refusal(assertSee(t.db, later, user))).toBe('ok');
    expect(await refusal(assertEnter(t.db, later, user))).toBe('CONTEST_NOT_STARTED');
    expect(await refusal(assertEnter(t.db, later, author))).toBe('ok');
  });

  it("hides a hidden contest's shell from all but its admins; its outside board needs it opened and started", async () => {
    const [author, user] = [await addUser(t.db, ['admin']), await addUser(t.db)];
    const now = Date.now();
    const hidden = await addContest(t.db, author.uid, now - H, 5 * 3600, { visible: false, openRank: true });
    const closed = await addContest(t.db, author.uid, now - H, 5 * 3600);
    const later = await addContest(t.db, author.uid, now + H, 3600, { openRank: true });
    const open = await addContest(t.db, author.uid, now - H, 5 * 3600, { openRank: true });
    expect(await refusal(visibleContest(t.db, hidden.id, user))).toBe('CONTEST_NOT_FOUND');
    expect(await refusal(visibleContest(t.db, hidden.id, null))).toBe('CONTEST_NOT_FOUND');
    expect(await refusal(visibleContest(t.db, hidden.id, author))).toBe('ok');
    expect(await refusal(visibleContest(t.db, 2 ** 31, author))).toBe('CONTEST_NOT_FOUND');
    expect(await refusal(outsideBoardContest(t.db, hidden.id, null))).toBe('CONTEST_NOT_FOUND');
    expect(await refusal(outsideBoardContest(t.db, hidden.id, author))).toBe('ok');
    expect(await refusal(outsideBoardContest(t.db, closed.id, null))).toBe('CONTEST_RANK_CLOSED');
    expect(await refusal(outsideBoardContest(t.db, later.id, null))).toBe('CONTEST_RANK_CLOSED');
    expect(await refusal(outsideBoardContest(t.db, open.id, null))).toBe('ok');
  });

  it('lets site admins manage only the contests they created, root all of them, nobody else any', async () => {
    const [author, otherAdmin, problemAdmin, root, user] = [await addUser(t.db, ['admin']), await addUser(t.db, ['admin']), await addUser(t.db, ['problem_admin']), await addUser(t.db, ['root']), await addUser(t.db)];
    const c = await addContest(t.db, author.uid, Date.now(), 3600);
    expect(await refusal(managedContest(t.db, c.id, author))).toBe('ok');
    expect(await refusal(managedContest(t.db, c.id, root))).toBe('ok');
    expect(await refusal(managedContest(t.db, c.id, otherAdmin))).toBe('CONTEST_ADMIN_ONLY');
    // A problem admin reaches no contest administration (issue 13), even of a contest they created as an admin.
    expect(await refusal(managedContest(t.db, c.id, problemAdmin))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(managedContest(t.db, (await addContest(t.db, problemAdmin.uid, Date.now(), 3600)).id, problemAdmin))).toBe('AUTH_FORBIDDEN');
    expect(await refusal(managedContest(t.db, c.id, user))).toBe('AUTH_FORBIDDEN');
    const own = await addContest(t.db, user.uid, Date.now(), 3600);
    expect(await refusal(managedContest(t.db, own.id, user))).toBe('AUTH_FORBIDDEN');
  });
});
