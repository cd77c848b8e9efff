// `board.window` over the socket against the REST window read, through the real gateway (Socket.IO on a port, real
// services and PostgreSQL): the same RankPage for the same caller and body, gzip as binary; the same rules (login for
// the in-contest board, entry, forceRefresh for contest admins only, the outside board's opening), the catalogue's
// refusals in the socket's language, a bad request refused without an answer lost, and a flood held by the socket's
// request allowance.
import { gunzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { JudgeStatus, type BoardWindowAck, type BoardWindowRequest, type ClientToServerEvents, type RankPage, type ServerToClientEvents } from '@oj/proto';
import { PASSWORD, ROOT_PASSWORD, startBoardFixture, type BoardFixture, type ContestInfo } from '../../tests/integration/contest-board-fixture';
import { loadGatewayConfig } from './config';
import { buildGateway, type Gateway } from './gateway';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const { ACCEPTED: AC, WRONG_ANSWER: WA } = JudgeStatus;

describe('board.window over the socket', () => {
  let f: BoardFixture;
  let gw: Gateway;
  let url: string;
  const tokens: Record<string, string> = {};
  const sockets: ClientSocket[] = [];
  let c: ContestInfo;
  let closed: ContestInfo;
  let priv: ContestInfo;

  async function login(username: string, password = PASSWORD) {
    const res = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: `10.8.0.${Object.keys(tokens).length + 1}` });
    expect(res.statusCode).toBe(200);
    tokens[username] = res.headers.authorization as string;
  }

  async function connect(who?: string, lang = 'en-US'): Promise<ClientSocket> {
    const s: ClientSocket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, query: { lang }, ...(who && { auth: { token: tokens[who]! } }) });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    return s;
  }

  const read = (s: ClientSocket, req: unknown): Promise<BoardWindowAck> => s.emitWithAck('board.window', req as BoardWindowRequest);
  const page = (ack: BoardWindowAck): RankPage => {
    if (!ack.ok) throw new Error(`refused: ${ack.code} ${ack.msg}`);
    return JSON.parse(gunzipSync(ack.gz as Uint8Array).toString('utf8')) as RankPage;
  };
  const rest = async (url: string, who: string | undefined, payload: object) => {
    const opts: InjectOptions = { method: 'POST', url, payload, headers: { 'accept-language': 'en-US', ...(who && { authorization: tokens[who]! }) } };
    return (await gw.app.inject(opts)).json() as { status: number; code?: string; data: RankPage };
  };

  beforeAll(async () => {
    f = await startBoardFixture();
    gw = await buildGateway({ services: f.services, push: f.bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'test-secret-'.padEnd(40, 'x') }) });
    url = await gw.listen(0, '127.0.0.1');
    await login('root', ROOT_PASSWORD);
    const boss = await f.user('bw_boss', { roles: ['admin'] });
    const ann = await f.user('bw_ann', { school: 'Fudan' });
    const bob = await f.user('bw_bob', { school: 'NJU' });
    for (const u of ['bw_boss', 'bw_ann', 'bw_bob']) await login(u);
    c = await f.contest({ creator: boss, openRank: true, sealS: 30 * 60, startedAgoS: 3600 });
    await f.verdict(await f.submit(c, ann, 'A', 61), AC);
    await f.verdict(await f.submit(c, bob, 'A', 30), WA);
    await f.verdict(await f.submit(c, bob, 'B', 40 * 60), AC);
    closed = await f.contest({ creator: boss, openRank: false });
    priv = await f.contest({ creator: boss, auth: 1 });
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await gw?.close();
    await f?.close();
  });

  it('answers what the REST window read answers, for the same caller and body', async () => {
    const s = await connect('bw_bob');
    const body = { cid: c.cid, limit: 1, offset: 1, concernedList: [] as string[] };
    const viaSocket = await read(s, { ...body, outside: false });
    expect(viaSocket.ok && viaSocket.gz.byteLength).toBeGreaterThan(0);
    const viaRest = await rest('/api/get-contest-rank', 'bw_bob', { ...body, currentPage: 1 });
    expect(viaRest.status).toBe(200);
    expect(page(viaSocket)).toEqual(viaRest.data);
    // The sealed public view for a contestant; its seq, pins (the caller), and one row from offset 1.
    expect(page(viaSocket)).toMatchObject({ view: 'public', sealed: true, offset: 1, total: 2 });
    expect(page(viaSocket).records).toHaveLength(1);
    expect(page(viaSocket).pins?.map((p) => p.row.username)).toEqual(['bw_bob']);
  });

  it('forceRefresh gives the live view to contest admins only, as over REST', async () => {
    const body = { cid: c.cid, limit: 50, offset: 0, forceRefresh: true };
    const contestant = page(await read(await connect('bw_ann'), { ...body, outside: false }));
    expect(contestant).toMatchObject({ view: 'public', sealed: true });
    const admin = page(await read(await connect('bw_boss'), { ...body, outside: false }));
    expect(admin).toMatchObject({ view: 'live', sealed: false });
    expect(admin).toEqual((await rest('/api/get-contest-rank', 'bw_boss', { ...body, currentPage: 1 })).data);
    // The live view counts bob's accepted B after the seal; the sealed one does not.
    const bobRow = (p: RankPage) => p.records.find((r) => r.username === 'bw_bob');
    expect(bobRow(admin)).toMatchObject({ ac: 1 });
    expect(bobRow(contestant)).toMatchObject({ ac: 0 });
  });

  it('the outside board: anonymous when the contest opened it, refused as REST refuses otherwise', async () => {
    const anon = await connect(undefined);
    const open = await read(anon, { cid: c.cid, outside: true, limit: 50, offset: 0 });
    expect(page(open)).toEqual((await rest('/api/get-contest-outside-scoreboard', undefined, { cid: c.cid, currentPage: 1, limit: 50, offset: 0 })).data);
    const shut = await read(anon, { cid: closed.cid, outside: true, limit: 50, offset: 0 });
    const shutRest = await rest('/api/get-contest-outside-scoreboard', undefined, { cid: closed.cid, currentPage: 1, limit: 50, offset: 0 });
    expect(shutRest.status).not.toBe(200);
    expect(shut).toMatchObject({ ok: false, code: shutRest.code });
  });

  it('the in-contest board: login and entry, with the catalogue message in the socket language', async () => {
    const anon = await connect(undefined, 'zh-CN');
    expect(await read(anon, { cid: c.cid, outside: false, limit: 50, offset: 0 })).toEqual({ ok: false, code: 'AUTH_NOT_LOGGED_IN', msg: expect.stringMatching(/登录/) });
    const stranger = await connect('bw_ann');
    const refused = await read(stranger, { cid: priv.cid, outside: false, limit: 50, offset: 0 });
    const restRefused = await rest('/api/get-contest-rank', 'bw_ann', { cid: priv.cid, currentPage: 1, limit: 50, offset: 0 });
    expect(restRefused.status).not.toBe(200);
    expect(refused).toMatchObject({ ok: false, code: restRefused.code, msg: expect.any(String) });
    expect(await read(stranger, { cid: 987_654, outside: false, limit: 50, offset: 0 })).toMatchObject({ ok: false, code: 'CONTEST_NOT_FOUND' });
    // Root enters every contest.
    expect(page(await read(await connect('root'), { cid: priv.cid, outside: false, limit: 50, offset: 0 }))).toMatchObject({ total: 0, records: [] });
  });

  it('a bad request is refused as BAD_PAYLOAD, and the socket goes on answering', async () => {
    const s = await connect('bw_bob');
    for (const bad of [{ cid: 'x', outside: false, limit: 50, offset: 0 }, { cid: c.cid, outside: false, limit: 0, offset: 0 }, { cid: c.cid, limit: 50, offset: 0 }, null, 'window']) {
      expect(await read(s, bad)).toMatchObject({ ok: false, code: 'BAD_PAYLOAD', msg: expect.any(String) });
    }
    expect(page(await read(s, { cid: c.cid, outside: false, limit: 50, offset: 0 })).total).toBe(2);
  });

  it("shares the socket's request allowance with subscribe: a flood is refused cheaply, RATE_LIMITED", async () => {
    const s = await connect('bw_ann');
    const acks = await Promise.all(Array.from({ length: 300 }, () => read(s, { cid: c.cid, outside: false, limit: 1, offset: 0 })));
    const limited = acks.filter((a) => !a.ok && a.code === 'RATE_LIMITED');
    expect(limited.length).toBeGreaterThan(100);
    expect(acks.filter((a) => a.ok).length).toBeGreaterThan(0);
    expect(acks.length - limited.length).toBe(acks.filter((a) => a.ok).length);
  });
});
