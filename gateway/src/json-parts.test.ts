// The spliced gzip of the board answers: what a client decodes equals the parts joined, CRC and length included.
import { crc32, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/proto';
import { PASSWORD, startBoardFixture, type BoardFixture } from '../../tests/integration/contest-board-fixture';
import { loadGatewayConfig } from './config';
import { buildGateway, type Gateway } from './gateway';
import { acceptsGzip, crc32Combine, gzipParts } from './routes/json-parts';

describe('json parts', () => {
  it('combines CRC-32s like one pass over the joined bytes', () => {
    const a = Buffer.from('{"status":200,"data":{"records":[ä');
    for (const n of [0, 1, 7, 100, 65_537, 1_600_003]) {
      const b = Buffer.alloc(n, 'x,"é"');
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it('gunzips to the joined text, a shared part reused across answers', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ uid: `u${i}`, name: `名前${i}`, rank: i + 1 }));
    const shared = { text: rows.join(',') };
    for (const parts of [
      ['{"records":[', rows[5]!, ',', shared, '],"total":3001}'],
      ['{"records":[', shared, '],"total":3000}'],
      [shared],
      ['', shared, '', shared, ''],
      ['only own text'],
    ]) {
      const text = parts.map((p) => (typeof p === 'string' ? p : p.text)).join('');
      expect(gunzipSync(gzipParts(parts)).toString('utf8')).toBe(text);
    }
    expect(shared).toHaveProperty('compressed');
  });

  it('reads Accept-Encoding', () => {
    const req = (h: Record<string, string>) => ({ headers: h }) as unknown as Parameters<typeof acceptsGzip>[0];
    expect(acceptsGzip(req({ 'accept-encoding': 'gzip, deflate, br' }))).toBe(true);
    expect(acceptsGzip(req({ 'accept-encoding': 'deflate' }))).toBe(false);
    expect(acceptsGzip(req({ 'accept-encoding': 'gzip;q=0, *' }))).toBe(false);
    expect(acceptsGzip(req({ 'accept-encoding': 'br, *;q=0.1' }))).toBe(true);
    expect(acceptsGzip(req({ 'accept-encoding': 'gzip', 'x-no-compression': '1' }))).toBe(false);
    expect(acceptsGzip(req({}))).toBe(false);
  });
});

describe('board answers over REST, gzipped and plain', () => {
  let f: BoardFixture;
  let gw: Gateway;
  let token = '';

  beforeAll(async () => {
    f = await startBoardFixture();
    gw = await buildGateway({ services: f.services, push: f.bus, config: loadGatewayConfig({ OJ_JWT_SECRET: 'test-secret-'.padEnd(40, 'x') }) });
    const creator = await f.user('jp_boss', { roles: ['admin'] });
    const uids: string[] = [];
    for (let i = 0; i < 60; i++) uids.push(await f.user(`jp_user${i}`, { school: `学校 ${i % 7}`, realname: `名 ${i}` }));
    const c = await f.contest({ creator, openRank: true, problems: 3 });
    for (let i = 0; i < uids.length; i++) {
      await f.verdict(await f.submit(c, uids[i]!, c.displayIds[i % 3]!, 60 + i), i % 4 === 0 ? JudgeStatus.WRONG_ANSWER : JudgeStatus.ACCEPTED);
    }
    const res = await gw.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'jp_user7', password: PASSWORD } });
    token = res.headers.authorization as string;
    cid = c.cid;
  });
  let cid = 0;

  afterAll(async () => {
    await gw?.close();
    await f?.close();
  });

  const post = (url: string, payload: object, gzip: boolean, auth = true) =>
    gw.app.inject({ method: 'POST', url, payload, headers: { ...(auth && { authorization: token }), ...(gzip && { 'accept-encoding': 'gzip' }) } });

  it('the same answer either way, pins and pages included, and again from the cache', async () => {
    const bodies = [
      ['/api/get-contest-rank', { cid, limit: 5000 }],
      ['/api/get-contest-rank', { cid, limit: 5000, concernedList: ['nobody'] }],
      ['/api/get-contest-rank', { cid, currentPage: 2, limit: 50 }],
      ['/api/get-contest-rank', { cid, limit: 5000, keyword: '学校 3' }],
      ['/api/get-contest-outside-scoreboard', { cid, limit: 5000 }],
    ] as const;
    for (const [url, body] of bodies) {
      const plain = await post(url, body, false, url.includes('rank'));
      expect(plain.headers['content-encoding']).toBeUndefined();
      const zipped = await post(url, body, true, url.includes('rank'));
      const again = await post(url, body, true, url.includes('rank'));
      const data = plain.json() as { status: number; data: { records: { uid: string }[]; total: number } };
      expect(data.status).toBe(200);
      for (const z of [zipped, again]) {
        if (data.data.records.length > 40) expect(z.headers['content-encoding']).toBe('gzip');
        const text = z.headers['content-encoding'] === 'gzip' ? gunzipSync(z.rawPayload).toString('utf8') : z.body;
        expect(JSON.parse(text)).toEqual(data);
      }
    }
    const whole = (await post('/api/get-contest-rank', { cid, limit: 5000 }, false)).json() as { data: { records: { username: string }[]; total: number } };
    expect(whole.data.records[0]!.username).toBe('jp_user7');
    expect(whole.data.total).toBe(61);
  });
});
