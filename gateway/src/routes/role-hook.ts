// A preHandler that lets through only callers holding one of the site roles (after `auth.login`).
import type { FastifyRequest } from 'fastify';
import { OjError, type RoleName } from '@oj/proto';

export const roleHook = (allowed: readonly RoleName[]) => async (req: FastifyRequest) => {
  if (!req.auth?.viewer.roles.some((r) => allowed.includes(r))) throw new OjError('AUTH_FORBIDDEN');
};
