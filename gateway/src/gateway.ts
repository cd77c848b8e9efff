// Assembles the gateway: Fastify (REST under /api, auth, rate limits, web) and Socket.IO on the same HTTP
// server, plus the one push subscription that relays events from the bus to the sockets.
import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifySchema } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ClientToServerEvents, PushTransport, ReadinessProbe, ServerToClientEvents } from '@oj/proto';
import { redactingLogger, type OjServices } from '@oj/services';
import type { Server } from 'socket.io';
import { createAuthenticator } from './auth';
import { installAccessRules } from './route-access';
import type { GatewayConfig } from './config';
import { frameworkError, installErrorHandling } from './error-handler';
import { BODY_LIMITS, installInputGuards } from './input-guard';
import { createRealtime } from './realtime';
import { registerAccountRoutes } from './routes/account.routes';
import { registerAdminContestRoutes } from './routes/admin-contest.routes';
import { registerContestRoutes } from './routes/contest.routes';
import { registerDiscussRoutes } from './routes/discuss.routes';
import { registerEventFeedRoutes } from './routes/event-feed.routes';
import { registerFileRoutes } from './routes/file.routes';
import { registerHomeRoutes } from './routes/home.routes';
import { registerJudgeAdminRoutes } from './routes/judge-admin.routes';
import { registerProblemRoutes } from './routes/problem.routes';
import { registerScoreboardRoutes } from './routes/scoreboard.routes';
import { registerSiteRoutes } from './routes/site.routes';
import { registerSubmissionRoutes } from './routes/submission.routes';
import { registerAdminProblemRoutes } from './routes/admin-problem.routes';
import { registerTagRoutes } from './routes/tag.routes';
import { registerProblemFileRoutes } from './routes/problem-file.routes';
import { registerDashboardRoutes } from './routes/dashboard.routes';
import { registerSiteAdminRoutes } from './routes/site-admin.routes';
import { registerRemoteJudgeRoutes } from './routes/remote-judge.routes';
import { registerAdminUserRoutes } from './routes/admin-user.routes';
import { registerGroupRoutes } from './routes/group.routes';
import { registerGroupProblemRoutes } from './routes/group-problem.routes';
import { registerGroupContestRoutes } from './routes/group-contest.routes';
import { registerGroupTrainingRoutes } from './routes/group-training.routes';
import { registerGroupDiscussionRoutes } from './routes/group-discussion.routes';
import { registerAdminTrainingRoutes } from './routes/admin-training.routes';
import { registerTrainingRoutes } from './routes/training.routes';
import { registerEducationRoutes } from './routes/education.routes';
import { registerEduTaskRoutes } from './routes/edu-task.routes';
import type { RouteDeps } from './routes/types';
import { registerOpenApi } from './docs/openapi';
import { installRequestObserver, requestId } from './ops/request-observer';
import { registerOpsRoutes } from './routes/ops.routes';
import { registerApiDocsRoutes } from './routes/api-docs.routes';
import { registerWeb, sendSpa, wantsSpa } from './web';
import { installSecurityHeaders } from './security-headers';
import { GZIP_LEVEL, GZIP_THRESHOLD, installSyncGzip } from './sync-gzip';

export interface GatewayOptions {
  services: OjServices;
  push: PushTransport;
  config: GatewayConfig;
  /** Directory of the built web client; served with an SPA fallback when given. */
  webDist?: string;
  /** A pino logger to use, or `true`/`false` for Fastify's own (default: off). */
  logger?: FastifyBaseLogger | boolean;
  /** Readiness probes besides the services' own (the embedded stack adds its runners' sandbox self-checks). */
  readiness?: readonly ReadinessProbe[];
  /** Child processes' metrics (the stack's runner processes), merged into /metrics. */
  metricsSources?: readonly (() => Promise<string>)[];
}

export interface Gateway {
  app: FastifyInstance;
  io: Server<ClientToServerEvents, ServerToClientEvents>;
  /** Starts listening; resolves to the base URL (`http://host:port`). Port 0 picks a free one. */
  listen(port: number, host?: string): Promise<string>;
  /** One pass of the sweep for push messages lost on their way here (run every OJ_PUSH_SWEEP_MS anyway). */
  sweepPush(): Promise<number>;
  close(): Promise<void>;
  /** Every route registered (`METHOD /path`), each with its access rule (route-access.ts). */
  routes: readonly string[];
  /** Every route with its schemas, as registered (the generated input tests walk it). */
  routeTable: readonly RouteEntry[];
}

export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

/** Headers the browser client must be able to read. */
const EXPOSED_HEADERS = 'Refresh-Token, Authorization, Url-Type, Content-disposition, Content-Type';

export async function buildGateway(opts: GatewayOptions): Promise<Gateway> {
  const { services, push, config, webDist } = opts;
  // Secrets never reach a log line: masked URL values (`?code=`), failed queries without their parameters.
  const logger = typeof opts.logger === 'object' ? redactingLogger(opts.logger) : (opts.logger ?? false);
  const app = Fastify({
    ...(typeof logger === 'boolean' ? { logger } : { loggerInstance: logger }),
    trustProxy: config.trustProxy,
    // The largest a route may earn; each route gets what its schema needs (input-guard.ts), uploads their own.
    bodyLimit: BODY_LIMITS.max,
    frameworkErrors: frameworkError,
    // One line per request, written when it is answered (ops/request-observer.ts), with its id.
    genReqId: requestId,
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Big JSON answers (a whole 2,000-row scoreboard is ~1.6 MB) travel gzip-compressed when the client accepts it.
  // Level 1: repetitive JSON shrinks about as well as at the default level (≈ 20×) for half the CPU.
  // Answers up to 256 KB in one synchronous gzip call (sync-gzip.ts, an app hook, so it runs before the plugin's
  // route hook); the plugin streams the rare larger ones.
  installSyncGzip(app);
  await app.register(fastifyCompress, { global: true, threshold: GZIP_THRESHOLD, encodings: ['gzip', 'deflate'], zlibOptions: { level: GZIP_LEVEL } });
  // HS256 only, both ways: a token signed with another algorithm (or `none`) is refused, whatever its header says.
  await app.register(fastifyJwt, {
    secret: config.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: config.jwtExpireS },
    verify: { algorithms: ['HS256'] },
  });
  // Multipart only for the upload routes that ask for it (`req.file()`); the limits are set per route.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024 } });
  installErrorHandling(app, webDist ? (req, reply) => (wantsSpa(req) ? sendSpa(reply) : null) : undefined);
  installRequestObserver(app, { metrics: config.httpMetrics });
  await registerOpenApi(app);

  installSecurityHeaders(app, webDist);
  app.addHook('onSend', async (req, reply) => {
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    const urlType = req.headers['url-type'];
    if (typeof urlType === 'string' && /^(admin|general)$/.test(urlType)) reply.header('Url-Type', urlType);
  });

  const auth = createAuthenticator(app, services, config);
  const routes = installAccessRules(app, auth);
  installInputGuards(app);
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeTable.push({ method, url: r.url, schema: r.schema });
  });
  const realtime = createRealtime(app.server, {
    services,
    auth,
    maxSubscriptions: config.maxSubscriptionsPerSocket,
    maxSocketsPerUser: config.maxSocketsPerUser,
    maxSocketsPerIp: config.maxSocketsPerIp,
    authCacheMs: config.socketAuthCacheMs,
    trustProxy: config.trustProxy,
    log: app.log,
    sessionCheckMs: config.socketSessionCheckMs,
    relaySlice: config.relaySlice,
    board: { coalesceMs: config.boardCoalesceMs, replayMax: config.boardReplayMax },
    pushSweepMs: config.pushSweepMs,
  });
  const deps: RouteDeps = { services, auth, config, realtime };
  registerAccountRoutes(app, deps);
  registerSiteRoutes(app, deps);
  registerHomeRoutes(app, deps);
  registerProblemRoutes(app, deps);
  registerSubmissionRoutes(app, deps);
  registerFileRoutes(app, deps);
  registerJudgeAdminRoutes(app, deps);
  registerDiscussRoutes(app, deps);
  registerContestRoutes(app, deps);
  registerAdminContestRoutes(app, deps);
  registerAdminProblemRoutes(app, deps);
  registerTagRoutes(app, deps);
  registerProblemFileRoutes(app, deps);
  registerScoreboardRoutes(app, deps);
  registerEventFeedRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerSiteAdminRoutes(app, deps);
  registerRemoteJudgeRoutes(app, deps);
  registerAdminUserRoutes(app, deps);
  registerGroupRoutes(app, deps);
  registerGroupProblemRoutes(app, deps);
  registerGroupContestRoutes(app, deps);
  registerGroupTrainingRoutes(app, deps);
  registerGroupDiscussionRoutes(app, deps);
  registerTrainingRoutes(app, deps);
  registerAdminTrainingRoutes(app, deps);
  registerEducationRoutes(app, deps);
  registerEduTaskRoutes(app, deps);
  registerOpsRoutes(app, { probes: [() => services.ops.readiness(), ...(opts.readiness ?? [])], metricsToken: config.metricsToken, metricsSources: opts.metricsSources });
  registerApiDocsRoutes(app);

  if (webDist) await registerWeb(app, webDist);

  const relaySub = await push.subscribePush((msg) => realtime.relay(msg));
  // Push messages sent while this gateway's bus connection was away never arrive: take them from the push log.
  const reconnectSub = push.onReconnect?.(() => void realtime.catchUp());

  await app.ready();

  let closed = false;
  return {
    app,
    routes,
    routeTable,
    io: realtime.io,
    listen: (port, host = config.host) => app.listen({ port, host }),
    sweepPush: () => realtime.sweepPush(),
    async close() {
      if (closed) return;
      closed = true;
      await relaySub.stop();
      await reconnectSub?.stop();
      realtime.close();
      realtime.io.local.disconnectSockets(true);
      realtime.io.engine.close();
      await app.close();
    },
  };
}
