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
    const { user, sessionId } = await services.account.login(req.body.username, req.body.password, req.ip, req.body.slide);
    reply.header('Authorization', auth.sign(user.uid, sessionId));
    return ok(user);
  });

  // The admin login: the same checks, then only an admin role gets a token (nothing is issued to anyone else).
  app.post('/api/admin/login', { schema: { body: LoginBody }, preHandler: [perIp, perUser] }, async (req, reply) => {
    const { user, sessionId } = await services.account.login(req.body.username, req.body.password, req.ip, req.body.slide);
    if (!isAdminRole(user.roleList)) throw new OjError('AUTH_NOT_ADMIN');
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

  const flows = services.accountFlows;
  // Anonymous account calls that send mail or check codes share the per-IP login budget.
  const anonLimited = { preHandler: [perIp] };

  app.get('/api/get-register-code', { schema: { querystring: GetRegisterCodeQuery }, ...anonLimited }, async (req) => ok(await flows.registerCode(req.query.email)));
  app.post('/api/check-username-or-email', { schema: { body: CheckUsernameOrEmailBody } }, async (req) => ok(await flows.checkUsernameOrEmail(req.body)));
  app.post('/api/register', { schema: { body: RegisterBody }, ...anonLimited }, async (req) => {
    await flows.register(req.body);
    return ok(null);
  });
  app.get('/api/captcha', async () => ok(await flows.captcha()));
  app.get('/api/captcha-slide', async () => ok(await flows.slideChallenge()));
  app.post('/api/apply-reset-password', { schema: { body: ApplyResetPasswordBody }, ...anonLimited }, async (req) => {
    await flows.applyResetPassword(req.body);
    return ok(null);
  });
  app.post('/api/reset-password', { schema: { body: ResetPasswordBody }, ...anonLimited }, async (req) => {
    await flows.resetPassword(req.body);
    return ok(null);
  });

  app.post('/api/change-password', { schema: { body: ChangePasswordBody }, preHandler: auth.login }, async (req) =>
    ok(await flows.changePassword(requireViewer(req), req.body)),
  );
  app.get('/api/get-change-email-code', { schema: { querystring: GetChangeEmailCodeQuery }, preHandler: auth.login }, async (req) => {
    await flows.changeEmailCode(requireViewer(req), req.query.email);
    return ok(null);
  });
  app.post('/api/change-email', { schema: { body: ChangeEmailBody }, preHandler: auth.login }, async (req) => ok(await flows.changeEmail(requireViewer(req), req.body)));
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
