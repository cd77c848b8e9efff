import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { LIMITS, type SlideAnswer } from '@oj/proto';
import { loginFailure } from '../db/schema';
import { addAccount, refusal, serviceContext } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createAccountService, LOGIN_LOCK, type AccountServiceImpl } from './account.service';

/** The slide answer the stub check accepts. */
const GOOD_SLIDE: SlideAnswer = { id: 'slide', x: 42 };

describe('login, sessions and the login-failure lock', () => {
  let t: TestDb;
  let account: AccountServiceImpl;
  let n = 0;
  const fresh = () => `acct${++n}`;

  beforeAll(async () => {
    t = await startTestDb();
    account = createAccountService(serviceContext(t.db));
    account.setSlideCheck(async (a) => a.id === GOOD_SLIDE.id && a.x === GOOD_SLIDE.x);
  });
  afterAll(() => t.stop());

  const failures = async (username: string, ip: string) => {
    const [row] = await t.db
      .select({ count: loginFailure.count })
      .from(loginFailure)
      .where(and(eq(loginFailure.username, username), eq(loginFailure.ip, ip)));
    return row?.count ?? 0;
  };

  it('logs in with the right password and refuses a wrong one or an unknown user, counting each failure', async () => {
    const name = fresh();
    const user = await account.createUser({ username: name, password: 'right-pass', email: `${name}@x.org` });
    expect(user.roleList).toEqual(['default_user']);
    expect(await refusal(account.login(name, 'wrong-pass', '10.0.0.1'))).toBe('AUTH_BAD_CREDENTIALS');
    expect(await refusal(account.login(`${name}-nobody`, 'right-pass', '10.0.0.1'))).toBe('AUTH_BAD_CREDENTIALS');
    expect(await failures(name, '10.0.0.1')).toBe(1);
    const ok = await account.login(name, 'right-pass', '10.0.0.1');
    expect(ok.user).toMatchObject({ uid: user.uid, username: name, roleList: ['default_user'] });
    // `<uuid>.<session epoch>` (account.service.ts: an admin bumping the epoch ends the session).
    expect(ok.sessionId).toMatch(/^[0-9a-f-]{36}\.\d+$/);
    // A successful login forgets the failures of that username + ip.
    expect(await failures(name, '10.0.0.1')).toBe(0);
  });

  it('asks for the slide verification from the 5th failure, and counts a missing or wrong slide as a failure', async () => {
    const name = fresh();
    await addAccount(t.db, { username: name, password: 'right-pass' });
    for (let i = 0; i < LIMITS.slideVerifyAfterFailedLogins; i++) expect(await refusal(account.login(name, 'wrong', '10.0.0.2'))).toBe('AUTH_BAD_CREDENTIALS');
    expect(await refusal(account.login(name, 'right-pass', '10.0.0.2'))).toBe('ACCOUNT_SLIDE_REQUIRED');
    expect(await refusal(account.login(name, 'right-pass', '10.0.0.2', { id: 'slide', x: 7 }))).toBe('ACCOUNT_SLIDE_REQUIRED');
    expect(await failures(name, '10.0.0.2')).toBe(LIMITS.slideVerifyAfterFailedLogins + 2);
    // Another ip has its own count.
    expect(await refusal(account.login(name, 'right-pass', '10.0.0.3'))).toBe('ok');
    expect(await refusal(account.login(name, 'wrong', '10.0.0.2', GOOD_SLIDE))).toBe('AUTH_BAD_CREDENTIALS');
    expect(await refusal(account.login(name, 'right-pass', '10.0.0.2', GOOD_SLIDE))).toBe('ok');
  });

  it('locks a username + ip after 20 failures for 30 minutes, then starts counting again', async () => {
    const name = fresh();
    await addAccount(t.db, { username: name, password: 'right-pass' });
    const ip = '10.0.0.4';
    for (let i = 0; i < LOGIN_LOCK.maxFailures; i++) {
      const want = i < LIMITS.slideVerifyAfterFailedLogins ? 'AUTH_BAD_CREDENTIALS' : 'ACCOUNT_SLIDE_REQUIRED';
      expect(await refusal(account.login(name, 'wrong', ip))).toBe(want);
    }
    expect(await failures(name, ip)).toBe(20);
    // Locked even with the right password and a passed slide; the same name from another ip is not.
    expect(await refusal(account.login(name, 'right-pass', ip, GOOD_SLIDE))).toBe('AUTH_LOGIN_LOCKED');
    expect(await refusal(account.login(name, 'right-pass', '10.0.0.5'))).toBe('ok');

    // Just inside the 30 minutes: still locked.
    const setLastAt = (msAgo: number) =>
      t.db
        .update(loginFailure)
        .set({ lastAt: sql`now() - make_interval(secs => ${msAgo / 1000})` })
        .where(and(eq(loginFailure.username, name), eq(loginFailure.ip, ip)));
    await setLastAt(LOGIN_LOCK.lockMs - 60_000);
    expect(await refusal(account.login(name, 'right-pass', ip, GOOD_SLIDE))).toBe('AUTH_LOGIN_LOCKED');

    // Once the lock has expired, a failure starts a new count at 1 (no slide asked), and the right password passes.
    await setLastAt(LOGIN_LOCK.lockMs + 60_000);
    expect(await refusal(account.login(name, 'wrong', ip))).toBe('AUTH_BAD_CREDENTIALS');
    expect(await failures(name, ip)).toBe(1);
    expect(await refusal(account.login(name, 'right-pass', ip))).toBe('ok');
  });

  it('refuses a banned user at login and at the session check, and lets them in again once unbanned', async () => {
    const name = fresh();
    const user = await addAccount(t.db, { username: name, password: 'right-pass' });
    const { sessionId } = await account.login(name, 'right-pass', '10.0.0.6');
    expect(await account.verifySession(user.uid, sessionId)).toMatchObject({ uid: user.uid, username: name });
    await account.setUserStatus(user.uid, 1);
    expect(await refusal(account.login(name, 'right-pass', '10.0.0.6'))).toBe('AUTH_ACCOUNT_BANNED');
    // The ban reaches the cached session at once.
    expect(await account.verifySession(user.uid, sessionId)).toBeNull();
    await account.setUserStatus(user.uid, 0);
    expect(await account.verifySession(user.uid, sessionId)).not.toBeNull();
    expect(await refusal(account.login(name, 'right-pass', '10.0.0.6'))).toBe('ok');
  });

  it('no longer verifies a revoked session, keeps other sessions, and prunes revocations that expired', async () => {
    const name = fresh();
    const user = await addAccount(t.db, { username: name, password: 'right-pass', roles: ['admin'] });
    const a = await account.login(name, 'right-pass', '10.0.0.7');
    const b = await account.login(name, 'right-pass', '10.0.0.7');
    const viewer = await account.verifySession(user.uid, a.sessionId);
    expect(viewer?.roles).toEqual(['admin']);
    await account.logout(viewer!, a.sessionId, new Date(Date.now() + 3_600_000));
    expect(await account.verifySession(user.uid, a.sessionId)).toBeNull();
    expect(await account.verifySession(user.uid, b.sessionId)).not.toBeNull();
    expect(await account.verifySession('no-such-uid', b.sessionId)).toBeNull();

    await account.logout(viewer!, b.sessionId, new Date(Date.now() - 1000));
    expect(await account.pruneSessions()).toBe(1);
    expect(await account.pruneSessions()).toBe(0);
  });
});
