// Account endpoints of hoj-api.md §2: login (JWT in the Authorization response header), logout, roles.
import { LoginBody, ok } from '@oj/proto';
import { createLimiter } from '../rate-limit';
import { requireAuth, requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerAccountRoutes(app: TypedApp, { services, auth, config, realtime }: RouteDeps): void {
  const { windowMs, loginPerIp, loginPerUser } = config.rateLimit;
  const perIp = createLimiter(app, { max: loginPerIp, windowMs, key: (req) => req.ip });
  const perUser = createLimiter(app, {
    max: loginPerUser,
    windowMs,
    key: (req) => {
      const body = req.body as Partial<LoginBody> | undefined;
      return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : null;
    },
  });

  app.post('/api/login', { schema: { body: LoginBody }, preHandler: [perIp, perUser] }, async (req, reply) => {
    const { user, sessionId } = await services.account.login(req.body.username, req.body.password, req.ip);
    reply.header('Authorization', auth.sign(user.uid, sessionId));
    return ok(user);
  });

  app.get('/api/logout', { preHandler: auth.login }, async (req) => {
    const ctx = requireAuth(req);
    // Refreshed tokens share the session id and live at most `jwtExpireS` from now: revoke until then.
    const expiresAt = new Date(Date.now() + config.jwtExpireS * 1000);
    await services.account.logout(ctx.viewer, ctx.sessionId, expiresAt);
    // This gateway's sockets of the session go at once; other gateways' at their next session check.
    realtime.endSession(ctx.sessionId);
    return ok(null);
  });

  app.get('/api/get-user-auth-info', { preHandler: auth.login }, async (req) => ok(await services.account.authInfo(requireViewer(req))));
}
