// Per-key request limits on top of @fastify/rate-limit's in-memory store. Run as preHandlers so a key can
// use the validated body (username) or the verified caller (uid); over the limit → 429 RATE_LIMITED.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { OjError } from '@oj/proto';

export function createLimiter(
  app: FastifyInstance,
  opts: { max: number; windowMs: number; key: (req: FastifyRequest) => string | null },
): preHandlerAsyncHookHandler {
  // The key is computed before calling the limiter so that a request without one is never counted.
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.windowMs,
    keyGenerator: (req) => keys.get(req) ?? '',
  });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const key = opts.key(req);
    if (key === null) return;
    keys.set(req, key);
    const r = await check(req);
    if (!r.isAllowed && r.isExceeded) {
      reply.header('Retry-After', String(r.ttlInSeconds));
      throw new OjError('RATE_LIMITED');
    }
  };
}
