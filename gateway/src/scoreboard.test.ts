// The scoreboard and contest-day REST calls through the real gateway (app.inject) on the real services and
// PostgreSQL: paths, parameters, envelopes and files of the original product — the boards, the scroll board, the rank
// CSV, the AC helper, printing (validation, rate, push, download) and the rejudge of a contest problem.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type AcInfoVO, type PrintVO, type RankPage, topics } from '@oj/proto';
import { ROOT_PASSWORD, PASSWORD, startBoardFixture, type BoardFixture, type ContestInfo } from '../../tests/integration/contest-board-fixture';
import { loadGatewayConfig } from './config';
import { buildGateway, type Gateway } from './gateway';

const { ACCEPTED: AC, WRONG_ANSWER: WA } = JudgeStatus;

describe('scoreboard routes', () => {
  let f: BoardFixture;
  let gw: Gateway;
  const tokens: Record<string, string> = {};
  const uid: Record<string, string> = {};
  let c: ContestInfo;
  let ended: ContestInfo;

  async function login(username: string, password = PASSWORD) {
    const res = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: `10.9.0.${Object.keys(tokens).length + 1}` });
    expect(res.statusCode).toBe(200);
    tokens[username] = res.headers.authorization as string;
  }
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: string, payload?: object) => {
    const opts: InjectOptions = { method, url, headers: { ...(who && { authorization: tokens[who]! }), 'accept-language': 'en-US' } };
    if (payload !== undefined) opts.payload = payload;
    return gw.app.inject(opts);
  };

  beforeAll(async () => {
    f = await startBoardFixture();
    const config = loadGatewayConfig({ OJ_JWT_SECRET: 'test-secret-'.padEnd(40, 'x') });
    gw = await buildGateway({ services: f.services, push: f.bus, config });
    await login('root', ROOT_PASSWORD);
    uid.boss = await f.user('sb_boss', { roles: ['admin'] });
    uid.ann = await f.user('sb_ann', { school: 'Fudan', realname: '安' });
    uid.bob = await f.user('sb_bob', { school: 'NJU' });
    for (const u of ['sb_boss', 'sb_ann', 'sb_bob']) await login(u);
    c = await f.contest({ creator: uid.boss, openRank: true, openPrint: true });
    await f.verdict(await f.submit(c, uid.ann, 'A', 61), AC);
    await f.verdict(await f.submit(c, uid.bob, 'A', 30), WA);
    await f.verdict(await f.submit(c, uid.bob, 'A', 125), AC);
    ended = await f.contest({ creator: uid.boss, startedAgoS: 6 * 3600, durationS: 5 * 3600, sealS: 4 * 3600, openRank: true });
    await f.verdict(await f.submit(ended, uid.ann, 'B', 4 * 3600 + 1), AC);
  });

  afterAll(async () => {
    await gw?.close();
    await f?.close();
  });

  it('POST /api/get-contest-rank: login, validated body, a RankPage with the caller pinned; forceRefresh only for contest admins', async () => {
    expect((await call('POST', '/api/get-contest-rank', undefined, { cid: c.cid })).statusCode).toBe(401);
    const bad = await call('POST', '/api/get-contest-rank', 'sb_ann', { cid: 'x' });
    expect(bad.statusCode).toBe(400);
    const res = await call('POST', '/api/get-contest-rank', 'sb_bob', { cid: c.cid, forceRefresh: true, currentPage: 1, limit: 50 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: number; data: RankPage };
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ view: 'public', sealed: false, total: 3, size: 50, current: 1 });
    expect(body.data.records.map((r) => [r.uid, r.rank])).toEqual([
      [uid.bob, 2],
      [uid.ann, 1],
      [uid.bob, 2],
    ]);
    expect(body.data.records[1]).toMatchObject({ username: 'sb_ann', school: 'Fudan', realname: '安', ac: 1, totalTime: 60 });
    expect(body.data.records[2]).toMatchObject({ ac: 1, totalTime: (2 + 20) * 60, submissionInfo: { A: { isAC: true, errorNum: 1, ACTime: 125 } } });
    const admin = (await call('POST', '/api/get-contest-rank', 'sb_boss', { cid: c.cid, forceRefresh: true })).json() as { data: RankPage };
    expect(admin.data.view).toBe('live');
    const missing = (await call('POST', '/api/get-contest-rank', 'sb_ann', { cid: 987_654 })).json() as { status: number; code: string };
    expect(missing).toMatchObject({ status: 404, code: 'CONTEST_NOT_FOUND' });
  });

  it('POST /api/get-contest-rank with offset: a window of the board, the pinned and star rows with their places, the figures', async () => {
    const res = await call('POST', '/api/get-contest-rank', 'sb_bob', { cid: c.cid, currentPage: 1, limit: 1, offset: 1, concernedList: [uid.ann] });
    const body = res.json() as { status: number; data: RankPage };
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ total: 2, offset: 1, stars: [], view: 'public' });
    expect(body.data.records.map((r) => r.uid)).toEqual([uid.bob]);
    expect(body.data.pins!.map((p) => [p.index, p.row.uid, p.row.username])).toEqual([
      [1, uid.bob, 'sb_bob'],
      [0, uid.ann, 'sb_ann'],
    ]);
    expect(body.data.stats).toEqual({ A: { ac: 2, rejected: 1, pending: 0, total: 3 }, B: { ac: 0, rejected: 0, pending: 0, total: 0 }, C: { ac: 0, rejected: 0, pending: 0, total: 0 } });
    // Past the end: no rows, the same figures.
    const past = (await call('POST', '/api/get-contest-rank', 'sb_bob', { cid: c.cid, limit: 5, offset: 9 })).json() as { data: RankPage };
    expect(past.data).toMatchObject({ records: [], total: 2, offset: 2 });
  });

  it('POST /api/get-contest-outside-scoreboard: anonymous, concerned users pinned', async () => {
    const res = await call('POST', '/api/get-contest-outside-scoreboard', undefined, { cid: c.cid, concernedList: [uid.bob] });
    const body = res.json() as { status: number; data: RankPage };
    expect(body.status).toBe(200);
    expect(body.data.records.map((r) => r.uid)).toEqual([uid.bob, uid.ann, uid.bob]);
    const closed = await f.contest({ creator: uid.boss, openRank: false });
    expect((await call('POST', '/api/get-contest-outside-scoreboard', undefined, { cid: closed.cid })).json()).toMatchObject({ status: 403, code: 'CONTEST_RANK_CLOSED' });
  });

  it('GET the scroll board info and submissions: anonymous, ended sealed ACM contests only', async () => {
    const info = (await call('GET', `/api/get-contest-scroll-board-info?cid=${ended.cid}`)).json() as { status: number; data: { displayIds: string[]; problemCount: number } };
    expect(info).toMatchObject({ status: 200, data: { problemCount: 3, displayIds: ['A', 'B', 'C'] } });
    const subs = (await call('GET', `/api/get-contest-scroll-board-submission?cid=${ended.cid}&removeStar=false`)).json() as { data: { uid: string; displayId: string }[] };
    expect(subs.data).toEqual([expect.objectContaining({ uid: uid.ann, displayId: 'B', status: AC, username: 'sb_ann' })]);
    const no = (await call('GET', `/api/get-contest-scroll-board-info?cid=${c.cid}`)).json();
    expect(no).toMatchObject({ status: 400, code: 'CONTEST_SCROLL_BOARD_UNAVAILABLE' });
  });

  it('GET /api/file/download-contest-rank: contest admins get a UTF-8 CSV with BOM as an attachment', async () => {
    const denied = await call('GET', `/api/file/download-contest-rank?cid=${c.cid}`, 'sb_ann');
    expect(denied.json()).toMatchObject({ status: 403, code: 'CONTEST_ADMIN_ONLY' });
    const res = await call('GET', `/api/file/download-contest-rank?cid=${c.cid}&forceRefresh=true&removeStar=false&containEnd=false`, 'sb_boss');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contest-${c.cid}-rank.csv"; filename*=UTF-8''contest-${c.cid}-rank.csv`);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Rank,Name,Username,Realname,School,AC,Total Time (min),A,B,C,Award');
    expect(lines[1]).toBe('1,sb_ann,sb_ann,安,Fudan,1,1,1 FB,,,');
    expect(lines[2]).toBe('2,sb_bob,sb_bob,,NJU,1,22,2 (-1),,,');
  });

  it('printing: open print only, at least 50 characters, one per 30 s, pushed to the admins, listed, marked, downloaded', async () => {
    const text = 'x'.repeat(49);
    const noPrint = await f.contest({ creator: uid.boss, openPrint: false });
    expect((await call('POST', '/api/submit-print-text', 'sb_ann', { cid: noPrint.cid, content: `${text}y` })).json()).toMatchObject({ code: 'PRINT_CLOSED' });
    expect((await call('POST', '/api/submit-print-text', 'sb_ann', { cid: c.cid, content: '   ' })).json()).toMatchObject({ status: 400, code: 'PRINT_EMPTY' });
    expect((await call('POST', '/api/submit-print-text', 'sb_ann', { cid: c.cid, content: text })).json()).toMatchObject({ status: 400, code: 'PRINT_TOO_SHORT' });
    expect((await call('POST', '/api/submit-print-text', undefined, { cid: c.cid, content: `${text}y` })).statusCode).toBe(401);

    const mark = f.pushes.length;
    const content = `#include <cstdio>\n// 打印 ${'z'.repeat(60)}\n`;
    expect((await call('POST', '/api/submit-print-text', 'sb_ann', { cid: c.cid, content })).json()).toMatchObject({ status: 200, data: null });
    const pushed = f.pushes.slice(mark).filter((m) => m.event === 'print.new');
    expect(pushed.map((m) => m.topic)).toEqual([topics.contestAdmin(c.cid)]);
    expect(pushed[0]!.data).toMatchObject({ cid: c.cid, username: 'sb_ann', realname: '安', status: 0 });
    expect(JSON.stringify(pushed[0]!.data)).not.toContain('打印'); // the content stays behind the admin download

    const tooFast = (await call('POST', '/api/submit-print-text', 'sb_ann', { cid: c.cid, content })).json() as { code: string; msg: string };
    expect(tooFast.code).toBe('PRINT_TOO_FAST');
    expect(tooFast.msg).toMatch(/wait (29|30) seconds/);
    expect((await call('POST', '/api/submit-print-text', 'sb_bob', { cid: c.cid, content: `${content} bob` })).json()).toMatchObject({ status: 200 });

    expect((await call('GET', `/api/get-contest-print?cid=${c.cid}`, 'sb_ann')).json()).toMatchObject({ code: 'CONTEST_ADMIN_ONLY' });
    const list = (await call('GET', `/api/get-contest-print?cid=${c.cid}&currentPage=1&limit=15`, 'sb_boss')).json() as { data: { records: PrintVO[]; total: number } };
    expect(list.data.total).toBe(2);
    expect(list.data.records.map((r) => r.username)).toEqual(['sb_bob', 'sb_ann']);
    const annId = list.data.records[1]!.id;
    expect((await call('PUT', `/api/check-contest-print-status?id=${list.data.records[0]!.id}&cid=${c.cid}`, 'sb_boss')).json()).toMatchObject({ status: 200 });
    const after = (await call('GET', `/api/get-contest-print?cid=${c.cid}`, 'sb_boss')).json() as { data: { records: PrintVO[] } };
    expect(after.data.records.map((r) => [r.username, r.status])).toEqual([
      ['sb_ann', 0],
      ['sb_bob', 1],
    ]);

    expect((await call('GET', `/api/file/download-contest-print-text?id=${annId}`, 'sb_bob')).json()).toMatchObject({ code: 'CONTEST_ADMIN_ONLY' });
    const file = await call('GET', `/api/file/download-contest-print-text?id=${annId}`, 'sb_boss');
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(`attachment; filename="contest-${c.cid}-print-${annId}-sb_ann.txt"`);
    expect(file.body).toBe(content);
  });

  it('AC helper over REST: list (unchecked first) and check', async () => {
    const denied = await call('GET', `/api/get-contest-ac-info?cid=${c.cid}`, 'sb_ann');
    expect(denied.json()).toMatchObject({ code: 'CONTEST_ADMIN_ONLY' });
    const list = (await call('GET', `/api/get-contest-ac-info?cid=${c.cid}&currentPage=1&limit=20`, 'sb_boss')).json() as { data: { records: AcInfoVO[]; total: number; size: number } };
    expect(list.data).toMatchObject({ total: 2, size: 20 });
    expect(list.data.records.map((r) => [r.username, r.displayId, r.firstBlood, r.checked, r.color])).toEqual([
      ['sb_ann', 'A', true, false, '#ff0000'],
      ['sb_bob', 'A', false, false, '#ff0000'],
    ]);
    const first = list.data.records[0]!;
    expect((await call('PUT', '/api/check-contest-ac-info', 'sb_boss', { id: first.id, cid: c.cid, checked: true })).json()).toMatchObject({ status: 200 });
    const again = (await call('GET', `/api/get-contest-ac-info?cid=${c.cid}`, 'sb_boss')).json() as { data: { records: AcInfoVO[] } };
    expect(again.data.records.map((r) => [r.username, r.checked])).toEqual([
      ['sb_bob', false],
      ['sb_ann', true],
    ]);
  });

  it('GET /api/admin/judge/rejudge-contest-problem: root only; resets the boards', async () => {
    expect((await call('GET', `/api/admin/judge/rejudge-contest-problem?cid=${c.cid}&pid=${c.pids.A}`, 'sb_boss')).statusCode).toBe(403);
    const mark = f.pushes.length;
    const res = (await call('GET', `/api/admin/judge/rejudge-contest-problem?cid=${c.cid}&pid=${c.pids.A}`, 'root')).json();
    expect(res).toMatchObject({ status: 200, data: { count: 3 } });
    expect(f.pushes.slice(mark).some((m) => m.topic === topics.scoreboard(c.cid) && (m.data as { reset?: boolean }).reset === true)).toBe(true);
    const board = (await call('POST', '/api/get-contest-rank', 'sb_boss', { cid: c.cid })).json() as { data: RankPage };
    expect(board.data.total).toBe(0);
  });
});
