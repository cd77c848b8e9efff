// Abuse limits (issue 15 item 9, issue 16 item 11): every request limit is counted in PostgreSQL, so two gateways
// (each with its own services, one database, one nats-server) share it; logins are limited and locked per account AND
// address (a stranger cannot lock the owner out), locks double; captchas and username checks per address; change-email
// codes per user; comments and replies per user; discussions per day and behind the AC gate. Also the per-hit cost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@oj/proto';
import { PASSWORD, startAccountsFixture, type AccountsFixture, type Session } from './security-accounts-fixture';

let fx: AccountsFixture;
const LOGIN_PER_USER = 25;

beforeAll(async () => {
  fx = await startAccountsFixture({
    gateways: 2,
    env: {
      OJ_RATE_LOGIN_IP_PER_MIN: '1000',
      OJ_RATE_LOGIN_USER_PER_MIN: String(LOGIN_PER_USER),
      OJ_RATE_CAPTCHA_IP_PER_MIN: '3',
      OJ_RATE_LOOKUP_IP_PER_MIN: '3',
      OJ_RATE_EMAIL_CODE_USER_PER_HOUR: '2',
      OJ_RATE_COMMENT_PER_MIN: '3',
      OJ_RATE_DISCUSSION_PER_MIN: '100',
    },
    servicesConfig: { postMinAc: 1, commentMinAc: 0, discussionDailyLimit: 2 },
  });
});
afterAll(async () => {
  await fx?.stop();
});

/** Calls alternate between the two gateways, as a load balancer spreads them. */
const on = (i: number) => i % 2;
/** A discussion's required fields besides the title (the first seeded category). */
async function postFields(): Promise<{ description: string; categoryId: number; content: string }> {
  const categories = (await fx.call(0, 'GET', '/api/discussion-category', {})).json.data as { id: number }[];
  return { description: 'limits', categoryId: categories[0]!.id, content: 'x' };
}

describe('limits shared by the gateways', () => {
  it('counts logins per username + address on both gateways, and never locks the owner out from elsewhere', async () => {
    await fx.createUser('lim_login');
    const from = '10.61.0.1';
    const attempt = (i: number, ip = from) => fx.call(on(i), 'POST', '/api/login', { body: { username: 'lim_login', password: PASSWORD }, ip });
    for (let i = 0; i < LOGIN_PER_USER; i++) expect((await attempt(i)).json.status, `login ${i}`).toBe(200);
    for (const i of [0, 1]) {
      const refused = await attempt(i);
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({ code: 'RATE_LIMITED', msg: 'Speed too fast, please try again later' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect((await attempt(0, '10.61.0.2')).json.status).toBe(200);
  });

  it('limits captchas and username checks per address across the gateways', async () => {
    for (const [path, method, body] of [
      ['/api/captcha', 'GET', undefined],
      ['/api/captcha-slide', 'GET', undefined],
      ['/api/check-username-or-email', 'POST', { username: 'someone', email: 'someone@example.com' }],
    ] as const) {
      const ip = `10.62.0.${path.length}`;
      // The two captchas share one budget: start each from a fresh address.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fx.call(on(i), method, path, { ip, ...(body && { body }) })).status);
      expect(statuses, path).toEqual([200, 200, 200, 429]);
      expect((await fx.call(0, method, path, { ip: `${ip}9`, ...(body && { body }) })).status).toBe(200);
    }
  });

  it('limits change-email codes per user, whatever the address asked for', async () => {
    await fx.createUser('lim_mail', { email: 'lim_mail@example.com' });
    const s = await fx.login(0, 'lim_mail');
    const ask = (i: number) => fx.call(on(i), 'GET', `/api/get-change-email-code?email=lim_mail_${i}@example.com`, { session: s });
    expect((await ask(0)).json.status).toBe(200);
    expect((await ask(1)).json.status).toBe(200);
    const third = await ask(2);
    expect(third.json.code).toBe('RATE_LIMITED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('limits comments and replies per user', async () => {
    await fx.createUser('lim_cm');
    const root = await fx.login(0, 'root', { password: 'accounts-root-pass' });
    const s = await fx.login(1, 'lim_cm');
    const did = (await fx.call(0, 'POST', '/api/discussion', { session: root, body: { title: 'Limits', ...(await postFields()) } })).json.data.id as number;
    const first = await fx.call(0, 'POST', '/api/comment', { session: s, body: { did, content: 'one' } });
    expect(first.json.status).toBe(200);
    expect((await fx.call(1, 'POST', '/api/comment', { session: s, body: { did, content: 'two' } })).json.status).toBe(200);
    expect((await fx.call(0, 'POST', '/api/reply', { session: s, body: { reply: { commentId: first.json.data.id, content: 'three' }, did } })).json.status).toBe(200);
    expect((await fx.call(1, 'POST', '/api/reply', { session: s, body: { reply: { commentId: first.json.data.id, content: 'four' }, did } })).json.code).toBe('RATE_LIMITED');
    expect((await fx.call(0, 'POST', '/api/comment', { session: s, body: { did, content: 'five' } })).json.code).toBe('RATE_LIMITED');
  });

  it('counts exactly the limit when many requests race on both gateways', async () => {
    const rule = { max: 37, windowMs: 60_000 };
    const hits = await Promise.all(Array.from({ length: 120 }, (_, i) => fx.nodes[on(i)]!.services.rateLimits.hit('race', 'one-key', rule)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(37);
  });

  it('costs one statement per limited request (figure for docs/security.md)', async () => {
    const rule = { max: 1_000_000, windowMs: 60_000 };
    const limits = fx.nodes[0]!.services.rateLimits;
    for (let i = 0; i < 50; i++) await limits.hit('cost', `k${i % 10}`, rule);
    const times: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const t = performance.now();
      await limits.hit('cost', `k${i % 50}`, rule);
      times.push(performance.now() - t);
    }
    // The same pool's plain round trip, for scale (this machine is shared: absolute times vary with its load).
    const trip: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const t = performance.now();
      await fx.sql`select 1`;
      trip.push(performance.now() - t);
    }
    const stats = (xs: number[]) => {
      xs.sort((x, y) => x - y);
      return `mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3)} ms, p50 ${xs[500]!.toFixed(3)} ms, p99 ${xs[990]!.toFixed(3)} ms`;
    };
    console.log(`rate-limit hit: ${stats(times)}; select 1: ${stats(trip)} (1000 sequential each)`);
    expect(times[500]).toBeLessThan(20);
  });
});

describe('the login lock', () => {
  const stranger = '10.63.0.66';
  const owner = '10.63.0.1';
  const failures = async (ip: string, n: number) => {
    for (let i = 0; i < n; i++) await fx.call(on(i), 'POST', '/api/login', { body: { username: 'lim_lock', password: 'wrong-pass' }, ip });
  };

  it('locks the username + address pair after 20 failures (with the slide from the 5th), not the owner elsewhere, and doubles each further lock', async () => {
    await fx.createUser('lim_lock');
    await failures(stranger, LIMITS.slideVerifyAfterFailedLogins);
    expect((await fx.call(0, 'POST', '/api/login', { body: { username: 'lim_lock', password: 'wrong-pass' }, ip: stranger })).json.code).toBe('ACCOUNT_SLIDE_REQUIRED');
    await failures(stranger, 20 - LIMITS.slideVerifyAfterFailedLogins - 1);
    const locked = await fx.call(1, 'POST', '/api/login', { body: { username: 'lim_lock', password: PASSWORD }, ip: stranger });
    expect(locked.json).toMatchObject({ code: 'AUTH_LOGIN_LOCKED', msg: 'Too many failed logins, please try again in 30 minutes' });
    // The owner, from their own address, logs in (and only their pair's count would reset).
    const mine: Session = await fx.login(0, 'lim_lock', { ip: owner });
    expect((await fx.call(1, 'GET', '/api/get-user-auth-info', { session: mine })).status).toBe(200);

    // Once the lock has passed, 20 more failures lock the pair for twice as long.
    await fx.sql`update login_failure set last_at = now() - interval '31 minutes' where username = 'lim_lock' and ip = ${stranger}`;
    // (Half an hour has passed for the per-minute rate limit too.)
    await fx.sql`delete from rate_counter where key like 'login-user-ip:lim_lock|%'`;
    await failures(stranger, 20);
    const again = await fx.call(0, 'POST', '/api/login', { body: { username: 'lim_lock', password: PASSWORD }, ip: stranger });
    expect(again.json).toMatchObject({ code: 'AUTH_LOGIN_BACKOFF', msg: 'Too many failed logins again, please try again in 60 minutes' });
    await fx.sql`update login_failure set last_at = now() - interval '50 minutes' where username = 'lim_lock' and ip = ${stranger}`;
    expect((await fx.call(0, 'POST', '/api/login', { body: { username: 'lim_lock', password: PASSWORD }, ip: stranger })).json.code).toBe('AUTH_LOGIN_BACKOFF');
    await fx.login(1, 'lim_lock', { ip: owner });
  });
});

describe('discussion posting', () => {
  it('needs the accepted problems of the AC gate, and at most the daily number of discussions (admins excepted)', async () => {
    const u = await fx.createUser('lim_post');
    const s = await fx.login(0, 'lim_post');
    const fields = await postFields();
    const post = (node: number, session: Session, title: string) => fx.call(node, 'POST', '/api/discussion', { session, body: { title, ...fields } });
    expect((await post(0, s, 'Too early')).json).toMatchObject({ code: 'ACCOUNT_POST_AC_REQUIRED', msg: 'You need to solve at least 1 problems first' });
    // One accepted practice problem (as the ingester records it) opens the gate.
    await fx.sql`insert into judge (pid, display_pid, uid, username, code, length, language, status, cid)
      select p.id, p.problem_id, ${u.uid}, 'lim_post', 'x', 1, 'C', 0, 0 from problems p order by p.id limit 1`;
    expect((await post(0, s, 'First')).json.status).toBe(200);
    expect((await post(1, s, 'Second')).json.status).toBe(200);
    expect((await post(0, s, 'Third')).json).toMatchObject({ code: 'DISCUSSION_DAILY_LIMIT', msg: 'You can post at most 2 discussions a day' });
    // A day later the user may post again.
    await fx.sql`update discussion set gmt_create = now() - interval '25 hours' where uid = ${u.uid}`;
    expect((await post(1, s, 'Next day')).json.status).toBe(200);
    const root = await fx.login(1, 'root', { password: 'accounts-root-pass' });
    for (const t of ['R1', 'R2', 'R3']) expect((await post(1, root, t)).json.status).toBe(200);
  });
});
