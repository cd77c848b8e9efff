// Authorization of every training route through the real gateway (app.inject) on the real services and PostgreSQL:
// anonymous, a signed-in user, a registered member, another admin, the training's author (its admin) and a super admin,
// against a private training; the submit's tid; and `training:<tid>` over Socket.IO (who may follow it, and the
// progress of a new member relayed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { topics, type ClientToServerEvents, type ServerToClientEvents, type TrainingRankPage } from '@oj/proto';
import { ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

type Caller = 'anon' | 'user' | 'member' | 'otherAdmin' | 'author' | 'root';
const CALLERS: Caller[] = ['anon', 'user', 'member', 'otherAdmin', 'author', 'root'];
const TRAINING_PASSWORD = 'open-sesame';
const CODE = '#include <stdio.h>\nint main(void) { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n';

let h: Harness;
const tokens: Partial<Record<Caller, string>> = {};
const uids: Partial<Record<Caller, string>> = {};
let tid: number;
let categoryId: number;
let pid: number;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Caller, payload?: object) {
  const token = tokens[who];
  const res = await h.gw.app.inject({ method, url, headers: { ...(token && { authorization: token }), 'accept-language': 'en-US' }, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url} as ${who}`).toBeLessThan(500);
  return res.json() as { status: number; data: unknown; msg: string };
}

/** The envelope status of one call as each caller. */
async function statuses(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: (who: Caller) => object): Promise<Record<Caller, number>> {
  const out = {} as Record<Caller, number>;
  for (const who of CALLERS) out[who] = (await call(method, url, who, payload?.(who))).status;
  return out;
}

const trainingForm = (extra: Record<string, unknown> = {}) => ({
  training: { title: 'Authz training', description: 'Who may do what', auth: 'Private', privatePwd: TRAINING_PASSWORD, rank: 7, ...extra },
  trainingCategory: { id: categoryId },
});

beforeAll(async () => {
  h = await startHarness();
  tokens.root = await h.login('root', ROOT_PASSWORD);
  for (const [who, roles] of [
    ['user', ['default_user']],
    ['member', ['default_user']],
    ['otherAdmin', ['admin']],
    ['author', ['admin']],
  ] as const) {
    const u = await h.createUser(`tr_${who}`.slice(0, 20), [...roles]);
    uids[who] = u.uid;
    tokens[who] = await h.login(u.username);
  }
  categoryId = ((await call('POST', '/api/admin/training/category', 'author', { name: 'Authz', color: '#409EFF' })).data as { id: number }).id;
  tid = ((await call('POST', '/api/admin/training', 'author', trainingForm())).data as { tid: number }).tid;
  pid = ((await call('GET', '/api/get-problem-detail?problemId=1000', 'root')).data as { problem: { id: number } }).problem.id;
  expect((await call('POST', '/api/admin/training/add-problem-from-public', 'author', { tid, pid })).status).toBe(200);
  expect((await call('POST', '/api/register-training', 'member', { tid, password: TRAINING_PASSWORD })).status).toBe(200);
});
afterAll(async () => h?.stop());

describe('training routes, users’ side', () => {
  it('categories and the list are open to all; progress only for a signed-in caller', async () => {
    expect(await statuses('GET', '/api/get-training-category')).toEqual({ anon: 200, user: 200, member: 200, otherAdmin: 200, author: 200, root: 200 });
    const list = (who: Caller) => call('GET', '/api/get-training-list?keyword=Authz', who).then((r) => (r.data as { records: { id: number; acCount: number | null }[] }).records);
    expect((await list('anon')).map((r) => [r.id, r.acCount])).toEqual([[tid, null]]);
    expect((await list('member')).map((r) => [r.id, r.acCount])).toEqual([[tid, 0]]);
    expect((await call('GET', '/api/get-training-list?auth=Nope', 'anon')).status).toBe(400);
  });

  it('details and access: login; the private training’s problems and rank: members and its admins only', async () => {
    expect(await statuses('GET', `/api/get-training-detail?tid=${tid}`)).toEqual({ anon: 401, user: 200, member: 200, otherAdmin: 200, author: 200, root: 200 });
    const access = async (who: Caller) => ((await call('GET', `/api/get-training-access?tid=${tid}`, who)).data as { access: boolean } | null)?.access;
    expect(await Promise.all(CALLERS.map(access))).toEqual([undefined, false, true, false, true, true]);
    const admin = async (who: Caller) => ((await call('GET', `/api/get-training-detail?tid=${tid}`, who)).data as { admin: boolean }).admin;
    expect(await Promise.all(CALLERS.filter((c) => c !== 'anon').map(admin))).toEqual([false, false, false, true, true]);
    const refused = { anon: 401, user: 403, member: 200, otherAdmin: 403, author: 200, root: 200 };
    expect(await statuses('GET', `/api/get-training-problem-list?tid=${tid}`)).toEqual(refused);
    expect(await statuses('GET', `/api/get-training-rank?tid=${tid}`)).toEqual(refused);
    expect((await call('GET', `/api/get-training-rank?tid=${tid}`, 'user')).msg).toBe('Please register for this private training with its password first');
    expect((await call('GET', '/api/get-training-detail?tid=99999', 'user')).status).toBe(404);
  });

  it('shows real names in the rank to the training’s admins only', async () => {
    await call('POST', '/api/change-userInfo', 'member', { realname: 'Li Lei' });
    const realname = async (who: Caller) => ((await call('GET', `/api/get-training-rank?tid=${tid}`, who)).data as TrainingRankPage).records.find((r) => r.uid === uids.member)!.realname;
    expect(await realname('member')).toBeNull();
    expect(await realname('author')).toBe('Li Lei');
    expect(await realname('root')).toBe('Li Lei');
  });

  it('registration needs login and the right password; the submit’s tid follows the training’s rules', async () => {
    expect((await call('POST', '/api/register-training', 'anon', { tid, password: 'x' })).status).toBe(401);
    const wrong = await call('POST', '/api/register-training', 'user', { tid, password: 'nope' });
    expect([wrong.status, wrong.msg]).toEqual([400, 'The training password is wrong']);
    expect((await call('POST', '/api/register-training', 'user', { tid, password: '' })).msg).toBe('Enter the training password');
    const submit = (who: Caller) => call('POST', '/api/submit-problem-judge', who, { pid: '1000', language: 'C', code: CODE, tid });
    expect((await submit('anon')).status).toBe(401);
    expect((await submit('user')).status).toBe(403);
    expect((await submit('member')).status).toBe(200);
    expect((await call('POST', '/api/submit-problem-judge', 'member', { pid: '1001', language: 'C', code: CODE, tid })).status).toBe(404);
  });
});

describe('training routes, admin side', () => {
  const adminOnly = { anon: 401, user: 403, member: 403, otherAdmin: 403, author: 200, root: 200 };

  it('the training’s own admin calls: its author and a super admin, not another admin', async () => {
    expect(await statuses('GET', `/api/admin/training?tid=${tid}`)).toEqual(adminOnly);
    expect(await statuses('PUT', '/api/admin/training', () => trainingForm({ id: tid, privatePwd: '' }))).toEqual(adminOnly);
    expect(await statuses('PUT', `/api/admin/training/change-training-status?tid=${tid}&status=true`)).toEqual(adminOnly);
    expect(await statuses('GET', `/api/admin/training/get-problem-list?tid=${tid}&queryExisted=true`)).toEqual(adminOnly);
    expect(await statuses('PUT', '/api/admin/training/problem', () => ({ tid, pid, rank: 3 }))).toEqual(adminOnly);
    const problem1001 = ((await call('GET', '/api/get-problem-detail?problemId=1001', 'root')).data as { problem: { id: number } }).problem.id;
    const added: Record<Caller, number> = await statuses('POST', '/api/admin/training/add-problem-from-public', () => ({ tid, displayId: '1001' }));
    // The author adds it; root then finds it already there.
    expect(added).toEqual({ anon: 401, user: 403, member: 403, otherAdmin: 403, author: 200, root: 400 });
    expect(await statuses('DELETE', `/api/admin/training/problem?tid=${tid}&pid=${problem1001}`)).toEqual({ anon: 401, user: 403, member: 403, otherAdmin: 403, author: 200, root: 404 });
  });

  it('the admin list, creation and categories: root and admins; a problem admin reaches none of them', async () => {
    const listed = async (who: Caller) => ((await call('GET', '/api/admin/training/get-training-list?keyword=Authz', who)).data as { records: { id: number }[] } | null)?.records.map((r) => r.id);
    expect(await Promise.all(CALLERS.map(listed))).toEqual([undefined, undefined, undefined, [], [tid], [tid]]);
    expect(await statuses('POST', '/api/admin/training', () => trainingForm({ title: 'scratch', auth: 'Public' }))).toEqual({ anon: 401, user: 403, member: 403, otherAdmin: 200, author: 200, root: 200 });
    const names = (who: Caller) => ({ name: `cat-${who}`, color: '#000000' });
    expect(await statuses('POST', '/api/admin/training/category', names)).toEqual({ anon: 401, user: 403, member: 403, otherAdmin: 200, author: 200, root: 200 });
    expect(await statuses('PUT', '/api/admin/training/category', (who) => ({ id: categoryId, name: `Authz ${who}`, color: '#111111' }))).toEqual({ anon: 401, user: 403, member: 403, otherAdmin: 200, author: 200, root: 200 });
    expect(await statuses('DELETE', `/api/admin/training/category?cid=${categoryId}`)).toEqual({ anon: 401, user: 403, member: 403, otherAdmin: 400, author: 400, root: 400 });
    const pa = await h.createUser('tr_problem_admin', ['problem_admin']);
    expect((await h.gw.app.inject({ method: 'GET', url: '/api/admin/training/get-training-list', headers: { authorization: await h.login(pa.username) } })).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/training', 'author', { training: { title: 'x' } })).status).toBe(400);
  });

  it('delete: the super admin only', async () => {
    const scratch = ((await call('POST', '/api/admin/training', 'author', trainingForm({ title: 'to delete', auth: 'Public' }))).data as { tid: number }).tid;
    expect(await statuses('DELETE', `/api/admin/training?tid=${scratch}`)).toEqual({ anon: 401, user: 403, member: 403, otherAdmin: 403, author: 403, root: 200 });
    expect((await call('GET', `/api/get-training-detail?tid=${scratch}`, 'root')).status).toBe(404);
  });
});

describe('training:<tid> over Socket.IO', () => {
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
  let url: string;
  beforeAll(async () => {
    url = await h.gw.listen(0, '127.0.0.1');
  });
  afterAll(() => sockets.forEach((s) => s.close()));

  async function connect(who: Caller) {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectClient(url, { path: '/socket.io', auth: tokens[who] ? { token: tokens[who] } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('admits its members and admins only, and relays a new member’s progress', async () => {
    const acks: Record<string, boolean> = {};
    const bySocket = new Map<Caller, Socket<ServerToClientEvents, ClientToServerEvents>>();
    for (const who of CALLERS) {
      const s = await connect(who);
      bySocket.set(who, s);
      acks[who] = (await s.timeout(10_000).emitWithAck('subscribe', { topic: topics.training(tid) })).ok;
    }
    expect(acks).toEqual({ anon: false, user: false, member: true, otherAdmin: false, author: true, root: true });

    const got = new Promise<{ uid: string; cell: unknown }>((resolve) => bySocket.get('member')!.on('training.progress', (frame) => resolve(frame.data)));
    expect((await call('POST', '/api/register-training', 'user', { tid, password: TRAINING_PASSWORD })).status).toBe(200);
    expect(await got).toMatchObject({ uid: uids.user, cell: null });
  });
});
