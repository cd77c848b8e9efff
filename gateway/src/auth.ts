// Authentication shared by REST and sockets: JWT `{ uid, jti }` checked by signature AND by the services'
// session store (so logout and bans take effect at once), access-level hooks, and the refresh rule.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Type } from '@sinclair/typebox';
import { decode, OjError, type Permission } from '@oj/proto';
import type { OjServices, Viewer } from '@oj/services';
import type { GatewayConfig } from './config';

/** The claims we sign. `iat` and `exp` are added by the signer. */
const Claims = Type.Object({
  uid: Type.String({ minLength: 1 }),
  jti: Type.String({ minLength: 1 }),
  iat: Type.Integer(),
  exp: Type.Integer(),
});

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { uid: string; jti: string; iat?: number };
    user: { uid: string; jti: string };
  }
}

export interface AuthContext {
  viewer: Viewer;
  /** Session id (the token's `jti`). */
  sessionId: string;
  /** Issued-at and expiry, in seconds since the epoch. */
  iat: number;
  exp: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null for an anonymous call. Set by the access hooks. */
    auth: AuthContext | null;
  }
}

/** The raw JWT of an `Authorization` header or handshake token; the original product sends it bare, `Bearer ` is tolerated. */
export function extractToken(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const t = raw.trim().replace(/^Bearer\s+/i, '');
  return t.length > 0 ? t : null;
}

export interface Authenticator {
  /** Verifies signature, expiry and the session; throws AUTH_TOKEN_INVALID. */
  verify(token: string): Promise<AuthContext>;
  sign(uid: string, sessionId: string): string;
  /** The access hooks of the original product. */
  anon: preHandlerAsyncHookHandler;
  login: preHandlerAsyncHookHandler;
  permission(p: Permission): preHandlerAsyncHookHandler;
}

export function createAuthenticator(app: FastifyInstance, services: OjServices, config: GatewayConfig): Authenticator {
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);

  async function verify(token: string): Promise<AuthContext> {
    let claims;
    try {
      claims = decode(Claims, app.jwt.verify(token));
    } catch {
      throw new OjError('AUTH_TOKEN_INVALID');
    }
    const viewer = await services.account.verifySession(claims.uid, claims.jti);
    if (!viewer) throw new OjError('AUTH_TOKEN_INVALID');
    return { viewer, sessionId: claims.jti, iat: claims.iat, exp: claims.exp };
  }

  const sign = (uid: string, sessionId: string) => app.jwt.sign({ uid, jti: sessionId });

  /** On a login-required call, hand out a fresh token once the current one is older than the refresh age. */
  function maybeRefresh(ctx: AuthContext, reply: FastifyReply): void {
    const age = Math.floor(Date.now() / 1000) - ctx.iat;
    if (age <= config.jwtRefreshS) return;
    reply.header('Authorization', sign(ctx.viewer.uid, ctx.sessionId));
    reply.header('Refresh-Token', 'true');
  }

  const anon: preHandlerAsyncHookHandler = async (req: FastifyRequest) => {
    const token = extractToken(req.headers.authorization);
    if (!token) return;
    try {
      req.auth = await verify(token);
    } catch (err) {
      // Anonymous endpoints ignore a bad token; a broken session store must still surface.
      if (!(err instanceof OjError)) throw err;
    }
  };

  const login: preHandlerAsyncHookHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    // Already verified for this request (by the route's access rule, route-access.ts).
    if (req.auth) return;
    const token = extractToken(req.headers.authorization);
    if (!token) throw new OjError('AUTH_NOT_LOGGED_IN');
    req.auth = await verify(token);
    maybeRefresh(req.auth, reply);
  };

  const permission =
    (p: Permission): preHandlerAsyncHookHandler =>
    async (req: FastifyRequest) => {
      if (!req.auth) throw new OjError('AUTH_NOT_LOGGED_IN');
      if (!req.auth.viewer.permissions.includes(p)) throw new OjError(p === 'submit' ? 'AUTH_NO_SUBMIT' : 'AUTH_FORBIDDEN');
    };

  return { verify, sign, anon, login, permission };
}
