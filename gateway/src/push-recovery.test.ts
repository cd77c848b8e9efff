// The sweep for push messages lost on their way to a gateway (push-recovery.ts), through the real gateway (Socket.IO on
// a port, real services and PostgreSQL): the gateway's push subscription drops chosen messages, as a publish lost in
// a NATS cluster would be lost, while its connection stays up (so no catch-up runs). A lost final verdict reaches the
// socket of its user topic and a lost board delta its board room, from the push log, on the second pass that finds
// them missing; a message that arrived is never sent twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { JudgeStatus, topics, type ClientToServerEvents, type PushFrame, type PushMessage, type PushTransport, type ServerToClientEvents } from '@oj/proto';
import { PASSWORD, startBoardFixture, type BoardFixture, type ContestInfo } from '../../tests/integration/contest-board-fixture';
import { loadGatewayConfig } from './config';
import { buildGateway, type Gateway } from './gateway';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('the push sweep', () => {
  let f: BoardFixture;
  let c: ContestInfo;
  let gw: Gateway;
  let url: string;
  /** Messages the gateway's subscription loses (by topic and event). */
  let lose: (m: PushMessage) => boolean = () => false;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    f = await startBoardFixture();
    const boss = await f.user('ps_boss', { roles: ['admin'] });
    c = await f.contest({ creator: boss, openRank: true });
    const lossy: PushTransport = { subscribePush: (handler) => f.bus.subscribePush((m) => void (lose(m) || handler(m))) };
    // The timer off: the test runs the passes itself.
    gw = await buildGateway({ services: f.services, push: lossy, config: loadGatewayConfig({ OJ_JWT_SECRET: 'test-secret-'.padEnd(40, 'x'), OJ_PUSH_SWEEP_MS: '0' }) });
    url = await gw.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await gw?.close();
    await f?.close();
  });

  async function connect(token?: string): Promise<{ s: ClientSocket; got: { event: string; frame: PushFrame }[] }> {
    const s: ClientSocket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, auth: token ? { token } : {} });
    sockets.push(s);
    const got: { event: string; frame: PushFrame }[] = [];
    s.onAny((event: string, frame: PushFrame) => got.push({ event, frame }));
    await new Promise<void>((r, j) => {
      s.once('connect', () => r());
      s.once('connect_error', j);
    });
    return { s, got };
  }

  const login = async (username: string) => {
    const r = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: PASSWORD } });
    expect(r.json().status).toBe(200);
    return r.headers.authorization as string;
  };

  it("relays a lost final verdict to the socket of its user's topic on the second pass that misses it, and nothing twice", async () => {
    const uid = await f.user('ps_alice');
    const { got } = await connect(await login('ps_alice'));
    const status = () => got.filter((g) => g.event === 'submission.status' && g.frame.topic === topics.user(uid));

    // A first verdict arrives as usual; the first pass only learns the topic (joined at connect).
    const first = await f.submit(c, uid, 'A', 60);
    await f.verdict(first, JudgeStatus.ACCEPTED);
    await expect.poll(() => status().length).toBeGreaterThan(0);
    await gw.sweepPush();
    const before = status().length;

    // The next final is stored and published, but never reaches this gateway.
    lose = (m) => m.topic === topics.user(uid) && m.event === 'submission.status';
    const second = await f.submit(c, uid, 'B', 120);
    await f.verdict(second, JudgeStatus.WRONG_ANSWER);
    lose = () => false;
    await expect.poll(() => f.pushes.some((p) => p.topic === topics.user(uid) && (p.data as { submitId: number }).submitId === second)).toBe(true);
    expect(status().length).toBe(before);

    // A message may be in flight when a pass looks: the first pass that sees the gap waits; the next relays it.
    expect(await gw.sweepPush()).toBe(0);
    expect(await gw.sweepPush()).toBeGreaterThan(0);
    await expect.poll(() => status().some((g) => (g.frame.data as { submitId: number; status: number }).submitId === second && (g.frame.data as { status: number }).status === JudgeStatus.WRONG_ANSWER)).toBe(true);
    const seqs = status().map((g) => g.frame.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    // Nothing missing now: the passes send nothing more.
    expect(await gw.sweepPush()).toBe(0);
    expect(await gw.sweepPush()).toBe(0);
    expect(new Set(status().map((g) => g.frame.seq)).size).toBe(status().length);
  });

  it('relays a lost verdict that a later message of the same topic overtook (a hole, not a trailing gap), and only it', async () => {
    const uid = await f.user('ps_carol');
    const { got } = await connect(await login('ps_carol'));
    const status = () => got.filter((g) => g.event === 'submission.status' && g.frame.topic === topics.user(uid));
    const of = (sid: number) => status().filter((g) => (g.frame.data as { submitId: number }).submitId === sid);
    const first = await f.submit(c, uid, 'A', 60);
    await f.verdict(first, JudgeStatus.ACCEPTED);
    await expect.poll(() => of(first).length).toBeGreaterThan(0);
    await gw.sweepPush();

    // The second submission's verdict is lost on the way here; the third's arrives after it.
    const second = await f.submit(c, uid, 'B', 120);
    const third = await f.submit(c, uid, 'C', 180);
    lose = (m) => m.topic === topics.user(uid) && (m.data as { submitId?: number }).submitId === second;
    await f.verdict(second, JudgeStatus.WRONG_ANSWER);
    lose = () => false;
    await f.verdict(third, JudgeStatus.ACCEPTED);
    await expect.poll(() => of(third).length).toBeGreaterThan(0);
    expect(of(second)).toEqual([]);

    expect(await gw.sweepPush()).toBe(0);
    expect(await gw.sweepPush()).toBeGreaterThan(0);
    await expect.poll(() => of(second).length).toBeGreaterThan(0);
    const seqs = status().map((g) => g.frame.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(await gw.sweepPush()).toBe(0);
    expect(await gw.sweepPush()).toBe(0);
  });

  it("relays the first message of a socket's own topic lost before any pass, and nothing from before the socket came", async () => {
    const uid = await f.user('ps_dave');
    const token = await login('ps_dave');
    // A verdict from before the socket: in the log, and not for this socket to receive.
    const earlier = await f.submit(c, uid, 'A', 60);
    await f.verdict(earlier, JudgeStatus.ACCEPTED);
    await expect.poll(() => f.pushes.some((p) => p.topic === topics.user(uid) && (p.data as { submitId: number }).submitId === earlier)).toBe(true);

    const { got } = await connect(token);
    const of = (sid: number) => got.filter((g) => g.event === 'submission.status' && g.frame.topic === topics.user(uid) && (g.frame.data as { submitId: number }).submitId === sid);
    // No pass has run since the socket came: the topic's next message is lost on its way here.
    const lost = await f.submit(c, uid, 'B', 120);
    lose = (m) => m.topic === topics.user(uid);
    await f.verdict(lost, JudgeStatus.WRONG_ANSWER);
    lose = () => false;
    await expect.poll(() => f.pushes.some((p) => p.topic === topics.user(uid) && (p.data as { submitId: number; status: number }).status === JudgeStatus.WRONG_ANSWER)).toBe(true);
    expect(of(lost)).toEqual([]);

    // The sweep starts the topic where the log stood at the handshake: the lost verdict is relayed, the earlier not.
    expect(await gw.sweepPush()).toBe(0);
    expect(await gw.sweepPush()).toBeGreaterThan(0);
    await expect.poll(() => of(lost).some((g) => (g.frame.data as { status: number }).status === JudgeStatus.WRONG_ANSWER)).toBe(true);
    expect(of(earlier)).toEqual([]);
    expect(await gw.sweepPush()).toBe(0);
  });

  it('relays a lost board delta to the board room as a frame that covers it', async () => {
    const uid = await f.user('ps_bob');
    const { s, got } = await connect();
    const ack = await s.emitWithAck('subscribe', { topic: topics.board(c.cid, 'public') });
    expect(ack).toMatchObject({ ok: true });
    const frames = () => got.filter((g) => g.event === 'scoreboard.batch');
    await gw.sweepPush();

    lose = (m) => m.topic === topics.scoreboard(c.cid);
    const sid = await f.submit(c, uid, 'A', 200);
    await f.verdict(sid, JudgeStatus.ACCEPTED);
    lose = () => false;
    await expect.poll(() => f.deltas(topics.scoreboard(c.cid)).some((d) => d.data.moves.some((m) => m.row.uid === uid))).toBe(true);
    expect(frames().length).toBe(0);

    await gw.sweepPush();
    await gw.sweepPush();
    await expect.poll(() => frames().some((g) => JSON.stringify(g.frame.data).includes(uid))).toBe(true);
    const frame = frames().at(-1)!.frame;
    expect(frame.seq).toBe(f.deltas(topics.scoreboard(c.cid)).at(-1)!.seq);
  });
});
