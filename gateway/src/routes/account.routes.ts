// Account endpoints of the original product: login (JWT in the Authorization response header), logout, roles.
import { Type } from '@sinclair/typebox';
import {
  ApplyResetPasswordBody,
  ChangeEmailBody,
  ChangeMobileBody,
  ChangePasswordBody,
  ChangeUserInfoBody,
  CheckUsernameOrEmailBody,
  GetChangeEmailCodeQuery,
  GetRegisterCodeQuery,
  isAdminRole,
  LIMITS,
  LoginBody,
  MailOutboxQuery,
  ok,
  OjError,
  RegisterBody,
  ResetPasswordBody,
} from '@oj/proto';
import { createLimiter } from '../rate-limit';
import { readFilePart, uploadOptions } from './multipart';
import { requireAuth, requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerAccountRoutes(app: TypedApp, { services, auth, config, realtime }: RouteDeps): void {
  const { windowMs, loginPerIp, loginPerUser, captchaPerIp, lookupPerIp, emailCodePerUserPerHour } = config.rateLimit;
  const perIp = createLimiter(services, { name: 'login-ip', max: loginPerIp, windowMs, key: (req) => req.ip });
  // Per username AND address: a stranger hammering a username from elsewhere cannot lock its owner out.
  const perUser = createLimiter(services, {
    name: 'login-user-ip',
    max: loginPerUser,
    windowMs,
    key: (req) => {
      const body = req.body as Partial<LoginBody> | undefined;
      return typeof body?.username === 'string' ? `${body.username.trim().toLowerCase()}|${req.ip}` : null;
    },
  });
  const captchasPerIp = createLimiter(services, { name: 'captcha-ip', max: captchaPerIp, windowMs, key: (req) => req.ip });
  const lookupsPerIp = createLimiter(services, { name: 'lookup-ip', max: lookupPerIp, windowMs, key: (req) => req.ip });
  const emailCodesPerUser = createLimiter(services, {
    name: 'email-code-user',
    max: emailCodePerUserPerHour,
    windowMs: 3_600_000,
    key: (req) => req.auth?.viewer.uid ?? null,
  });

  // The token goes in the `Authorization` header, or in the httpOnly cookie when the web app asks (auth.ts `issue`).
  app.post('/api/login', { schema: { body: LoginBody }, preHandler: [perIp, perUser] }, async (req, reply) => {
    const { user, sessionId } = await services.account.login(req.body.username, req.body.password, req.ip, req.body.slide);
    auth.issue(req, reply, user.uid, sessionId);
    return ok(user);
  });

  // The admin login: the same checks, then only an admin role gets a token (nothing is issued to anyone else).
  app.post('/api/admin/login', { schema: { body: LoginBody }, preHandler: [perIp, perUser] }, async (req, reply) => {
    const { user, sessionId } = await services.account.login(req.body.username, req.body.password, req.ip, req.body.slide);
    if (!isAdminRole(user.roleList)) throw new OjError('AUTH_NOT_ADMIN');
    auth.issue(req, reply, user.uid, sessionId);
    return ok(user);
  });

  app.get('/api/logout', { preHandler: auth.login }, async (req, reply) => {
    const ctx = requireAuth(req);
    // Refreshed tokens share the session id and live at most `jwtExpireS` from now: revoke until then.
    const expiresAt = new Date(Date.now() + config.jwtExpireS * 1000);
    await services.account.logout(ctx.viewer, ctx.sessionId, expiresAt);
    // This gateway's sockets of the session go at once; other gateways' at their next session check.
    realtime.endSession(ctx.sessionId);
    if (ctx.via === 'cookie') auth.clear(req, reply);
    return ok(null);
  });

  const flows = services.accountFlows;
  // Anonymous account calls that send mail or check codes share the per-IP login budget.
  const anonLimited = { preHandler: [perIp] };

  app.get('/api/get-register-code', { schema: { querystring: GetRegisterCodeQuery }, ...anonLimited }, async (req) => ok(await flows.registerCode(req.query.email)));
  app.post('/api/check-username-or-email', { schema: { body: CheckUsernameOrEmailBody }, preHandler: [lookupsPerIp] }, async (req) =>
    ok(await flows.checkUsernameOrEmail(req.body)),
  );
  app.post('/api/register', { schema: { body: RegisterBody }, ...anonLimited }, async (req) => {
    await flows.register(req.body);
    return ok(null);
  });
  app.get('/api/captcha', { preHandler: [captchasPerIp] }, async () => ok(await flows.captcha()));
  app.get('/api/captcha-slide', { preHandler: [captchasPerIp] }, async () => ok(await flows.slideChallenge()));
  app.post('/api/apply-reset-password', { schema: { body: ApplyResetPasswordBody }, ...anonLimited }, async (req) => {
    await flows.applyResetPassword(req.body);
    return ok(null);
  });
  app.post('/api/reset-password', { schema: { body: ResetPasswordBody }, ...anonLimited }, async (req) => {
    await flows.resetPassword(req.body);
    return ok(null);
  });

  // A new password or email ends the account's other sessions; the caller's goes on under a renewed id (a new token).
  app.post('/api/change-password', { schema: { body: ChangePasswordBody }, preHandler: auth.login }, async (req, reply) => {
    const ctx = requireAuth(req);
    const { vo, sessionId } = await flows.changePassword(ctx.viewer, req.body, ctx.sessionId);
    auth.issue(req, reply, ctx.viewer.uid, sessionId, true);
    return ok(vo);
  });
  app.get('/api/get-change-email-code', { schema: { querystring: GetChangeEmailCodeQuery }, preHandler: [auth.login, emailCodesPerUser] }, async (req) => {
    await flows.changeEmailCode(requireViewer(req), req.query.email);
    return ok(null);
  });
  app.post('/api/change-email', { schema: { body: ChangeEmailBody }, preHandler: auth.login }, async (req, reply) => {
    const ctx = requireAuth(req);
    const { vo, sessionId } = await flows.changeEmail(ctx.viewer, req.body, ctx.sessionId);
    auth.issue(req, reply, ctx.viewer.uid, sessionId, true);
    return ok(vo);
  });
  app.post('/api/change-mobile', { schema: { body: ChangeMobileBody }, preHandler: auth.login }, async (req) =>
    ok(await flows.changeMobile(requireViewer(req), req.body)),
  );
  app.post('/api/change-userInfo', { schema: { body: ChangeUserInfoBody }, preHandler: auth.login }, async (req) =>
    ok(await flows.changeUserInfo(requireViewer(req), req.body)),
  );

  app.post('/api/file/upload-avatar', { ...uploadOptions(LIMITS.avatarMaxBytes), preHandler: auth.login }, async (req) => {
    const viewer = requireViewer(req);
    const { data: image } = await readFilePart(req, LIMITS.avatarMaxBytes, {
      field: 'image',
      accept: /\.(gif|jpe?g|png|bmp|webp)$/i,
      acceptText: 'gif, jpg, jpeg, png, bmp, webp',
      limitText: '2 MB',
    });
    const user = await flows.uploadAvatar(viewer, image);
    return ok(user);
  });

  // Avatars (uuid names) and statement images (md files, hex names) share the public image path.
  app.get('/api/public/img/:name', { schema: { params: Type.Object({ name: Type.String({ pattern: '^[0-9a-f-]{24,36}\\.(gif|jpg|png|bmp|webp)$' }) }) } }, async (req, reply) => {
    const found = await flows.avatar(req.params.name);
    const md = found ? null : await services.mdFiles.read('img', req.params.name);
    const img = found ?? (md && { mime: md.contentType, data: md.data });
    if (!img) throw new OjError('NOT_FOUND');
    return reply
      .header('Content-Type', img.mime)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(img.data);
  });

  app.get('/api/admin/mail-outbox', { schema: { querystring: MailOutboxQuery }, preHandler: auth.login }, async (req) =>
    ok(await flows.mailOutbox(requireViewer(req), req.query)),
  );

  app.get('/api/get-user-auth-info', { preHandler: auth.login }, async (req) => ok(await services.account.authInfo(requireViewer(req))));
  // The permission list the client refreshes whenever it holds a token.
  app.get('/api/admin/user/get-user-permission', { preHandler: auth.login }, async (req) =>
    ok((await services.account.authInfo(requireViewer(req))).permissions),
  );
}
