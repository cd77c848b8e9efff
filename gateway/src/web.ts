// Serves the built web client with an SPA fallback: any GET outside /api and /socket.io that is not a file
// gets index.html, so client-side routes survive a reload. The build's files under /assets/ carry a content hash in
// their names: cached for a year without asking again. Brotli or gzip copies made at build time
// (web/vite-precompress.ts) are sent to the browsers that accept them.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, file) {
      const hashed = path.relative(webDist, file).split(path.sep)[0] === 'assets';
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** Whether an unmatched request should get the SPA's index.html instead of a 404 envelope. */
export function wantsSpa(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0] ?? '/';
  return !(path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io'));
}

export function sendSpa(reply: FastifyReply): FastifyReply {
  // index.html must never be cached: it names the hashed bundles of the current build.
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}
