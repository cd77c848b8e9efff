// What every route module receives: the typed Fastify instance and the gateway's shared pieces.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { OjServices, Viewer } from '@oj/services';
import type { AuthContext, Authenticator } from '../auth';
import type { GatewayConfig } from '../config';
import type { Realtime } from '../realtime';

export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface RouteDeps {
  services: OjServices;
  auth: Authenticator;
  config: GatewayConfig;
  realtime: Pick<Realtime, 'endSession'>;
}

export const viewerOf = (req: FastifyRequest): Viewer | null => req.auth?.viewer ?? null;

/** The caller of a login-required route (its access hook has run). */
export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new Error('login hook missing on a login-required route');
  return req.auth;
}

export const requireViewer = (req: FastifyRequest): Viewer => requireAuth(req).viewer;
