// Socket.IO against listen(0) on the real services, PostgreSQL and memory bus: handshake, topic rules, acks,
// relay, `since` replay and resync, and a full judge flow fed by hand as a runner would feed it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import {
  JudgeStatus,
  type ClientToServerEvents,
  type JobDelivery,
  type PushEventName,
  type ServerToClientEvents,
  type SubscribeAck,
  topics,
} from '@oj/proto';
import type { OjServices } from '@oj/services';
import { buildGateway } from './gateway';
import { ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Received {
  event: PushEventName;
  topic: string;
  seq: number;
  data: Record<string, unknown>;
}

const CODE = '#include <stdio.h>\nint main(void) {\n    int a, b;\n    scanf("%d %d", &a, &b);\n    printf("%d\\n", a + b);\n    return 0;\n}\n';
const MAX_SUBS = 4;

let h: Harness;
let url: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  // A tiny relay slice: rooms of more than two sockets are written slice by slice, between event-loop turns.
  h = await startHarness({ env: { OJ_SOCKET_MAX_SUBSCRIPTIONS: String(MAX_SUBS), OJ_SOCKET_SESSION_CHECK_MS: '200', OJ_RELAY_SLICE: '2' } });
  url = await h.gw.listen(0, '127.0.0.1');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h?.stop();
});

/** Connects and records every pushed event; rejects with the server's refusal. */
async function connect(token?: string, at = url): Promise<{ socket: ClientSocket; received: Received[] }> {
  const socket: ClientSocket = connectClient(at, {
    path: '/socket.io',
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const received: Received[] = [];
  socket.onAny((event: PushEventName, frame: Omit<Received, 'event'>) => received.push({ event, ...frame }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return { socket, received };
}

const subscribe = (s: ClientSocket, topic: string, since?: number): Promise<SubscribeAck> =>
  s.timeout(10_000).emitWithAck('subscribe', since === undefined ? { topic } : { topic, since });

async function submit(token: string): Promise<number> {
  const res = await h.gw.app.inject({
    method: 'POST',
    url: '/api/submit-problem-judge',
    headers: { authorization: token },
    payload: { pid: '1000', language: 'C', code: CODE },
  });
  expect(res.json().status).toBe(200);
  return res.json().data.submitId as number;
}

describe('handshake', () => {
  it('refuses a bad token with the error code as message', async () => {
    await expect(connect('not-a-jwt')).rejects.toThrow('AUTH_TOKEN_INVALID');
  });

  it('refuses a revoked token', async () => {
    await h.createUser('rt_revoked');
    const token = await h.login('rt_revoked');
    await h.gw.app.inject({ method: 'GET', url: '/api/logout', headers: { authorization: token } });
    await expect(connect(token)).rejects.toThrow('AUTH_TOKEN_INVALID');
  });

  it('accepts an anonymous socket', async () => {
    const { socket } = await connect();
    expect(socket.connected).toBe(true);
  });
});

describe('subscriptions', () => {
  it('lets anyone watch a public submission, and relays pushed events with their seq', async () => {
    await h.createUser('rt_alice');
    const alice = await h.login('rt_alice');
    const submitId = await submit(alice);
    const { socket, received } = await connect();

    const ack = await subscribe(socket, topics.submission(submitId));
    expect(ack).toEqual({ ok: true, seq: expect.any(Number) });

    const data = {
      submitId,
      status: JudgeStatus.JUDGING,
      time: null,
      memory: null,
      score: null,
      oiRankScore: null,
      judger: 'test',
      isManual: false,
      casesDone: 0,
      casesTotal: 5,
    };
    await h.bus.publishPush({ topic: topics.submission(submitId), seq: 1000, event: 'submission.status', data });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toEqual({ event: 'submission.status', topic: topics.submission(submitId), seq: 1000, data });

    // Events of topics the socket did not join never reach it.
    await h.bus.publishPush({ topic: 'submission:999999', seq: 1, event: 'submission.status', data });
    const unsub = await socket.timeout(10_000).emitWithAck('unsubscribe', { topic: topics.submission(submitId) });
    expect(unsub.ok).toBe(true);
    await h.bus.publishPush({ topic: topics.submission(submitId), seq: 1001, event: 'submission.status', data });
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toHaveLength(1);
  });

  it("joins the user's own topic automatically and forbids other users' topics", async () => {
    const bob = await h.createUser('rt_bob');
    const carol = await h.createUser('rt_carol');
    const { socket, received } = await connect(await h.login('rt_bob'));

    expect(await subscribe(socket, topics.user(carol.uid))).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    expect(await subscribe(socket, topics.user(bob.uid))).toMatchObject({ ok: true });
    expect(await subscribe(socket, topics.judgeStatus())).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    expect(await subscribe(socket, 'contest:1')).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    expect(await subscribe(socket, 'test-judge:abc')).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });

    const counts = { comment: 0, reply: 1, like: 0, sys: 0, mine: 0 };
    await h.bus.publishPush({ topic: topics.user(bob.uid), seq: 7, event: 'unread.counts', data: counts });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ event: 'unread.counts', topic: topics.user(bob.uid), seq: 7, data: counts });

    const root = await connect(await h.login('root', ROOT_PASSWORD));
    expect(await subscribe(root.socket, topics.judgeStatus())).toMatchObject({ ok: true });
  });

  it('answers malformed requests with codes and survives a missing ack', async () => {
    const { socket } = await connect();
    expect(await socket.timeout(10_000).emitWithAck('subscribe', { nope: 1 } as never)).toMatchObject({ ok: false, code: 'BAD_PAYLOAD' });
    expect(await socket.timeout(10_000).emitWithAck('subscribe', 'submission:1' as never)).toMatchObject({ ok: false, code: 'BAD_PAYLOAD' });
    expect(await subscribe(socket, 'no-such-topic:1')).toMatchObject({ ok: false, code: 'TOPIC_INVALID' });
    expect(await subscribe(socket, 'submission:-1')).toMatchObject({ ok: false, code: 'TOPIC_INVALID' });
    expect(await socket.timeout(10_000).emitWithAck('unsubscribe', { topic: 7 } as never)).toMatchObject({ ok: false, code: 'BAD_PAYLOAD' });

    // No ack callback at all: the server must neither crash nor drop the connection.
    const untyped: Socket = socket;
    untyped.emit('subscribe', { bad: true });
    untyped.emit('subscribe', { topic: topics.judgeStatus() });
    expect(await subscribe(socket, 'no-such-topic:1')).toMatchObject({ ok: false, code: 'TOPIC_INVALID' });
    expect(socket.connected).toBe(true);
  });

  it('caps the subscriptions of one socket', async () => {
    await h.createUser('rt_many');
    const token = await h.login('rt_many');
    const ids: number[] = [];
    for (let i = 0; i < MAX_SUBS + 1; i++) ids.push(await submit(token));
    const { socket } = await connect();
    for (const id of ids.slice(0, MAX_SUBS)) expect(await subscribe(socket, topics.submission(id))).toMatchObject({ ok: true });
    // Re-subscribing to a joined topic is not a new subscription.
    expect(await subscribe(socket, topics.submission(ids[0]!))).toMatchObject({ ok: true });
    expect(await subscribe(socket, topics.submission(ids[MAX_SUBS]!))).toMatchObject({ ok: false, code: 'TOPIC_TOO_MANY' });
  });
});

describe('sessions of connected sockets', () => {
  const disconnected = (s: ClientSocket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));

  it('drops the sockets of a session at logout, not those of the same user\'s other sessions', async () => {
    await h.createUser('rt_logout');
    const token = await h.login('rt_logout');
    const { socket } = await connect(token);
    const other = await connect(await h.login('rt_logout'));
    const gone = disconnected(socket);
    const res = await h.gw.app.inject({ method: 'GET', url: '/api/logout', headers: { authorization: token } });
    expect(res.json().status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 400)); // a session check or two later
    expect(other.socket.connected).toBe(true);
    expect(await subscribe(other.socket, topics.judgeStatus())).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
  });

  it('drops the sockets of a user banned meanwhile (or logged out through another gateway)', async () => {
    const u = await h.createUser('rt_banned');
    const { socket } = await connect(await h.login('rt_banned'));
    const gone = disconnected(socket);
    await h.services.account.setUserStatus(u.uid, 1);
    expect(await gone).toBe('io server disconnect');
  });

  it('refuses a client spamming subscribe requests, cheaply and without dropping it', async () => {
    const { socket } = await connect();
    const acks = await Promise.all(Array.from({ length: 200 }, () => subscribe(socket, 'submission:1')));
    const limited = acks.filter((a) => !a.ok && a.code === 'RATE_LIMITED').length;
    expect(limited).toBeGreaterThanOrEqual(150);
    expect(socket.connected).toBe(true);
  });
});

describe('a judge flow fed as a runner would', () => {
  it('streams status and cases in order, then replays them with since, or asks for a resync', async () => {
    const user = await h.createUser('rt_judge');
    const token = await h.login('rt_judge');
    const { socket, received } = await connect(token);

    const deliveries: JobDelivery[] = [];
    const consumer = await h.bus.consumeJobs(
      async (d) => {
        deliveries.push(d);
      },
      { concurrency: 4 },
    );
    const submitId = await submit(token);
    const topic = topics.submission(submitId);
    const first = await subscribe(socket, topic);
    expect(first).toEqual({ ok: true, seq: expect.any(Number) });
    const baseline = first.ok ? first.seq : 0;

    await expect.poll(() => deliveries.some((d) => d.job.submitId === submitId), { timeout: 10_000 }).toBe(true);
    const delivery = deliveries.find((d) => d.job.submitId === submitId)!;
    const { job } = delivery;
    const head = { submitId, version: job.version, judger: 'gateway-test-runner' };
    const total = job.problem.cases.length;
    expect(total).toBeGreaterThan(0);

    await h.bus.publishEvent({ kind: 'status', ...head, status: JudgeStatus.COMPILING, casesTotal: total });
    await h.bus.publishEvent({ kind: 'status', ...head, status: JudgeStatus.JUDGING, casesTotal: total });
    const cases = job.problem.cases.map((c) => ({
      caseId: c.caseId,
      index: c.index,
      status: JudgeStatus.ACCEPTED,
      time: 3,
      memory: 2048,
      score: c.score,
      groupNum: c.groupNum,
      userOutput: c.output,
    }));
    for (const c of cases) await h.bus.publishEvent({ kind: 'case', ...head, total, case: c });
    await h.bus.publishEvent({
      kind: 'final',
      ...head,
      status: JudgeStatus.ACCEPTED,
      score: null,
      time: 3,
      memory: 2048,
      errorMessage: null,
      cases,
    });
    await delivery.ack();
    await consumer.stop();

    const onTopic = () => received.filter((r) => r.topic === topic);
    const isFinal = (r: Received) => r.event === 'submission.status' && r.data.status === JudgeStatus.ACCEPTED;
    await expect.poll(() => onTopic().some(isFinal), { timeout: 15_000 }).toBe(true);

    const live = onTopic();
    const seqs = live.map((r) => r.seq);
    expect(seqs[0]).toBeGreaterThan(baseline);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    const statuses = live.filter((r) => r.event === 'submission.status').map((r) => r.data.status);
    expect(statuses[0]).toBe(JudgeStatus.COMPILING);
    expect(statuses).toContain(JudgeStatus.JUDGING);
    expect(statuses.at(-1)).toBe(JudgeStatus.ACCEPTED);
    const caseFrames = live.filter((r) => r.event === 'submission.case');
    expect(caseFrames.map((r) => r.data.index)).toEqual(cases.map((c) => c.index));
    for (const f of caseFrames) {
      expect(f.data).not.toHaveProperty('userOutput');
      expect(f.data).not.toHaveProperty('inputData');
    }
    // The first case comes after Judging and the last before the verdict.
    const pos = (pred: (r: Received) => boolean) => live.findIndex(pred);
    expect(pos((r) => r.event === 'submission.case')).toBeGreaterThan(pos((r) => r.data.status === JudgeStatus.JUDGING));
    expect(live.at(-1)!.event).toBe('submission.status');
    // The owner's own topic got the status updates too.
    await expect.poll(() => received.some((r) => r.topic === topics.user(user.uid) && isFinal(r)), { timeout: 10_000 }).toBe(true);

    const detail = await h.gw.app.inject({ method: 'GET', url: `/api/get-submission-detail?submitId=${submitId}` });
    expect(detail.json().data.submission).toMatchObject({ submitId, status: JudgeStatus.ACCEPTED, judger: 'gateway-test-runner' });

    // A late client replays everything it missed, in order, before the ack.
    const last = seqs.at(-1)!;
    const late = await connect();
    const ack = await subscribe(late.socket, topic, baseline);
    expect(ack).toEqual({ ok: true, seq: last });
    expect(late.received.map((r) => r.seq)).toEqual(seqs);
    expect(late.received.map((r) => r.event)).toEqual(live.map((r) => r.event));

    // Resubscribing from the middle gives the rest; from the end, nothing.
    const mid = seqs[Math.floor(seqs.length / 2)]!;
    const half = await connect();
    expect(await subscribe(half.socket, topic, mid)).toEqual({ ok: true, seq: last });
    expect(half.received.map((r) => r.seq)).toEqual(seqs.filter((s) => s > mid));
    const upToDate = await connect();
    expect(await subscribe(upToDate.socket, topic, last)).toEqual({ ok: true, seq: last });
    expect(upToDate.received).toHaveLength(0);

    // A `since` the server cannot serve means: reload the snapshot over REST.
    const stale = await connect();
    expect(await subscribe(stale.socket, topic, last + 100)).toEqual({ ok: true, seq: last, resync: true });
    expect(stale.received).toHaveLength(0);
  });
});

describe('relay to a room bigger than a slice', () => {
  it('delivers every event once and in order to every socket, also when one leaves meanwhile', async () => {
    await h.createUser('rt_fan');
    const submitId = await submit(await h.login('rt_fan'));
    const topic = topics.submission(submitId);
    const clients = await Promise.all(Array.from({ length: 7 }, () => connect()));
    for (const c of clients) expect((await subscribe(c.socket, topic)).ok).toBe(true);
    const data = { submitId, status: JudgeStatus.JUDGING, time: null, memory: null, score: null, oiRankScore: null, judger: 'fan', isManual: false, casesDone: 0, casesTotal: 1 };
    // Published back to back: later events queue behind the slices of earlier ones.
    for (let seq = 1; seq <= 30; seq++) void h.bus.publishPush({ topic, seq, event: 'submission.status', data });
    const leaver = clients.pop()!;
    leaver.socket.close();
    for (const c of clients) await expect.poll(() => c.received.length, { timeout: 10_000 }).toBe(30);
    await new Promise((r) => setTimeout(r, 100));
    for (const c of clients) expect(c.received.map((r) => r.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const c of clients) c.socket.close();
  });
});

describe('live events during a replay', () => {
  it('holds them until the missed ones are out, so each seq arrives once and in order', async () => {
    await h.createUser('rt_race');
    const submitId = await submit(await h.login('rt_race'));
    const topic = topics.submission(submitId);
    // Store three events of the topic the way the ingester does, by judging the submission's first steps.
    const head = { submitId, version: 1, judger: 'race-runner' };
    await h.bus.publishEvent({ kind: 'status', ...head, status: JudgeStatus.COMPILING, casesTotal: 2 });
    await h.bus.publishEvent({ kind: 'status', ...head, status: JudgeStatus.JUDGING, casesTotal: 2 });
    await expect.poll(() => h.services.push.latestSeq(topic), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const stored = (await h.services.push.replay(topic, 0))!;
    const last = stored.at(-1)!.seq;

    // The real services, with the replay held at a gate so live events can arrive in the middle of it.
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let replayStarted!: () => void;
    const started = new Promise<void>((r) => (replayStarted = r));
    const push: OjServices['push'] = {
      latestSeq: (t) => h.services.push.latestSeq(t),
      latestSeqs: (ts) => h.services.push.latestSeqs(ts),
      replay: async (t, since) => {
        const events = await h.services.push.replay(t, since);
        replayStarted();
        await gate;
        return events;
      },
    };
    const services = new Proxy(h.services, { get: (target, key) => (key === 'push' ? push : Reflect.get(target, key)) });
    const gw = await buildGateway({ services, push: h.bus, config: h.config });
    try {
      const at = await gw.listen(0, '127.0.0.1');
      const { socket, received } = await connect(undefined, at);
      const ackP = subscribe(socket, topic, 0);
      await started;
      const data = { ...stored.at(-1)!.data as object };
      // A duplicate of a stored event and a new one arrive live while the replay is held.
      await h.bus.publishPush({ topic, seq: last, event: 'submission.status', data });
      await h.bus.publishPush({ topic, seq: last + 1, event: 'submission.status', data });
      await new Promise((r) => setTimeout(r, 100));
      expect(received).toHaveLength(0);
      open();
      expect(await ackP).toEqual({ ok: true, seq: last + 1 });
      expect(received.map((r) => r.seq)).toEqual([...stored.map((e) => e.seq), last + 1]);
      socket.close();
    } finally {
      open();
      await gw.close();
    }
  });
});
