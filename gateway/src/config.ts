// The gateway's configuration, read once from the environment and validated; the only place that reads it.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { JWT } from '@oj/proto';

const Int = Type.String({ pattern: '^[0-9]{1,9}$' });

const Env = Type.Object({
  PORT: Type.Optional(Int),
  HOST: Type.Optional(Type.String({ minLength: 1 })),
  OJ_JWT_SECRET: Type.String({ minLength: 32 }),
  OJ_JWT_EXPIRE_S: Type.Optional(Int),
  OJ_JWT_REFRESH_S: Type.Optional(Int),
  /** Trust X-Forwarded-For from a load balancer in front of the gateways. */
  OJ_TRUST_PROXY: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  OJ_RATE_LOGIN_IP_PER_MIN: Type.Optional(Int),
  OJ_RATE_LOGIN_USER_PER_MIN: Type.Optional(Int),
  OJ_RATE_SUBMIT_PER_MIN: Type.Optional(Int),
  OJ_RATE_DISCUSSION_PER_MIN: Type.Optional(Int),
  OJ_RATE_REPORT_PER_MIN: Type.Optional(Int),
  OJ_RATE_LIKE_PER_MIN: Type.Optional(Int),
  OJ_RATE_COMMENT_PER_MIN: Type.Optional(Int),
  OJ_RATE_CAPTCHA_IP_PER_MIN: Type.Optional(Int),
  OJ_RATE_LOOKUP_IP_PER_MIN: Type.Optional(Int),
  OJ_RATE_EMAIL_CODE_USER_PER_HOUR: Type.Optional(Int),
  OJ_SOCKET_MAX_SUBSCRIPTIONS: Type.Optional(Int),
  OJ_SOCKET_MAX_PER_USER: Type.Optional(Int),
  OJ_SOCKET_MAX_PER_IP: Type.Optional(Int),
  OJ_SOCKET_AUTH_CACHE_MS: Type.Optional(Int),
  OJ_SOCKET_SESSION_CHECK_MS: Type.Optional(Int),
  OJ_RELAY_SLICE: Type.Optional(Int),
  OJ_BOARD_COALESCE_MS: Type.Optional(Int),
  OJ_BOARD_REPLAY_MAX: Type.Optional(Int),
  OJ_PUSH_SWEEP_MS: Type.Optional(Int),
  /** Bearer token that lets a remote scraper read /metrics (without it: this machine only). */
  OJ_METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16, maxLength: 256 })),
  /** `off`: no per-request HTTP metrics (the benchmark's baseline); the other metrics stay. */
  OJ_METRICS: Type.Optional(Type.Union([Type.Literal('on'), Type.Literal('off')])),
});

/**
 * Every request limit of the gateway, in this one place (counted in PostgreSQL, so shared by all gateways: the
 * services' `rateLimits`; docs/security.md, "Limits"). Per minute unless named otherwise.
 */
export interface RateLimitConfig {
  /** Window of the per-minute limits, in ms. */
  windowMs: number;
  /** Logins, registrations, reset requests and register codes per client address. */
  loginPerIp: number;
  /** Logins per username from one address (never per username alone: nobody can lock a user out from elsewhere). */
  loginPerUser: number;
  submitPerUser: number;
  /** Likes and unlikes of comments and discussions per user. */
  likePerUser: number;
  /** Comments and replies per user. */
  commentPerUser: number;
  /** New discussions and edits of discussions per user. */
  discussionPerUser: number;
  /** Reports of discussions per user. */
  reportPerUser: number;
  /** Image and slide captchas per client address. */
  captchaPerIp: number;
  /** Username / email existence checks per client address. */
  lookupPerIp: number;
  /** Change-email codes a user may request per hour (each address also waits 60 s between two). */
  emailCodePerUserPerHour: number;
}

export interface GatewayConfig {
  port: number;
  host: string;
  jwtSecret: string;
  /** Lifetime of a token, in seconds. */
  jwtExpireS: number;
  /** Age after which a login-required call answers with a fresh token. */
  jwtRefreshS: number;
  trustProxy: boolean;
  rateLimit: RateLimitConfig;
  /** Subscriptions one socket may hold at once (its automatic `user:<uid>` included). */
  maxSubscriptionsPerSocket: number;
  /** Sockets one user, and one client address, may hold open on this gateway. */
  maxSocketsPerUser: number;
  maxSocketsPerIp: number;
  /** How long a topic authorisation (and a topic's latest seq) is reused; 0 turns the cache off. */
  socketAuthCacheMs: number;
  /** How often authenticated sockets' sessions are re-checked (logout on another gateway, ban, expiry). */
  socketSessionCheckMs: number;
  /** Sockets written per event-loop turn when one push message goes to a big room. */
  relaySlice: number;
  /** Board deltas relayed within this window go to `board:` rooms as one frame (0: no coalescing). */
  boardCoalesceMs: number;
  /** A `board:` subscriber more deltas behind than this is told to resync instead of being replayed to. */
  boardReplayMax: number;
  /** How often the push messages lost on their way to this gateway are looked for in the push log (0: never). */
  pushSweepMs: number;
  /** Lets a remote scraper read /metrics with `Authorization: Bearer <token>`; unset: loopback callers only. */
  metricsToken?: string;
  /** Requests counted and timed by route and status (`oj_http_*`). */
  httpMetrics: boolean;
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(Env.properties)) {
    const v = env[key];
    if (v !== undefined && v !== '') picked[key] = v;
  }
  if (!Value.Check(Env, picked)) {
    const err = Value.Errors(Env, picked).First();
    const name = err?.path.replace(/^\//, '') || 'environment';
    // Never echo the secret back into logs.
    const got = name === 'OJ_JWT_SECRET' || name === 'OJ_METRICS_TOKEN' ? `${(picked[name] ?? '').length} characters` : JSON.stringify(picked[name]);
    throw new Error(`Bad configuration: ${name} ${err?.message ?? 'is invalid'} (got ${got})`);
  }
  const e = picked as Static<typeof Env>;
  const num = (name: keyof typeof e, fallback: number, min: number, max: number): number => {
    const raw = e[name];
    const n = raw === undefined ? fallback : Number(raw);
    if (n < min || n > max) throw new Error(`Bad configuration: ${name} must be ${min}-${max} (got ${raw})`);
    return n;
  };
  const jwtExpireS = num('OJ_JWT_EXPIRE_S', JWT.expireS, 60, 31_536_000);
  const jwtRefreshS = num('OJ_JWT_REFRESH_S', JWT.refreshAfterS, 1, 31_536_000);
  if (jwtRefreshS >= jwtExpireS) {
    throw new Error(`Bad configuration: OJ_JWT_REFRESH_S must be less than OJ_JWT_EXPIRE_S (got ${jwtRefreshS} ≥ ${jwtExpireS})`);
  }
  return {
    port: num('PORT', 8080, 0, 65_535),
    host: e.HOST ?? '0.0.0.0',
    jwtSecret: e.OJ_JWT_SECRET,
    jwtExpireS,
    jwtRefreshS,
    trustProxy: e.OJ_TRUST_PROXY === 'true',
    rateLimit: {
      windowMs: 60_000,
      loginPerIp: num('OJ_RATE_LOGIN_IP_PER_MIN', 20, 1, 1_000_000),
      loginPerUser: num('OJ_RATE_LOGIN_USER_PER_MIN', 10, 1, 1_000_000),
      submitPerUser: num('OJ_RATE_SUBMIT_PER_MIN', 30, 1, 1_000_000),
      likePerUser: num('OJ_RATE_LIKE_PER_MIN', 30, 1, 1_000_000),
      commentPerUser: num('OJ_RATE_COMMENT_PER_MIN', 10, 1, 1_000_000),
      discussionPerUser: num('OJ_RATE_DISCUSSION_PER_MIN', 5, 1, 1_000_000),
      reportPerUser: num('OJ_RATE_REPORT_PER_MIN', 5, 1, 1_000_000),
      captchaPerIp: num('OJ_RATE_CAPTCHA_IP_PER_MIN', 30, 1, 1_000_000),
      lookupPerIp: num('OJ_RATE_LOOKUP_IP_PER_MIN', 30, 1, 1_000_000),
      emailCodePerUserPerHour: num('OJ_RATE_EMAIL_CODE_USER_PER_HOUR', 5, 1, 1_000_000),
    },
    maxSubscriptionsPerSocket: num('OJ_SOCKET_MAX_SUBSCRIPTIONS', 64, 1, 100_000),
    maxSocketsPerUser: num('OJ_SOCKET_MAX_PER_USER', 20, 1, 100_000),
    maxSocketsPerIp: num('OJ_SOCKET_MAX_PER_IP', 50, 1, 1_000_000),
    socketAuthCacheMs: num('OJ_SOCKET_AUTH_CACHE_MS', 5_000, 0, 600_000),
    socketSessionCheckMs: num('OJ_SOCKET_SESSION_CHECK_MS', 60_000, 100, 3_600_000),
    relaySlice: num('OJ_RELAY_SLICE', 500, 1, 100_000),
    boardCoalesceMs: num('OJ_BOARD_COALESCE_MS', 200, 0, 250),
    boardReplayMax: num('OJ_BOARD_REPLAY_MAX', 50, 0, 1000),
    pushSweepMs: num('OJ_PUSH_SWEEP_MS', 5_000, 0, 3_600_000),
    metricsToken: e.OJ_METRICS_TOKEN,
    httpMetrics: e.OJ_METRICS !== 'off',
  };
}
