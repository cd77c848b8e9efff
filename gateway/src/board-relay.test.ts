// The `board:<cid>:<view>` rooms through the real gateway (Socket.IO on a port, real services and PostgreSQL): deltas
// coalesced per window into one frame, in order, each frame saying which seqs of the source it covers; the other
// views' events skipped; a contest status flushing what is pending; a replay as batch frames, or a resync past the
// limit; a socket that falls behind gets a resync instead of the backlog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { JudgeStatus, topics, type ClientToServerEvents, type PushFrame, type PushMessage, type ScoreboardDelta, type ServerToClientEvents, type SubscribeAck } from '@oj/proto';
import { PASSWORD, startBoardFixture, type BoardFixture, type ContestInfo } from '../../tests/integration/contest-board-fixture';
import { loadGatewayConfig } from './config';
import { buildGateway, type Gateway } from './gateway';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Got = { event: string; frame: PushFrame };

const delta = (cid: number, view: string, version: number): ScoreboardDelta => ({
  cid,
  view,
  version,
  moves: [{ from: -1, to: 0, row: { uid: `u${version}`, rank: 1, isWinAward: false, awardName: null, awardBackground: null, awardColor: null, total: 1, ac: 1, totalTime: 60, lastAcTime: 60, submissionInfo: {} } }],
});

describe('board rooms', () => {
  let f: BoardFixture;
  const gateways: Gateway[] = [];
  let c: ContestInfo;

  async function start(env: Record<string, string>): Promise<{ gw: Gateway; url: string }> {
    const gw = await buildGateway({ services: f.services, push: f.bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'test-secret-'.padEnd(40, 'x'), ...env }) });
    gateways.push(gw);
    return { gw, url: await gw.listen(0, '127.0.0.1') };
  }

  async function client(url: string, topic: string, since?: number): Promise<{ s: ClientSocket; got: Got[]; ack: SubscribeAck }> {
    const s: ClientSocket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    const got: Got[] = [];
    s.on('scoreboard.batch', (frame) => got.push({ event: 'scoreboard.batch', frame }));
    s.on('contest.status', (frame) => got.push({ event: 'contest.status', frame }));
    await new Promise<void>((r) => s.once('connect', () => r()));
    const ack = await s.emitWithAck('subscribe', since === undefined ? { topic } : { topic, since });
    return { s, got, ack };
  }

  const until = async (ok: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  beforeAll(async () => {
    f = await startBoardFixture();
    const boss = await f.user('br_boss', { roles: ['admin'] });
    c = await f.contest({ creator: boss, openRank: true, allowEndSubmit: true });
  });

  afterAll(async () => {
    for (const gw of gateways) await gw.close();
    await f?.close();
  });

  it('coalesces the deltas of one view within the window into one frame that covers the seqs in between', async () => {
    const { url } = await start({ OJ_BOARD_COALESCE_MS: '150' });
    const topic = topics.scoreboard(c.cid);
    const { s, got, ack } = await client(url, topics.board(c.cid, 'public'));
    expect(ack).toMatchObject({ ok: true });
    const base = 1000;
    const pub = (seq: number, m: Omit<PushMessage, 'topic' | 'seq'>) => f.bus.publishPush({ topic, seq, ...m } as PushMessage);
    await pub(base + 1, { event: 'scoreboard.delta', data: delta(c.cid, 'public', 1) });
    // The first delta after a quiet spell goes at once; those within the next 150 ms go together when it ends.
    await until(() => got.length === 1);
    await pub(base + 2, { event: 'scoreboard.delta', data: delta(c.cid, 'public-end', 1) });
    await pub(base + 3, { event: 'scoreboard.delta', data: delta(c.cid, 'public', 2) });
    await pub(base + 4, { event: 'scoreboard.delta', data: delta(c.cid, 'public', 3) });
    await until(() => got.length === 2);
    const seqs = (g: Got) => (g.frame.data as unknown as { deltas: [number, number][] }).deltas.map((d) => [d[0], d[1]]);
    expect(got.map((g) => [g.frame.topic, g.frame.from, g.frame.seq])).toEqual([
      [topics.board(c.cid, 'public'), base, base + 1],
      [topics.board(c.cid, 'public'), base + 1, base + 4],
    ]);
    expect(seqs(got[0]!)).toEqual([[base + 1, 1]]);
    expect(seqs(got[1]!)).toEqual([
      [base + 3, 2],
      [base + 4, 3],
    ]);
    await new Promise((r) => setTimeout(r, 400));
    got.length = 0;
    // A status sends what is pending at once, then goes out as its own frame; order and coverage hold.
    await pub(base + 5, { event: 'scoreboard.delta', data: delta(c.cid, 'public', 4) });
    await pub(base + 6, { event: 'scoreboard.delta', data: delta(c.cid, 'public', 5) });
    await pub(base + 7, { event: 'contest.status', data: { cid: c.cid, status: 0, now: Date.now(), sealed: false } });
    await until(() => got.length === 3);
    expect(got.map((g) => [g.event, g.frame.from, g.frame.seq])).toEqual([
      ['scoreboard.batch', base + 4, base + 5],
      ['scoreboard.batch', base + 5, base + 6],
      ['contest.status', base + 6, base + 7],
    ]);
    // A seq this gateway never saw: the next frame starts after the hole (its subscribers see the hole).
    await new Promise((r) => setTimeout(r, 400));
    await pub(base + 9, { event: 'scoreboard.delta', data: delta(c.cid, 'public', 6) });
    await until(() => got.length === 4);
    expect([got[3]!.frame.from, got[3]!.frame.seq]).toEqual([base + 8, base + 9]);
    s.close();
  });

  it('replays as batch frames from the push log, and answers a resync past the limit', async () => {
    const { url } = await start({ OJ_BOARD_REPLAY_MAX: '3' });
    const uid = await f.user('br_ann');
    const since = await f.services.push.latestSeq(topics.scoreboard(c.cid));
    for (let i = 0; i < 2; i++) await f.verdict(await f.submit(c, uid, 'A', 60 + i), JudgeStatus.WRONG_ANSWER);
    const latest = await f.services.push.latestSeq(topics.scoreboard(c.cid));
    const ok = await client(url, topics.board(c.cid, 'public'), since);
    expect(ok.ack).toEqual({ ok: true, seq: latest });
    expect(ok.got).toHaveLength(1);
    const frame = ok.got[0]!.frame as PushFrame<'scoreboard.batch'>;
    // Both verdicts' public deltas (the public-end ones are skipped), covering everything up to the latest seq.
    expect([frame.from, frame.seq, frame.data.deltas.length]).toEqual([since, latest, 2]);
    expect(frame.data.deltas.every((d) => d[2].length === 1)).toBe(true);
    for (let i = 0; i < 2; i++) await f.verdict(await f.submit(c, uid, 'B', 90 + i), JudgeStatus.WRONG_ANSWER);
    // Those deltas are relayed live first (the room's other socket has them), so none can reach the next socket live.
    const latestB = await f.services.push.latestSeq(topics.scoreboard(c.cid));
    await until(() => ok.got.some((g) => (g.frame as PushFrame).seq >= latestB));
    const far = await client(url, topics.board(c.cid, 'public'), since);
    expect(far.ack).toMatchObject({ ok: true, resync: true });
    expect(far.got).toHaveLength(0);
    ok.s.close();
    far.s.close();
  });

  it('a socket that falls behind is skipped, then gets one resync frame instead of the backlog', async () => {
    const { gw, url } = await start({ OJ_BOARD_COALESCE_MS: '0' });
    const topic = topics.contestAdmin(c.cid);
    const room = topics.board(c.cid, 'live');
    const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'br_boss', password: PASSWORD }) });
    const token = login.headers.get('authorization')!;
    const s: ClientSocket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, auth: { token } });
    const got: PushFrame<'scoreboard.batch'>[] = [];
    s.on('scoreboard.batch', (fr) => got.push(fr));
    await new Promise<void>((r) => s.once('connect', () => r()));
    expect(await s.emitWithAck('subscribe', { topic: room })).toMatchObject({ ok: true });
    // Stall the socket's transport: what the gateway emits now queues in its write buffer.
    const conn = [...gw.io.sockets.sockets.values()].find((x) => x.rooms.has(room))!.conn as unknown as { flush(): void; writeBuffer: unknown[] };
    const flush = conn.flush;
    conn.flush = () => undefined;
    let seq = 5000;
    const publish = () => f.bus.publishPush({ topic, seq: ++seq, event: 'scoreboard.delta', data: delta(c.cid, 'live', seq) });
    for (let i = 1; i <= 65; i++) {
      await publish();
      await until(() => conn.writeBuffer.length === i);
    }
    // 65 packets waiting (more than 64): the socket is behind, the next frames skip it.
    for (let i = 0; i < 10; i++) await publish();
    await new Promise((r) => setTimeout(r, 300));
    expect(conn.writeBuffer).toHaveLength(65);
    conn.flush = flush;
    conn.flush();
    await until(() => got.length === 65);
    // Once drained, the next frame of the room is a resync for this socket, not the 10 it missed.
    await publish();
    await until(() => got.length === 66);
    expect(got.at(-1)).toMatchObject({ topic: room, seq, from: 0, data: { deltas: [], resync: true } });
    s.close();
  });
});
