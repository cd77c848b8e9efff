// Per-key request limits, counted in PostgreSQL through the services' `rateLimits`, so every gateway process counts
// against the same limit (issue 16: limits are not per process). Run as preHandlers so a key can use the validated
// body (username) or the verified caller (uid); over the limit → 429 RATE_LIMITED with Retry-After.
// The limits' values are in config.ts (`rateLimit`), the one place they are set.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { OjError } from '@oj/proto';
import type { OjServices } from '@oj/services';

export function createLimiter(
  services: Pick<OjServices, 'rateLimits'>,
  opts: { name: string; max: number; windowMs: number; key: (req: FastifyRequest) => string | null },
): preHandlerAsyncHookHandler {
  const rule = { max: opts.max, windowMs: opts.windowMs };
  return async (req: FastifyRequest, reply: FastifyReply) => {
    // A request without a key is never counted.
    const key = opts.key(req);
    if (key === null) return;
    const hit = await services.rateLimits.hit(opts.name, key, rule);
    if (!hit.allowed) {
      reply.header('Retry-After', String(hit.retryAfterS));
      throw new OjError('RATE_LIMITED');
    }
  };
}
