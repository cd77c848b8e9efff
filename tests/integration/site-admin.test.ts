// Site administration across TWO gateways on one PostgreSQL and one real nats-server (each gateway with its own
// in-process services, as in a scale-out deployment): a switch flipped on gateway A applies on gateway B at once,
// each switch is enforced by the routes it governs, notices raise the recipients' unread counts over Socket.IO,
// the website / SMTP config round trip (password never sent back), and the SMTP test mail against a local sink.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { topics } from '@oj/proto';
import { createNatsBus, createServices, migrate, seed, silentLogger, type NatsBus, type OjServicesImpl } from '@oj/services';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { connectRecording, type ClientSocket } from '../support/live';
import { startTestDatabase, type TestDatabase } from '../support/pg';
import { startTestNats, type TestNats } from '../support/nats';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

const ROOT_PASSWORD = 'root-pass-123';
const PASSWORD = 'secret-123';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Env = { status: number; data: Json; msg: string; code?: string };
interface Node {
  bus: NatsBus;
  services: OjServicesImpl;
  gw: Gateway;
  url: string;
}

let pg: TestDatabase;
let nats: TestNats;
let sink: SmtpSink;
let sql: postgres.Sql;
let A: Node;
let B: Node;
const sockets: ClientSocket[] = [];
let logins = 0;
let root: string;
let alice: string;
let bob: string;
const uid: Record<string, string> = {};

async function startNode(name: string): Promise<Node> {
  const bus = await createNatsBus({ url: nats.url, logger: silentLogger(), name });
  const services = await createServices({ databaseUrl: pg.url, transport: bus, logger: silentLogger(), config: { submitIntervalS: 0, postMinAc: 0, commentMinAc: 0 } });
  const gw = await buildGateway({ services, push: bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'test-secret-'.padEnd(40, 'x') }) });
  const url = await gw.listen(0, '127.0.0.1');
  return { bus, services, gw, url };
}

async function call(node: Node, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown): Promise<Env> {
  const res = await node.gw.app.inject({ method, url, ...(body !== undefined && { payload: body as object }), headers: token ? { authorization: token } : {} });
  return res.json() as Env;
}

async function login(username: string, password = PASSWORD): Promise<string> {
  const remoteAddress = `10.203.${Math.floor(logins / 250)}.${(logins++ % 250) + 1}`;
  const res = await A.gw.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
  expect(res.statusCode).toBe(200);
  return res.headers.authorization as string;
}

const connect = (node: Node, token?: string) => connectRecording(node.url, token, sockets);

async function until<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  pg = await startTestDatabase();
  await migrate(pg.url);
  await seed(pg.url, { adminPassword: ROOT_PASSWORD });
  nats = await startTestNats();
  sink = await startSmtpSink();
  sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  A = await startNode('gateway-a');
  B = await startNode('gateway-b');
  for (const name of ['sa_alice', 'sa_bob', 'sa_carol']) uid[name] = (await A.services.account.createUser({ username: name, password: PASSWORD })).uid;
  uid.sa_admin = (await A.services.account.createUser({ username: 'sa_admin', password: PASSWORD, roles: ['admin'] })).uid;
  root = await login('root', ROOT_PASSWORD);
  alice = await login('sa_alice');
  bob = await login('sa_bob');
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const n of [A, B]) {
    if (!n) continue;
    await n.gw.close();
    await n.services.close();
    await n.bus.close();
  }
  await sql?.end();
  await sink?.stop();
  await nats?.stop();
  await pg?.stop();
});

/** A discussion's fields with `title` and `content` (the first seeded category, a description). */
const post = async (title: string, content: string) => {
  const [category] = (await call(A, 'GET', '/api/discussion-category')).data as { id: number }[];
  return { title, content, description: 'about it', categoryId: category!.id };
};

const switches = async (patch: Record<string, unknown>, node = A) => {
  const cur = (await call(node, 'GET', '/api/admin/switch/info', root)).data;
  expect(await call(node, 'PUT', '/api/admin/switch/update', root, { ...cur, ...patch })).toMatchObject({ status: 200 });
};

describe('switches across gateways', () => {
  it('public discussion switched off on A closes the discussion routes on B for a logged-in user at once, and back', async () => {
    const { socket, received } = await connect(B);
    expect(await socket.timeout(5000).emitWithAck('subscribe', { topic: topics.site() })).toMatchObject({ ok: true });
    expect(await call(B, 'GET', '/api/get-discussion-list', alice)).toMatchObject({ status: 200 });
    const posted = await call(B, 'POST', '/api/discussion', alice, await post('Hello', 'First post'));
    expect(posted).toMatchObject({ status: 200 });
    const did = posted.data.id as number;

    const t0 = Date.now();
    await switches({ openPublicDiscussion: false });
    const closed = await until(async () => {
      const r = await call(B, 'GET', '/api/get-discussion-list', alice);
      return r.status !== 200 && r;
    }, 2000);
    const latencyMs = Date.now() - t0;
    expect(closed).toMatchObject({ status: 403, code: 'DISCUSSION_CLOSED' });
    console.log(`switch applied on the other gateway after ${latencyMs} ms`);
    // Every discussion route of the public area on B, logged in: refused.
    expect((await call(B, 'GET', `/api/get-discussion-detail?did=${did}`, alice)).code).toBe('DISCUSSION_CLOSED');
    expect((await call(B, 'POST', '/api/discussion', alice, await post('x', 'y'))).code).toBe('DISCUSSION_CLOSED');
    expect((await call(B, 'GET', `/api/comments?did=${did}`, alice)).code).toBe('DISCUSSION_CLOSED');
    expect((await call(B, 'POST', '/api/comment', alice, { did, content: 'hi' })).code).toBe('DISCUSSION_CLOSED');
    expect((await call(B, 'POST', '/api/discussion-report', alice, { did, content: 'spam' })).code).toBe('DISCUSSION_CLOSED');
    // The public config of B says so, and browsers got it pushed.
    expect((await call(B, 'GET', '/api/get-website-config')).data.openPublicDiscussion).toBe(false);
    await until(() => received.find((m) => m.event === 'site.config' && m.data.openPublicDiscussion === false));

    await switches({ openPublicDiscussion: true }, B);
    await until(async () => (await call(A, 'GET', '/api/get-discussion-list', alice)).status === 200, 2000);
  });

  it('enforces the AC gate for posting a discussion (it was not applied) and for commenting', async () => {
    const did = (await call(A, 'POST', '/api/discussion', bob, await post('Before the gate', 'x'))).data.id as number;
    await switches({ defaultCreateDiscussionACInitValue: 1, defaultCreateCommentACInitValue: 2 });
    await until(async () => (await call(B, 'GET', '/api/admin/switch/info', root)).data.defaultCreateDiscussionACInitValue === 1);
    expect(await call(B, 'POST', '/api/discussion', bob, await post('Gated', 'x'))).toMatchObject({ code: 'ACCOUNT_POST_AC_REQUIRED', msg: '您需要先通过至少 1 道题目' });
    expect(await call(B, 'POST', '/api/comment', bob, { did, content: 'gated' })).toMatchObject({ code: 'COMMENT_AC_REQUIRED' });
    // Admins skip the gate.
    expect(await call(B, 'POST', '/api/discussion', root, await post('Admin post', 'x'))).toMatchObject({ status: 200 });
    await switches({ defaultCreateDiscussionACInitValue: 0, defaultCreateCommentACInitValue: 0 });
    await until(async () => (await call(B, 'POST', '/api/discussion', bob, await post('Open again', 'x'))).status === 200);
  });

  it('registration, code sharing and the submit interval follow their switches on the other gateway', async () => {
    await switches({ register: false, openCodeShare: false, defaultSubmitInterval: 7 });
    await until(() => B.services.config.submitIntervalS === 7);
    expect(B.services.config.openCodeShare).toBe(false);
    expect((await call(B, 'GET', '/api/get-website-config')).data.register).toBe(false);
    expect((await call(B, 'POST', '/api/register', undefined, { username: 'newbie', password: 'secret-123', email: 'n@example.com', code: '000000' })).code).toBe('ACCOUNT_REGISTER_CLOSED');
    await switches({ register: true, openCodeShare: true, defaultSubmitInterval: 0 });
    await until(() => B.services.config.submitIntervalS === 0 && B.services.config.site.register);
  });

  it('refuses bad switch values with the catalogue message and non-root callers', async () => {
    const cur = (await call(A, 'GET', '/api/admin/switch/info', root)).data;
    const bad = await call(A, 'PUT', '/api/admin/switch/update', root, { ...cur, defaultSubmitInterval: -1 });
    expect(bad.status).toBe(400);
    expect((await call(A, 'PUT', '/api/admin/switch/update', alice, cur)).status).toBe(403);
    const admin = await login('sa_admin');
    expect((await call(A, 'GET', '/api/admin/switch/info', admin)).status).toBe(403);
  });
});

describe('notices', () => {
  it('a notice to chosen users raises exactly their unread count, pushed over Socket.IO', async () => {
    const a = await connect(B, alice);
    const b = await connect(A, bob);
    const carol = await connect(A, await login('sa_carol'));
    const before = (await call(A, 'GET', '/api/msg/unread', alice)).data.mine as number;
    const sent = await call(A, 'POST', '/api/admin/msg/notice', root, { title: 'Exam room', content: 'Room **101**', type: 'Single', recipients: ['sa_alice', 'sa_bob'] });
    expect(sent).toMatchObject({ status: 200, data: { recipients: 2 } });
    const pushA = await until(() => a.received.find((m) => m.event === 'unread.counts' && m.topic === topics.user(uid.sa_alice!)));
    expect(pushA.data.mine).toBe(before + 1);
    await until(() => b.received.find((m) => m.event === 'unread.counts'));
    await new Promise((r) => setTimeout(r, 200));
    expect(carol.received.filter((m) => m.event === 'unread.counts')).toEqual([]);
    const mine = await call(B, 'GET', '/api/msg/mine', alice);
    expect(mine.data.records[0]).toMatchObject({ title: 'Exam room', content: 'Room **101**' });
    expect((await call(A, 'POST', '/api/admin/msg/notice', root, { title: 't', content: 'c', type: 'Single', recipients: ['nobody_here'] })).code).toBe('NOTICE_RECIPIENT_UNKNOWN');
  });

  it('a notice to every user: one bulk copy and one notice.sys push; to admins: the admins only', async () => {
    const anon = await connect(B);
    await anon.socket.timeout(5000).emitWithAck('subscribe', { topic: topics.site() });
    const sent = await call(A, 'POST', '/api/admin/msg/notice', root, { title: 'Maintenance', content: 'Tonight', type: 'All' });
    const users = Number((await sql`select count(*)::int as n from users`)[0]!.n);
    expect(sent.data.recipients).toBe(users);
    await until(() => anon.received.find((m) => m.event === 'notice.sys' && m.data.noticeId === sent.data.id));
    expect((await call(B, 'GET', '/api/msg/unread', bob)).data.sys).toBeGreaterThanOrEqual(1);
    const adm = await call(A, 'POST', '/api/admin/msg/notice', root, { title: 'Admins', content: 'Staff meeting', type: 'Admin' });
    const admins = Number((await sql`select count(distinct ur.uid)::int as n from user_role ur join roles r on r.id = ur.role_id where r.role in ('root','admin','problem_admin')`)[0]!.n);
    expect(adm.data.recipients).toBe(admins);
    const list = await call(A, 'GET', '/api/admin/msg/notice?limit=5', root);
    expect(list.data.records.map((r: { title: string }) => r.title).slice(0, 2)).toEqual(['Admins', 'Maintenance']);
    expect(await call(A, 'DELETE', `/api/admin/msg/notice?id=${adm.data.id}`, root)).toMatchObject({ status: 200 });
  });
});

describe('config', () => {
  it('website config round trip across gateways, pushed to browsers', async () => {
    const anon = await connect(A);
    await anon.socket.timeout(5000).emitWithAck('subscribe', { topic: topics.site() });
    const web = (await call(B, 'GET', '/api/admin/config/get-web-config', root)).data;
    const next = { ...web, name: 'Campus OJ', shortName: 'COJ', recordName: 'ICP 123', recordUrl: 'https://beian.example', baseUrl: 'https://oj.example.edu' };
    expect(await call(B, 'PUT', '/api/admin/config/set-web-config', root, next)).toMatchObject({ status: 200 });
    await until(async () => (await call(A, 'GET', '/api/get-website-config')).data.name === 'Campus OJ');
    expect((await call(A, 'GET', '/api/admin/config/get-web-config', root)).data).toEqual(next);
    await until(() => anon.received.find((m) => m.event === 'site.config' && m.data.shortName === 'COJ'));
    const bad = await call(A, 'PUT', '/api/admin/config/set-web-config', root, { ...next, name: '' });
    expect(bad.status).toBe(400);
  });

  it('SMTP settings: the password is never sent back; the test mail reaches the sink, and a failure names the SMTP error', async () => {
    const body = { emailHost: '127.0.0.1', emailPort: sink.port, emailUsername: '', emailSsl: false, emailFrom: 'OJ <oj@example.edu>', emailPassword: 's3cret-pass' };
    expect(await call(A, 'PUT', '/api/admin/config/set-email-config', root, body)).toMatchObject({ status: 200 });
    const got = await until(async () => {
      const r = await call(B, 'GET', '/api/admin/config/get-email-config', root);
      return r.data.emailHost === '127.0.0.1' && r;
    });
    expect(got.data).toEqual({ emailHost: '127.0.0.1', emailPort: sink.port, emailUsername: '', emailSsl: false, emailFrom: 'OJ <oj@example.edu>', emailPasswordSet: true });
    expect(JSON.stringify(got)).not.toContain('s3cret-pass');
    // Saving without a password keeps it.
    const { emailPassword: _drop, ...noPassword } = body;
    await call(A, 'PUT', '/api/admin/config/set-email-config', root, noPassword);
    expect((await call(A, 'GET', '/api/admin/config/get-email-config', root)).data.emailPasswordSet).toBe(true);

    expect(await call(B, 'POST', '/api/admin/config/test-email', root, { email: 'teacher@example.edu' })).toMatchObject({ status: 200 });
    expect(sink.mails.at(-1)).toMatchObject({ to: ['<teacher@example.edu>'] });
    expect(sink.mails.at(-1)!.data).toMatch(/^From: OJ <oj@example.edu>\nTo: teacher@example.edu\nSubject: /);

    // A closed port: the SMTP error comes back in the caller's language.
    await call(A, 'PUT', '/api/admin/config/set-email-config', root, { ...noPassword, emailPort: 1 });
    const failed = await A.gw.app.inject({ method: 'POST', url: '/api/admin/config/test-email', payload: { email: 'teacher@example.edu' }, headers: { authorization: root, 'accept-language': 'zh-CN' } });
    const env = failed.json() as Env;
    expect(env).toMatchObject({ status: 400, code: 'SITE_TEST_MAIL_FAILED' });
    expect(env.msg).toMatch(/^测试邮件发送失败：.*ECONNREFUSED/);
    expect((await call(A, 'POST', '/api/admin/config/test-email', root, { email: 'not-an-address' })).status).toBe(400);
  });
});

describe('announcements and discussion admin', () => {
  it('a visible announcement shows on the home list and is pushed; hidden ones do not show', async () => {
    const anon = await connect(B);
    await anon.socket.timeout(5000).emitWithAck('subscribe', { topic: topics.site() });
    expect(await call(A, 'POST', '/api/admin/announcement', root, { title: 'Contest on Friday', content: 'Be there', status: 0 })).toMatchObject({ status: 200 });
    await call(A, 'POST', '/api/admin/announcement', root, { title: 'Draft', content: 'Hidden', status: 1 });
    await until(() => anon.received.filter((m) => m.event === 'home.announcements').length >= 2);
    const home = (await call(B, 'GET', '/api/get-common-announcement?limit=20')).data.records.map((r: { title: string }) => r.title);
    expect(home).toContain('Contest on Friday');
    expect(home).not.toContain('Draft');
    const all = (await call(B, 'GET', '/api/admin/announcement?limit=20', root)).data.records;
    expect(all.map((r: { title: string }) => r.title)).toEqual(expect.arrayContaining(['Draft', 'Contest on Friday']));
  });

  it('pins, disables, reports and resolves, deletes', async () => {
    const d1 = (await call(A, 'POST', '/api/discussion', alice, await post('Pin me', 'x'))).data.id as number;
    const d2 = (await call(A, 'POST', '/api/discussion', alice, await post('Spam here', 'buy now'))).data.id as number;
    const admin = await login('sa_admin');
    expect(await call(B, 'PUT', '/api/admin/discussion', admin, { id: d1, topPriority: true })).toMatchObject({ status: 200 });
    expect((await call(B, 'GET', '/api/get-discussion-list', bob)).data.records[0]).toMatchObject({ id: d1, topPriority: true });
    expect(await call(B, 'POST', '/api/discussion-report', bob, { did: d2 })).toMatchObject({ code: 'REPORT_EMPTY' });
    expect(await call(B, 'POST', '/api/discussion-report', bob, { did: d2, tags: ['spam'], content: 'advert' })).toMatchObject({ status: 200 });
    const reports = (await call(A, 'GET', '/api/admin/discussion-report', admin)).data.records;
    expect(reports[0]).toMatchObject({ did: d2, discussionTitle: 'Spam here', reporter: 'sa_bob', tags: ['spam'], content: 'advert', status: false });
    expect(await call(A, 'PUT', '/api/admin/discussion-report', admin, { id: reports[0].id, status: true })).toMatchObject({ status: 200 });
    expect((await call(A, 'GET', '/api/admin/discussion-report?status=false', admin)).data.records.find((r: { id: number }) => r.id === reports[0].id)).toBeUndefined();

    await call(A, 'PUT', '/api/admin/discussion', admin, { id: d2, status: 1 });
    expect((await call(B, 'GET', `/api/get-discussion-detail?did=${d2}`, bob)).code).toBe('DISCUSSION_NOT_FOUND');
    expect((await call(B, 'GET', '/api/get-discussion-list?limit=100', bob)).data.records.map((r: { id: number }) => r.id)).not.toContain(d2);
    expect((await call(B, 'GET', `/api/get-discussion-detail?did=${d2}`, admin)).data.status).toBe(1);
    expect((await call(B, 'PUT', '/api/admin/discussion', bob, { id: d2, status: 0 })).status).toBe(403);
    expect(await call(A, 'DELETE', '/api/admin/discussion', admin, [d2])).toMatchObject({ status: 200 });
    expect((await call(A, 'GET', `/api/get-discussion-detail?did=${d2}`, admin)).code).toBe('DISCUSSION_NOT_FOUND');
  });
});

describe('notice to every user at scale', () => {
  it('10,000 users: the bulk copy and one push answer within the request (measured against the per-recipient path)', async () => {
    const have = Number((await sql`select count(*)::int as n from users`)[0]!.n);
    await sql`insert into users (uuid, username, password) select 'bulk-' || g, 'bulk_user_' || g, 'x' from generate_series(1, ${10_000 - have}) g`;
    const t0 = performance.now();
    const sent = await call(A, 'POST', '/api/admin/msg/notice', root, { title: 'Everyone', content: 'Hello all', type: 'All' });
    const allMs = performance.now() - t0;
    expect(sent.data.recipients).toBe(10_000);
    // The per-recipient path (a copy, the counts and a push each), as chosen users get it, for 500 recipients.
    const names = Array.from({ length: 500 }, (_, i) => `bulk_user_${i + 1}`);
    const t1 = performance.now();
    expect((await call(A, 'POST', '/api/admin/msg/notice', root, { title: 'Some', content: 'Hello some', type: 'Single', recipients: names })).data.recipients).toBe(500);
    const perUserMs = (performance.now() - t1) / 500;
    console.log(`notice to 10,000 users: ${allMs.toFixed(0)} ms; per-recipient path: ${perUserMs.toFixed(2)} ms a user (≈ ${((perUserMs * 10_000) / 1000).toFixed(1)} s for 10,000)`);
    expect(allMs).toBeLessThan(3000);
  }, 60_000);
});
