// Authentication shared by REST and sockets: JWT `{ uid, jti }` (HS256 only) checked by signature AND by the services'
// session store (so logout, bans and password changes take effect at once), access-level hooks, and the refresh rule.
// Two ways to carry the token (docs/security.md, "Accounts and sessions"):
// - the original product's `Authorization` header (API clients; the token comes back in response headers);
// - the web app's httpOnly cookie `oj_token` (script cannot read it), with CSRF protection: every cookie-borne call
//   must carry `X-CSRF-Token` equal to the readable cookie `oj_csrf`, an HMAC of the session id under the JWT secret.
//   A cookie without the header counts as no credentials (anonymous); with a wrong one it is refused (AUTH_CSRF_FAILED).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Type } from '@sinclair/typebox';
import { decode, OjError, type HandshakeAuth, type Permission } from '@oj/proto';
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
  /** How the token came: the cookie (the web app) or a header / handshake field (API clients). */
  via?: 'cookie' | 'header';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null for an anonymous call. Set by the access hooks. */
    auth: AuthContext | null;
  }
}

export const SESSION_COOKIE = 'oj_token';
export const CSRF_COOKIE = 'oj_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** Sent by the web app on login: answer with the cookies instead of a token in the `Authorization` header. */
export const COOKIE_MODE_HEADER = 'x-auth-mode';

/** The raw JWT of an `Authorization` header or handshake token; the original product sends it bare, `Bearer ` is tolerated. */
export function extractToken(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const t = raw.trim().replace(/^Bearer\s+/i, '');
  return t.length > 0 ? t : null;
}

/** The value of cookie `name` in a `Cookie` header, or null. */
export function cookieOf(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * A socket handshake's credentials: `auth.token` (API clients, as the original `Authorization` header), else the web
 * app's session cookie with its CSRF proof in `auth.csrf` (a cross-site page can make the browser send the cookie,
 * not read the proof).
 */
export function handshakeCredentials(handshake: { auth: unknown; headers: Record<string, string | string[] | undefined> }): Credentials | null {
  const hs = handshake.auth as HandshakeAuth | undefined;
  const token = extractToken(hs?.token);
  if (token) return { token, via: 'header' };
  const raw = handshake.headers.cookie;
  const cookie = cookieOf(typeof raw === 'string' ? raw : undefined, SESSION_COOKIE);
  // Without its proof the cookie counts for nothing (anonymous), as over REST.
  return cookie && typeof hs?.csrf === 'string' && hs.csrf !== '' ? { token: cookie, via: 'cookie', csrf: hs.csrf } : null;
}

/** Where a request's credentials are: the `Authorization` header wins over the cookie. */
export interface Credentials {
  token: string;
  via: 'cookie' | 'header';
  /** The CSRF proof sent with a cookie (`X-CSRF-Token`, or the handshake's `csrf`). */
  csrf?: string | null;
}

/**
 * The request's credentials. A session cookie counts only with a CSRF header beside it (a wrong one is refused in
 * `verify`); without one — a cross-site form, link or image — the request is anonymous.
 */
export function requestCredentials(req: FastifyRequest): Credentials | null {
  const header = extractToken(req.headers.authorization);
  if (header) return { token: header, via: 'header' };
  const cookie = cookieOf(req.headers.cookie, SESSION_COOKIE);
  const csrf = req.headers[CSRF_HEADER];
  if (!cookie || typeof csrf !== 'string' || csrf === '') return null;
  return { token: cookie, via: 'cookie', csrf };
}

export interface Authenticator {
  /** Verifies signature, expiry and the session (and the CSRF proof of a cookie); throws AUTH_TOKEN_INVALID / AUTH_CSRF_FAILED. */
  verify(token: string | Credentials): Promise<AuthContext>;
  sign(uid: string, sessionId: string): string;
  /** The CSRF proof of a session (what the `oj_csrf` cookie holds). */
  csrfOf(sessionId: string): string;
  /**
   * Hands a (new or renewed) session to the caller: cookies when the request came by cookie or asked for them
   * (`X-Auth-Mode: cookie`), else the token in the `Authorization` header (with `Refresh-Token: true` when `renewed`).
   */
  issue(req: FastifyRequest, reply: FastifyReply, uid: string, sessionId: string, renewed?: boolean): void;
  /** Clears the session cookies (logout). */
  clear(req: FastifyRequest, reply: FastifyReply): void;
  /** The access hooks of the original product. */
  anon: preHandlerAsyncHookHandler;
  login: preHandlerAsyncHookHandler;
  permission(p: Permission): preHandlerAsyncHookHandler;
}

export function createAuthenticator(app: FastifyInstance, services: OjServices, config: GatewayConfig): Authenticator {
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);
  const csrfOf = (sessionId: string) => createHmac('sha256', config.jwtSecret).update(`csrf:${sessionId}`).digest('base64url');
  const sameProof = (given: string | null | undefined, sessionId: string) => {
    if (!given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(csrfOf(sessionId));
    return a.length === b.length && timingSafeEqual(a, b);
  };

  async function verify(input: string | Credentials): Promise<AuthContext> {
    const cred: Credentials = typeof input === 'string' ? { token: input, via: 'header' } : input;
    let claims;
    try {
      claims = decode(Claims, app.jwt.verify(cred.token));
    } catch {
      throw new OjError('AUTH_TOKEN_INVALID');
    }
    if (cred.via === 'cookie' && !sameProof(cred.csrf, claims.jti)) throw new OjError('AUTH_CSRF_FAILED');
    const viewer = await services.account.verifySession(claims.uid, claims.jti);
    if (!viewer) throw new OjError('AUTH_TOKEN_INVALID');
    return { viewer, sessionId: claims.jti, iat: claims.iat, exp: claims.exp, via: cred.via };
  }

  const sign = (uid: string, sessionId: string) => app.jwt.sign({ uid, jti: sessionId });

  function setCookies(req: FastifyRequest, reply: FastifyReply, token: string, csrf: string, maxAge: number): void {
    // Secure whenever the client reached us over https (directly, or through a trusted proxy's X-Forwarded-Proto).
    const secure = req.protocol === 'https' ? '; Secure' : '';
    reply.header('Set-Cookie', [
      `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
      `${CSRF_COOKIE}=${csrf}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`,
    ]);
  }

  function issue(req: FastifyRequest, reply: FastifyReply, uid: string, sessionId: string, renewed = false): void {
    const token = sign(uid, sessionId);
    const cookieMode = req.auth?.via === 'cookie' || req.headers[COOKIE_MODE_HEADER] === 'cookie';
    if (cookieMode) {
      setCookies(req, reply, token, csrfOf(sessionId), config.jwtExpireS);
      return;
    }
    reply.header('Authorization', token);
    if (renewed) reply.header('Refresh-Token', 'true');
  }

  function clear(req: FastifyRequest, reply: FastifyReply): void {
    setCookies(req, reply, '', '', 0);
  }

  /** On a login-required call, hand out a fresh token once the current one is older than the refresh age. */
  function maybeRefresh(req: FastifyRequest, ctx: AuthContext, reply: FastifyReply): void {
    const age = Math.floor(Date.now() / 1000) - ctx.iat;
    if (age <= config.jwtRefreshS) return;
    issue(req, reply, ctx.viewer.uid, ctx.sessionId, true);
  }

  const anon: preHandlerAsyncHookHandler = async (req: FastifyRequest) => {
    const cred = requestCredentials(req);
    if (!cred) return;
    try {
      req.auth = await verify(cred);
    } catch (err) {
      // Anonymous endpoints ignore a bad token (or a cookie without its CSRF proof); a broken session store must still surface.
      if (!(err instanceof OjError)) throw err;
    }
  };

  const login: preHandlerAsyncHookHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    // Already verified for this request (by the route's access rule, route-access.ts).
    if (req.auth) return;
    const cred = requestCredentials(req);
    if (!cred) throw new OjError('AUTH_NOT_LOGGED_IN');
    req.auth = await verify(cred);
    maybeRefresh(req, req.auth, reply);
  };

  const permission =
    (p: Permission): preHandlerAsyncHookHandler =>
    async (req: FastifyRequest) => {
      if (!req.auth) throw new OjError('AUTH_NOT_LOGGED_IN');
      if (!req.auth.viewer.permissions.includes(p)) throw new OjError(p === 'submit' ? 'AUTH_NO_SUBMIT' : 'AUTH_FORBIDDEN');
    };

  return { verify, sign, csrfOf, issue, clear, anon, login, permission };
}
