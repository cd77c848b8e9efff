// Services on a real PostgreSQL: migrations, idempotent seed, login rules, sessions, site, problems.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { LOCAL_LANGUAGES, OjError, PERMISSIONS, REMOTE_LANGUAGES, type ErrorCode } from '@oj/proto';
import { createMemoryBus, createServices, migrate, seed, silentLogger, type OjServicesImpl, type Viewer } from '@oj/services';
import { startTestDatabase, type TestDatabase } from '../support/pg';

let pg: TestDatabase;
let sql: postgres.Sql;
let services: OjServicesImpl;
let rootPassword: string;

async function errorCode(p: Promise<unknown>): Promise<ErrorCode | 'ok' | 'other'> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof OjError ? e.code : 'other';
  }
}

beforeAll(async () => {
  pg = await startTestDatabase();
  await migrate(pg.url);
  const first = await seed(pg.url);
  expect(first.adminPasswordGenerated).toMatch(/^.{6,20}$/);
  rootPassword = first.adminPasswordGenerated!;
  sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  services = await createServices({ databaseUrl: pg.url, transport: createMemoryBus(), logger: silentLogger() });
});

afterAll(async () => {
  await services?.close();
  await sql?.end();
  await pg?.stop();
});

describe('migrate and seed', () => {
  it('are idempotent: a second run changes nothing and generates no password', async () => {
    await migrate(pg.url);
    const again = await seed(pg.url, { adminPassword: 'ignored-now' });
    expect(again.adminPasswordGenerated).toBeUndefined();
    const [counts] = await sql`select
      (select count(*)::int from roles) as roles,
      (select count(*)::int from languages) as languages,
      (select count(*)::int from problems) as problems,
      (select count(*)::int from users) as users`;
    // every language of our own, and each remote site's list (for remote judging)
    const remoteLanguages = Object.values(REMOTE_LANGUAGES).reduce((n, list) => n + list.length, 0);
    expect(counts).toEqual({ roles: 9, languages: LOCAL_LANGUAGES.length + remoteLanguages, problems: 3, users: 1 });
    const roleIds = await sql`select id, role from roles order by id`;
    expect(roleIds.map((r) => r.id)).toEqual([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008]);
    const cases = await sql`select p.problem_id, count(c.id)::int as n, sum(c.score)::int as score
      from problems p join problem_case c on c.pid = p.id group by p.problem_id order by p.problem_id`;
    expect(cases).toEqual([
      { problem_id: '1000', n: 5, score: 100 },
      { problem_id: '1001', n: 10, score: 100 },
      { problem_id: '1002', n: 6, score: 0 },
    ]);
  });
});

describe('account', () => {
  it('logs root in, verifies and revokes the session', async () => {
    const { user, sessionId } = await services.account.login('root', rootPassword, '10.0.0.1');
    expect(user.username).toBe('root');
    expect(user.roleList).toEqual(['root']);
    const viewer = await services.account.verifySession(user.uid, sessionId);
    expect(viewer).toMatchObject({ uid: user.uid, username: 'root', roles: ['root'] });
    expect(new Set(viewer!.permissions)).toEqual(new Set(PERMISSIONS));
    const auth = await services.account.authInfo(viewer!);
    expect(auth.roles).toEqual(['root']);
    expect(auth.permissions).toHaveLength(PERMISSIONS.length);

    await services.account.logout(viewer!, sessionId, new Date(Date.now() + 86_400_000));
    expect(await services.account.verifySession(user.uid, sessionId)).toBeNull();
    // another session of the same user is unaffected
    const second = await services.account.login('root', rootPassword, '10.0.0.1');
    expect(await services.account.verifySession(user.uid, second.sessionId)).not.toBeNull();
  });

  it('rejects bad credentials and unknown users alike', async () => {
    expect(await errorCode(services.account.login('root', 'wrong-password', '10.0.0.2'))).toBe('AUTH_BAD_CREDENTIALS');
    expect(await errorCode(services.account.login('nobody', 'whatever1', '10.0.0.2'))).toBe('AUTH_BAD_CREDENTIALS');
  });

  it('locks a username + ip pair after 20 failures, not other ips', async () => {
    const u = await services.account.createUser({ username: 'locky', password: 'right-pass' });
    // From the 5th failure a slide verification is required; attempts without it count as failures too.
    for (let i = 0; i < 20; i++) {
      expect(await errorCode(services.account.login('locky', `wrong-${i}`, '10.9.9.9'))).toBe(i < 5 ? 'AUTH_BAD_CREDENTIALS' : 'ACCOUNT_SLIDE_REQUIRED');
    }
    expect(await errorCode(services.account.login('locky', 'right-pass', '10.9.9.9'))).toBe('AUTH_LOGIN_LOCKED');
    expect((await services.account.login('locky', 'right-pass', '10.1.1.1')).user.uid).toBe(u.uid);
    // once the lock has expired the pair may log in again
    await sql`update login_failure set last_at = now() - interval '31 minutes' where username = 'locky'`;
    expect((await services.account.login('locky', 'right-pass', '10.9.9.9')).user.uid).toBe(u.uid);
    const [row] = await sql`select count(*)::int as n from login_failure where username = 'locky'`;
    expect(row!.n).toBe(0);
  });

  it('refuses banned users at login and in verifySession', async () => {
    const u = await services.account.createUser({ username: 'banned1', password: 'right-pass' });
    const { sessionId } = await services.account.login('banned1', 'right-pass', '10.0.0.3');
    const viewer = await services.account.verifySession(u.uid, sessionId);
    expect(viewer?.roles).toEqual(['default_user']);
    expect(viewer?.permissions).toContain('submit');
    await services.account.setUserStatus(u.uid, 1);
    expect(await errorCode(services.account.login('banned1', 'right-pass', '10.0.0.3'))).toBe('AUTH_ACCOUNT_BANNED');
    expect(await services.account.verifySession(u.uid, sessionId)).toBeNull();
  });
});

describe('site and problems', () => {
  const anon = null;
  let admin: Viewer;

  beforeAll(async () => {
    const { user, sessionId } = await services.account.login('root', rootPassword, '10.0.0.9');
    admin = (await services.account.verifySession(user.uid, sessionId))!;
  });

  it('serves the website config and the languages', async () => {
    const site = await services.site.websiteConfig();
    expect(site).toMatchObject({ name: 'Realtime OJ', shortName: 'ROJ', register: true });
    const all = await services.site.languages({});
    expect(all.map((l) => l.name)).toEqual(LOCAL_LANGUAGES.map((l) => l.name));
    const [p] = await sql`select id from problems where problem_id = '1000'`;
    const forProblem = await services.site.languages({ pid: p!.id as number });
    expect(forProblem).toHaveLength(LOCAL_LANGUAGES.length);
    expect(forProblem[0]!.available).toBeUndefined();
  });

  it('marks languages available from runner heartbeats', async () => {
    services.runners.record({ runnerId: 'r1', version: '1', languages: ['C', 'Python3'], slots: 1, freeSlots: 1, at: Date.now() });
    const all = await services.site.languages({});
    expect(all.filter((l) => l.available).map((l) => l.name)).toEqual(['C', 'Python3']);
  });

  it('lists problems with filters and paging', async () => {
    const page = await services.problems.list({}, anon);
    expect(page).toMatchObject({ total: 3, current: 1, size: 30, pages: 1 });
    expect(page.records.map((r) => r.problemId)).toEqual(['1000', '1001', '1002']);
    expect(page.records[0]!.tags.map((t) => t.name)).toEqual(['Beginner']);
    expect(page.records[1]!.score).toBe(100);

    expect((await services.problems.list({ keyword: 'prime' }, anon)).records.map((r) => r.problemId)).toEqual(['1002']);
    expect((await services.problems.list({ keyword: '100_' }, anon)).total).toBe(0); // LIKE wildcards are literal
    expect((await services.problems.list({ difficulty: 1 }, anon)).records.map((r) => r.problemId)).toEqual(['1002']);
    const tags = await sql`select id, name from tags order by id`;
    const math = tags.find((t) => t.name === 'Math')!.id as number;
    const beginner = tags.find((t) => t.name === 'Beginner')!.id as number;
    expect((await services.problems.list({ tagId: math }, anon)).records.map((r) => r.problemId)).toEqual(['1001', '1002']);
    expect((await services.problems.list({ tagId: `${math},${beginner}` }, anon)).records.map((r) => r.problemId)).toEqual(['1001']);
    expect((await services.problems.list({ oj: 'ME' }, anon)).total).toBe(3);
    expect((await services.problems.list({ oj: 'HDU' }, anon)).total).toBe(0);
    const p2 = await services.problems.list({ limit: 2, currentPage: 2 }, anon);
    expect(p2).toMatchObject({ total: 3, pages: 2, current: 2, size: 2 });
    expect(p2.records.map((r) => r.problemId)).toEqual(['1002']);

    // numbers beyond the integer columns match nothing instead of failing in SQL
    expect(await services.problems.list({ currentPage: 1e300 }, anon)).toMatchObject({ total: 3, records: [] });
    expect((await services.problems.list({ tagId: 3_000_000_000 }, anon)).total).toBe(3);
    expect(await services.site.languages({ pid: 3_000_000_000 })).toEqual([]);
  });

  it('gives problem details with languages, templates and counts', async () => {
    const info = await services.problems.detail('1000', anon);
    expect(info.problem).toMatchObject({ problemId: '1000', title: 'A+B Problem', type: 0, timeLimit: 1000, auth: 1 });
    expect(info.problem.examples).toHaveLength(2);
    expect(info.languages).toEqual(LOCAL_LANGUAGES.map((l) => l.name));
    expect(info.codeTemplate['Python3']).toContain('print');
    expect(info.problemCount).toMatchObject({ total: 0, ac: 0 });
    expect(info.tags.map((t) => t.name)).toEqual(['Beginner']);
    expect(await errorCode(services.problems.detail('9999', anon))).toBe('PROBLEM_NOT_FOUND');
  });

  it('hides private problems from everyone but admins', async () => {
    await sql`update problems set auth = 2 where problem_id = '1002'`;
    try {
      expect(await errorCode(services.problems.detail('1002', anon))).toBe('PROBLEM_NOT_FOUND');
      expect((await services.problems.list({}, anon)).total).toBe(2);
      expect((await services.problems.detail('1002', admin)).problem.auth).toBe(2);
      expect((await services.problems.list({}, admin)).total).toBe(3);
      // nor through the languages of the problem (an empty list for a hidden pid, like an unknown one)
      const [p] = await sql`select id from problems where problem_id = '1002'`;
      expect(await services.site.languages({ pid: p!.id as number }, anon)).toEqual([]);
      expect(await services.site.languages({ pid: p!.id as number })).toEqual([]);
      expect((await services.site.languages({ pid: p!.id as number }, admin)).length).toBeGreaterThan(0);
    } finally {
      await sql`update problems set auth = 1 where problem_id = '1002'`;
    }
  });
});
