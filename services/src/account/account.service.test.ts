import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICES_CONFIG } from '../config';
import { createMemoryBus } from '../bus/memory-bus';
import { silentLogger } from '../logger';
import { refusal } from '../testing/fixtures';
import { startTestDb, type TestDb } from '../testing/test-db';
import { createAccountService, loginGate } from './account.service';

const MIN = 60_000;

describe('the failed-login gate', () => {
  const now = Date.UTC(2026, 0, 1);
  const at = (count: number, minutesAgo: number) => ({ count, lastAt: new Date(now - minutesAgo * MIN) });
  it('asks for the slide from the 5th failure and locks from the 20th, for 30 minutes after the last', () => {
    expect(loginGate(undefined, now)).toBe('open');
    expect(loginGate(at(4, 1), now)).toBe('open');
    expect(loginGate(at(5, 1), now)).toBe('slide');
    expect(loginGate(at(19, 1), now)).toBe('slide');
    expect(loginGate(at(20, 1), now)).toBe('locked');
    expect(loginGate(at(20, 31), now)).toBe('open');
  });
});

describe('login and sessions', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await startTestDb();
  });
  afterAll(() => t.stop());
  const service = () => createAccountService({ db: t.db, transport: createMemoryBus(), config: { ...DEFAULT_SERVICES_CONFIG, sessionCacheMs: 0 }, logger: silentLogger() });

  it('refuses a wrong password, then wants the slide verification from the 5th failure of that username and ip', async () => {
    const account = service();
    await account.createUser({ username: 'alice', password: 'secret123' });
    for (let i = 0; i < 5; i++) expect(await refusal(account.login('alice', 'wrong', '10.0.0.1'))).toBe('AUTH_BAD_CREDENTIALS');
    expect(await refusal(account.login('alice', 'secret123', '10.0.0.1'))).toBe('ACCOUNT_SLIDE_REQUIRED');
    // Another ip has its own count.
    const ok = await account.login('alice', 'secret123', '10.0.0.2');
    expect(ok.user.username).toBe('alice');
  });

  it('refuses a banned user and forgets a revoked session', async () => {
    const account = service();
    const bob = await account.createUser({ username: 'bob', password: 'secret123' });
    const { sessionId } = await account.login('bob', 'secret123', '10.0.0.3');
    const viewer = await account.verifySession(bob.uid, sessionId);
    expect(viewer?.username).toBe('bob');
    await account.logout(viewer!, sessionId, new Date(Date.now() + 3_600_000));
    expect(await account.verifySession(bob.uid, sessionId)).toBeNull();
    await account.setUserStatus(bob.uid, 1);
    expect(await refusal(account.login('bob', 'secret123', '10.0.0.3'))).toBe('AUTH_ACCOUNT_BANNED');
  });
});
