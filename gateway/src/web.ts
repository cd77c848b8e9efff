// Serves the built web client with an SPA fallback: any GET outside /api and /socket.io that is not a file
// gets index.html, so client-side routes survive a reload.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: true, index: ['index.html'] });
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
