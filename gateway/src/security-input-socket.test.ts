// Socket floods (issue 15, item 5), against listen(0) on the real services: topics per socket, sockets per user and
// per address are capped; a flood of subscribes from many sockets is refused by each socket's token bucket and
// answered from the short authorisation cache, not with a database read each; a role change drops the cached
// answers of that user at once. Every refusal is the catalogue's code with its message in the socket's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { formatError, ROLE_CODE, topics, type ClientToServerEvents, type ServerToClientEvents, type SubscribeAck } from '@oj/proto';
import { ROOT_PASSWORD, startHarness, type Harness } from './test-harness';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const MAX_TOPICS = 3;
const PER_USER = 3;
const PER_IP = 30;

let h: Harness;
let url: string;
let root: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  h = await startHarness({
    env: {
      OJ_SOCKET_MAX_SUBSCRIPTIONS: String(MAX_TOPICS),
      OJ_SOCKET_MAX_PER_USER: String(PER_USER),
      OJ_SOCKET_MAX_PER_IP: String(PER_IP),
      // Long enough that an answer kept past a role change would show.
      OJ_SOCKET_AUTH_CACHE_MS: '60000',
    },
  });
  url = await h.gw.listen(0, '127.0.0.1');
  root = await h.login('root', ROOT_PASSWORD);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h?.stop();
});

/** Opens a socket in `lang`; resolves it, or rejects with the server's refusal (`message` its code, `data` the ack-like refusal). */
function open(token: string | undefined, lang: 'en-US' | 'zh-CN' = 'en-US'): Promise<ClientSocket> {
  const socket: ClientSocket = connectClient(url, { path: '/socket.io', auth: token ? { token } : {}, query: { l: lang }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const subscribe = (s: ClientSocket, topic: string): Promise<SubscribeAck> => s.timeout(10_000).emitWithAck('subscribe', { topic });
const closeAll = async (list: ClientSocket[]) => {
  for (const s of list) s.close();
  // The server sees the disconnects a moment later.
  await new Promise((r) => setTimeout(r, 300));
};

describe('caps', () => {
  it('topics per socket: past the cap a subscribe is refused with TOPIC_TOO_MANY in the socket’s language', async () => {
    const u = await h.createUser('sk_topics');
    const s = await open(await h.login('sk_topics'), 'zh-CN');
    // `user:<uid>` is joined on connect and counts.
    expect(await subscribe(s, topics.site())).toMatchObject({ ok: true });
    expect(await subscribe(s, topics.problemCounts())).toMatchObject({ ok: true });
    expect(await subscribe(s, topics.user(u.uid))).toMatchObject({ ok: true });
    expect(await subscribe(s, 'submission:1')).toEqual({ ok: false, code: 'TOPIC_TOO_MANY', msg: formatError('TOPIC_TOO_MANY', 'zh-CN') });
    await closeAll([s]);
  });

  it('sockets per user: one more is refused with SOCKET_TOO_MANY, and a closed one frees its place', async () => {
    await h.createUser('sk_user');
    const token = await h.login('sk_user');
    const mine = [];
    for (let i = 0; i < PER_USER; i++) mine.push(await open(token));
    const refused = await open(token, 'zh-CN').then(
      () => null,
      (err: Error & { data?: unknown }) => err,
    );
    expect(refused?.message).toBe('SOCKET_TOO_MANY');
    expect(refused?.data).toEqual({ ok: false, code: 'SOCKET_TOO_MANY', msg: formatError('SOCKET_TOO_MANY', 'zh-CN') });
    await closeAll(mine.slice(0, 1));
    const again = await open(token);
    expect(again.connected).toBe(true);
    await closeAll([...mine, again]);
  });

  it('sockets per address: anonymous sockets from one address are capped too', async () => {
    const anon: ClientSocket[] = [];
    for (let i = 0; i < PER_IP; i++) anon.push(await open(undefined));
    await expect(open(undefined)).rejects.toMatchObject({ message: 'SOCKET_TOO_MANY' });
    await closeAll(anon);
    expect((await open(undefined)).connected).toBe(true);
  });
});

describe('a subscribe flood', () => {
  it('20 sockets × 100 subscribes: each socket’s bucket refuses most, and the topic is authorised once, not per request', async () => {
    await closeAll(sockets.filter((s) => s.connected));
    const submissions = h.services.submissions;
    const canWatch = submissions.canWatch.bind(submissions);
    let reads = 0;
    submissions.canWatch = (...args) => {
      reads++;
      return canWatch(...args);
    };
    try {
      const flood: ClientSocket[] = [];
      for (let i = 0; i < 20; i++) flood.push(await open(undefined, i % 2 === 0 ? 'en-US' : 'zh-CN'));
      const acks = (await Promise.all(flood.map((s) => Promise.all(Array.from({ length: 100 }, () => subscribe(s, 'submission:987654')))))).flat();
      expect(acks).toHaveLength(2000);
      const limited = acks.filter((a) => !a.ok && a.code === 'RATE_LIMITED').length;
      const forbidden = acks.filter((a) => !a.ok && a.code === 'TOPIC_FORBIDDEN').length;
      expect(limited + forbidden).toBe(2000);
      // The bucket lets a burst of 2 × the topic cap + 10 through per socket.
      expect(forbidden).toBeLessThanOrEqual(20 * (2 * MAX_TOPICS + 10) + 20);
      expect(reads).toBeLessThanOrEqual(3);
      for (const [i, a] of acks.entries()) {
        if (a.ok) continue;
        const lang = Math.floor(i / 100) % 2 === 0 ? 'en-US' : 'zh-CN';
        expect(a.msg).toBe(formatError(a.code, lang));
      }
      await closeAll(flood);
    } finally {
      submissions.canWatch = canWatch;
    }
  });
});

describe('the authorisation cache', () => {
  it('is dropped for a user whose role changed: a demoted admin is refused at once, not after the cache period', async () => {
    const u = await h.createUser('sk_demoted', ['admin']);
    const first = await open(await h.login('sk_demoted'));
    expect(await subscribe(first, topics.judgeStatus())).toMatchObject({ ok: true });
    const gone = new Promise((r) => first.once('disconnect', r));
    const res = await h.gw.app.inject({
      method: 'PUT',
      url: '/api/admin/user/edit-user',
      headers: { authorization: root },
      payload: { uid: u.uid, username: 'sk_demoted', type: ROLE_CODE.default_user, status: 0 },
    });
    expect(res.json()).toMatchObject({ status: 200 });
    await gone; // the role change ended the user's sessions; the gateway forgot what it knew of them
    const second = await open(await h.login('sk_demoted'));
    expect(await subscribe(second, topics.judgeStatus())).toMatchObject({ ok: false, code: 'TOPIC_FORBIDDEN' });
    await closeAll([second]);
  });
});
