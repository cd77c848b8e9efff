// The synchronous gzip of mid-sized answers (sync-gzip.ts) in front of @fastify/compress, as the gateway installs
// them: what the client decodes is the answer, small answers stay plain, big ones still stream, a client that does
// not accept gzip gets plain text, and non-text answers are left alone.
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GZIP_LEVEL, GZIP_THRESHOLD, installSyncGzip, SYNC_MAX } from './sync-gzip';

describe('sync gzip of mid-sized answers', () => {
  let app: FastifyInstance;
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ rank: i + 1, username: `user${i}`, ac: i % 13, penalty: i * 37 }));
  let streamed = 0;

  beforeAll(async () => {
    app = Fastify();
    installSyncGzip(app);
    await app.register(fastifyCompress, { global: true, threshold: GZIP_THRESHOLD, encodings: ['gzip', 'deflate'], zlibOptions: { level: GZIP_LEVEL } });
    // Counts the answers that reached the plugin's stream (a stream payload after all onSend hooks).
    app.addHook('onResponse', async (_req, reply) => {
      if (reply.getHeader('Content-Length') === undefined && reply.getHeader('Content-Encoding') === 'gzip') streamed++;
    });
    app.get('/json', async (req) => rows(Number((req.query as { n: string }).n)));
    app.get('/bin', async (_req, reply) => reply.type('image/png').send(Buffer.alloc(20_000, 7)));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('gzips an answer between the threshold and SYNC_MAX in one piece, with Vary and a true Content-Length', async () => {
    const plain = await get('/json?n=500');
    expect(plain.rawPayload.length).toBeGreaterThan(GZIP_THRESHOLD);
    expect(plain.rawPayload.length).toBeLessThan(SYNC_MAX);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const before = streamed;
    const zipped = await get('/json?n=500', 'gzip, deflate, br, zstd');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(streamed).toBe(before);
  });

  it('leaves small answers plain, streams big ones, and honours a refusal of gzip', async () => {
    const small = await get('/json?n=5', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(rows(5));
    const before = streamed;
    const big = await get('/json?n=8000', 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString('utf8'))).toEqual(rows(8000));
    expect(streamed).toBe(before + 1);
    const refused = await get('/json?n=500', 'gzip;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(rows(500));
    const bin = await get('/bin', 'gzip');
    expect(bin.headers['content-encoding']).toBeUndefined();
    expect(bin.rawPayload.length).toBe(20_000);
  });
});
