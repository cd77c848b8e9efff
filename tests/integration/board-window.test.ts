// The board tab's window against the server's board, on the real parts: the gateway (REST and Socket.IO on a port),
// the services with their judge-event ingester and board projection, PostgreSQL. The client is the web's own code
// (BoardWindowSync and the live-topic engine) on a socket.io-client socket. After every step of a random (seeded)
// sequence of verdicts, scrolls (window reads), follows and rejudges (a reset, then the rejudged verdicts), every row
// the client holds equals the row the server's whole board has at that place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { decode, JudgeStatus, RankPage, topics, type ClientToServerEvents, type ServerToClientEvents } from '@oj/proto';
import { buildGateway, loadGatewayConfig, type Gateway } from '@oj/gateway';
import { mulberry32 } from '@oj/proto/testing';
import { LiveTopicHub, type TopicWatch } from '@oj/web/live-topics';
import { loadPushDecoder } from '@oj/web/push-decoder';
import { BoardWindowSync } from '@oj/web/board-window-sync';
import { ROOT_PASSWORD, startBoardFixture, type BoardFixture, type ContestInfo } from './contest-board-fixture';

const { ACCEPTED: AC, WRONG_ANSWER: WA } = JudgeStatus;
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('board window on a real gateway', () => {
  let f: BoardFixture;
  let gw: Gateway;
  let base: string;
  let c: ContestInfo;
  let rootToken: string;
  const uids: string[] = [];
  const submissions: number[] = [];

  const post = async (url: string, body: unknown, token?: string) => {
    const r = await fetch(`${base}/api${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: token }) }, body: JSON.stringify(body) });
    return (await r.json()) as { status: number; data: unknown; msg: string };
  };
  const fullBoard = async () => decode(RankPage, (await post('/get-contest-outside-scoreboard', { cid: c.cid, currentPage: 1, limit: 5000 })).data);

  beforeAll(async () => {
    f = await startBoardFixture();
    const creator = await f.user('bw_boss', { roles: ['admin'] });
    for (let i = 0; i < 45; i++) uids.push(await f.user(`bw_team${i}`, { school: `School ${i % 7}` }));
    c = await f.contest({ creator, openRank: true, starAccount: ['bw_team3', 'bw_team17'], awardType: 1, awards: [{ priority: 1, name: 'Gold', background: '#fd0', color: '#000', num: 10 }, { priority: 2, name: 'Silver', background: '#ccc', color: '#000', num: 20 }] });
    const rnd = mulberry32(5);
    for (let i = 0; i < 70; i++) {
      const id = await f.submit(c, uids[Math.floor(rnd() * uids.length)]!, c.displayIds[Math.floor(rnd() * 3)]!, Math.floor(rnd() * 40) * 60);
      submissions.push(id);
      await f.verdict(id, rnd() < 0.5 ? AC : WA);
    }
    gw = await buildGateway({ services: f.services, push: f.bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'test-secret-'.padEnd(40, 'x'), OJ_BOARD_COALESCE_MS: '40' }) });
    base = await gw.listen(0, '127.0.0.1');
    const r = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }) });
    rootToken = r.headers.get('authorization')!;
  });

  afterAll(async () => {
    await gw?.close();
    await f?.close();
  });

  it('after random verdicts, scrolls, follows and rejudges, every row the client holds is the server’s', async () => {
    // The decoders load with the socket in the browser (lib/socket.ts); here, before the first frame.
    await loadPushDecoder();
    const socket: ClientSocket = io(base, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    const hub = new LiveTopicHub({
      connected: () => socket.connected,
      subscribe: (topic, since, ack) => {
        if (!socket.connected) return false;
        socket.emit('subscribe', since === undefined ? { topic } : { topic, since }, ack);
        return true;
      },
      unsubscribe: (topic) => void socket.emit('unsubscribe', { topic }, () => undefined),
    });
    socket.on('connect', () => hub.connected());
    socket.on('disconnect', () => hub.disconnected());
    socket.on('scoreboard.batch', (raw) => hub.frame('scoreboard.batch', raw));
    socket.on('contest.status', (raw) => hub.frame('contest.status', raw));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    const concerned: string[] = [uids[40]!];
    let watch: TopicWatch | null = null;
    let batches = 0;
    const sync = new BoardWindowSync({
      read: async (offset, limit) => decode(RankPage, (await post('/get-contest-outside-scoreboard', { cid: c.cid, currentPage: 1, limit, offset, concernedList: concerned })).data),
      type: 0,
      onChange: () => undefined,
      onFailed: () => undefined,
      setSeq: (seq) => watch?.setSeq(seq),
    });
    sync.need(0, 20);
    await sync.load(false);
    expect(sync.current!.view).toBe('public');
    watch = hub.watch(topics.board(c.cid, 'public'), {
      snapshot: true,
      events: {
        'scoreboard.batch': (d, seq, after) => {
          batches++;
          sync.onBatch(d, seq, after);
        },
      },
      onResync: () => void sync.load(true),
    });
    watch.setSeq(sync.current!.seq);

    const rnd = mulberry32(11);
    let wanted: [number, number] = [0, 20];
    /** Waits until the client has applied everything the server published and holds what the list asks for. */
    const settle = async (note: string) => {
      const latest = await f.services.push.latestSeq(topics.scoreboard(c.cid));
      const deadline = Date.now() + 8000;
      for (;;) {
        const b = sync.current;
        if (b && b.seq >= latest && b.model.covers(...wanted)) break;
        if (Date.now() > deadline) throw new Error(`${note}: the client did not catch up (seq ${b?.seq} of ${latest})`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const server = await fullBoard();
      const b = sync.current!;
      expect(b.model.total, note).toBe(server.total);
      let held = 0;
      for (let i = 0; i < server.records.length; i++) {
        const row = b.model.rowAt(i);
        if (!row) continue;
        held++;
        expect(row, `${note}: place ${i}`).toEqual(server.records[i]);
      }
      for (const uid of concerned) {
        const at = server.records.findIndex((r) => r.uid === uid);
        if (at >= 0) expect(b.model.find(uid)?.index, `${note}: followed ${uid}`).toBe(at);
      }
      return held;
    };

    await settle('start');
    for (let step = 0; step < 45; step++) {
      const x = rnd();
      if (x < 0.6) {
        // A burst of 1–3 verdicts (the gateway coalesces those within 40 ms into one frame).
        const n = 1 + Math.floor(rnd() * 3);
        for (let k = 0; k < n; k++) {
          const id = await f.submit(c, uids[Math.floor(rnd() * uids.length)]!, c.displayIds[Math.floor(rnd() * 3)]!, Math.floor(rnd() * 60) * 60);
          submissions.push(id);
          await f.verdict(id, rnd() < 0.55 ? AC : WA);
        }
      } else if (x < 0.85) {
        const from = Math.floor(rnd() * Math.max(1, sync.current!.model.total - 10));
        wanted = [from, Math.min(sync.current!.model.total, from + 12)];
        sync.need(...wanted);
      } else if (x < 0.92) {
        const uid = uids[Math.floor(rnd() * uids.length)]!;
        if (sync.current!.model.find(uid) && !concerned.includes(uid)) {
          concerned.push(uid);
          sync.track([uid]);
        }
      } else {
        // A rejudge of problem A: a reset (the client reads its window again), then the rejudged verdicts.
        const res = await fetch(`${base}/api/admin/judge/rejudge-contest-problem?cid=${c.cid}&pid=${c.pids.A}`, { headers: { authorization: rootToken } });
        expect(((await res.json()) as { status: number }).status).toBe(200);
        const rows = await f.sql<{ submit_id: number }[]>`select submit_id from judge where cid = ${c.cid} and status = ${JudgeStatus.PENDING}`;
        for (const r of rows.slice(0, 8)) await f.verdict(r.submit_id, rnd() < 0.5 ? AC : WA);
      }
      await settle(`step ${step}`);
    }
    expect(batches).toBeGreaterThan(10);
    expect(await settle('end')).toBeGreaterThan(10);
    watch();
    socket.close();
  });
});
