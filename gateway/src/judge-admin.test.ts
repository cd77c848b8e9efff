// Judge administration and the online test over REST (app.inject) and Socket.IO (listen(0)) on the real
// services, PostgreSQL and the memory bus: role gating, the judge-status topic and its `judge.runners`
// event, the test-judge topic for the key's owner only, and the once-readable test result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { JudgeStatus, TEST_INPUT_MAX, type ClientToServerEvents, type PushEventName, type ServerToClientEvents, type SubscribeAck, topics } from '@oj/proto';
import { ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Received {
  event: PushEventName;
  topic: string;
  data: Record<string, unknown>;
}

const CODE = '#include <stdio.h>\nint main(void) {\n    int a, b;\n    scanf("%d %d", &a, &b);\n    printf("%d\\n", a + b);\n    return 0;\n}\n';

let h: Harness;
let url: string;
let rootToken: string;
let userToken: string;
let otherToken: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  h = await startHarness();
  url = await h.gw.listen(0, '127.0.0.1');
  rootToken = await h.login('root', ROOT_PASSWORD);
  await h.createUser('jt_user');
  await h.createUser('jt_other');
  await h.createUser('jt_admin', ['admin']);
  userToken = await h.login('jt_user');
  otherToken = await h.login('jt_other');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h?.stop();
});

async function connect(token?: string): Promise<{ socket: ClientSocket; received: Received[] }> {
  const socket: ClientSocket = connectClient(url, { path: '/socket.io', auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  const received: Received[] = [];
  socket.onAny((event: PushEventName, frame: Omit<Received, 'event'>) => received.push({ event, ...frame }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, received };
}
const subscribe = (s: ClientSocket, topic: string): Promise<SubscribeAck> => s.timeout(10_000).emitWithAck('subscribe', { topic });
const get = (u: string, token?: string) => h.gw.app.inject({ method: 'GET', url: u, headers: token ? { authorization: token } : {} });
const post = (u: string, payload: object, token: string) => h.gw.app.inject({ method: 'POST', url: u, payload, headers: { authorization: token } });

async function until<T>(fn: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('judge administration routes', () => {
  it('rejudge, cancel and manual judge need root (+ rejudge); resubmit needs login', async () => {
    const sub = await post('/api/submit-problem-judge', { pid: '1000', language: 'C', code: CODE }, userToken);
    const submitId = sub.json().data.submitId as number;
    const adminToken = await h.login('jt_admin');
    for (const path of [`rejudge?submitId=${submitId}`, `cancel-judge?submitId=${submitId}`, `manual-judge?submitId=${submitId}&status=0`, 'rejudge-problem?pid=1']) {
      expect((await get(`/api/admin/judge/${path}`)).json().status).toBe(401);
      expect((await get(`/api/admin/judge/${path}`, userToken)).json()).toMatchObject({ status: 403, code: 'AUTH_FORBIDDEN' });
      expect((await get(`/api/admin/judge/${path}`, adminToken)).json()).toMatchObject({ status: 403, code: 'AUTH_FORBIDDEN' });
    }
    const r = await get(`/api/admin/judge/rejudge?submitId=${submitId}`, rootToken);
    expect(r.json()).toMatchObject({ status: 200, data: { submitId, status: JudgeStatus.PENDING, version: 2 } });
    const m = await get(`/api/admin/judge/manual-judge?submitId=${submitId}&status=0`, rootToken);
    expect(m.json()).toMatchObject({ status: 400, code: 'JUDGE_IN_PROGRESS' });
    const c = await get(`/api/admin/judge/cancel-judge?submitId=${submitId}`, rootToken);
    expect(c.json()).toMatchObject({ status: 200, data: { status: JudgeStatus.CANCELLED, isManual: true } });
    expect((await get(`/api/resubmit?submitId=${submitId}`)).json().status).toBe(401);
    expect((await get(`/api/resubmit?submitId=${submitId}`, userToken)).json()).toMatchObject({ code: 'RESUBMIT_NOT_ALLOWED' });
    const p = await get('/api/admin/judge/rejudge-problem?pid=1', rootToken);
    expect(p.json()).toMatchObject({ status: 200, data: { pid: 1 } });
  });

  it('the queue position of a pending submission is in its detail for the owner only', async () => {
    const sub = await post('/api/submit-problem-judge', { pid: '1000', language: 'C', code: CODE }, otherToken);
    const submitId = sub.json().data.submitId as number;
    const mine = (await get(`/api/get-submission-detail?submitId=${submitId}`, otherToken)).json();
    expect(mine.data.queuePosition).toBeGreaterThanOrEqual(1);
    const theirs = (await get(`/api/get-submission-detail?submitId=${submitId}`, userToken)).json();
    expect(theirs.data.queuePosition).toBeUndefined();
  });
});

describe('judge-status topic and runner listing', () => {
  it('admins get judge.runners on heartbeats and the REST listing; users get neither', async () => {
    const user = await connect(userToken);
    expect(await subscribe(user.socket, topics.judgeStatus())).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    const anon = await connect();
    expect(await subscribe(anon.socket, topics.judgeStatus())).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    const root = await connect(rootToken);
    expect(await subscribe(root.socket, topics.judgeStatus())).toMatchObject({ ok: true });

    await h.bus.heartbeat({ runnerId: 'runner-a', version: '9.9', languages: ['C', 'C++'], slots: 2, freeSlots: 1, sandbox: 'nsjail', at: Date.now() });
    const ev = await until(() => root.received.find((r) => r.event === 'judge.runners'));
    expect(ev.topic).toBe('judge-status');
    expect(ev.data).toMatchObject({ runners: [{ service: 'runner-a', runnerId: 'runner-a', slots: 2, freeSlots: 1, sandbox: 'nsjail', languages: ['C', 'C++'] }] });
    expect(user.received.some((r) => r.event === 'judge.runners')).toBe(false);

    const list = await get('/api/admin/config/get-judge-service-info', rootToken);
    expect(list.json()).toMatchObject({ status: 200, data: [{ service: 'runner-a', version: '9.9', sandbox: 'nsjail' }] });
    expect((await get('/api/admin/config/get-judge-service-info', userToken)).json()).toMatchObject({ status: 403 });
  });
});

describe('online test', () => {
  it('queues a test job, pushes the result to the key owner only, and answers it once over REST', async () => {
    const tooLong = await post('/api/submit-problem-test-judge', { pid: '1000', language: 'C', code: CODE, userInput: 'x'.repeat(TEST_INPUT_MAX + 1) }, userToken);
    expect(tooLong.json()).toMatchObject({ status: 400, code: 'TEST_INPUT_TOO_LONG' });
    expect((await h.gw.app.inject({ method: 'POST', url: '/api/submit-problem-test-judge', payload: { pid: '1000', language: 'C', code: CODE, userInput: '1 2' } })).json().status).toBe(401);

    const res = await post('/api/submit-problem-test-judge', { pid: '1000', language: 'C', code: CODE, userInput: '1 2', expectedOutput: '3', type: 'public' }, userToken);
    const key = res.json().data as string;
    expect(key).toMatch(/^TEST_JUDGE_[0-9a-f]{32}$/);
    expect((await get(`/api/get-test-judge-result?testJudgeKey=${key}`, userToken)).json()).toEqual({ status: 200, data: { status: JudgeStatus.PENDING }, msg: 'success' });
    expect((await get(`/api/get-test-judge-result?testJudgeKey=${key}`, otherToken)).json()).toMatchObject({ status: 400, code: 'TEST_JUDGE_NOT_FOUND' });

    const owner = await connect(userToken);
    expect(await subscribe(owner.socket, topics.testJudge(key))).toMatchObject({ ok: true });
    const other = await connect(otherToken);
    expect(await subscribe(other.socket, topics.testJudge(key))).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    const anon = await connect();
    expect(await subscribe(anon.socket, topics.testJudge(key))).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });

    // What a runner answers (the real runner's path is covered in tests/integration/online-test.test.ts).
    await h.bus.publishTestResult({ key, judger: 'runner-x', status: JudgeStatus.ACCEPTED, time: 1, memory: 900, userOutput: '3\n', stderr: '' });
    const ev = await until(() => owner.received.find((r) => r.event === 'test-judge.result'));
    expect(ev.data).toMatchObject({ status: JudgeStatus.ACCEPTED, userInput: '1 2', expectedOutput: '3', userOutput: '3\n', time: 1, memory: 900, problemJudgeMode: 'default' });
    expect(other.received.some((r) => r.event === 'test-judge.result')).toBe(false);

    const once = (await get(`/api/get-test-judge-result?testJudgeKey=${key}`, userToken)).json();
    expect(once).toMatchObject({ status: 200, data: { status: JudgeStatus.ACCEPTED, userOutput: '3\n' } });
    expect((await get(`/api/get-test-judge-result?testJudgeKey=${key}`, userToken)).json()).toMatchObject({ status: 400, code: 'TEST_JUDGE_NOT_FOUND' });
  });
});
