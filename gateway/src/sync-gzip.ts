// Gzip of ordinary JSON answers in one synchronous zlib call. `@fastify/compress` pipes every answer over its
// threshold through a stream (an async iterator, a gzip stream, pump), which for a 10–100 KB answer (a board window,
// a 50-row page) costs more than the deflate itself. Answers between the threshold and SYNC_MAX are compressed here
// at once, at the plugin's level; smaller ones stay as they are, larger ones (rare; the whole-board reads have their
// own pre-compressed path, routes/json-parts.ts) still go through the plugin's stream so the event loop is not held.
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { acceptsGzip, varyOnEncoding } from './routes/json-parts';

/** Answers below this are sent as they are (the plugin's threshold too). */
export const GZIP_THRESHOLD = 8192;
/** Answers above this are left to the plugin's stream (≈ 1–2 ms of deflate at level 1 on this size). */
export const SYNC_MAX = 256 * 1024;
export const GZIP_LEVEL = 1;
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/)/i;

export function installSyncGzip(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < GZIP_THRESHOLD || size > SYNC_MAX) return done(null, payload);
    if (reply.getHeader('Content-Encoding') !== undefined) return done(null, payload);
    const type = reply.getHeader('Content-Type');
    if (typeof type === 'string' && !COMPRESSIBLE.test(type)) return done(null, payload);
    if (!acceptsGzip(req)) return done(null, payload);
    varyOnEncoding(reply);
    reply.header('Content-Encoding', 'gzip');
    reply.removeHeader('Content-Length');
    done(null, gzipSync(payload, { level: GZIP_LEVEL }));
  });
}
