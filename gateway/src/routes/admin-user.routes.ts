// The users, roles and permissions admin: the original product's `/api/admin/user/…` calls and
// `/api/file/generate-user-excel`, plus the CSV preview and the role/permission pages' calls. Who may call each is
// the access rule (route-access.ts, read from the role ↔ permission table); the services check the rest.
import {
  AdminDeleteUsersBody,
  AdminEditUserBody,
  AdminUserListQuery,
  AuthBody,
  GeneratedSheetQuery,
  GenerateUserBody,
  InsertBatchUserBody,
  ok,
  RoleAuthBody,
  RoleStatusBody,
  USER_IMPORT_LIMITS,
} from '@oj/proto';
import { readFilePart, uploadOptions } from './multipart';
import { attachment } from './attachment';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerAdminUserRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const { userAdmin, userImport, access } = services;
  const login = auth.login;
  const base = '/api/admin/user';

  app.get(`${base}/get-user-list`, { schema: { querystring: AdminUserListQuery }, preHandler: login }, async (req) => ok(await userAdmin.list(req.query)));
  app.put(`${base}/edit-user`, { schema: { body: AdminEditUserBody }, preHandler: login }, async (req) => {
    // The reference answers null; ours says whether (and why) the user's sessions were ended.
    return ok({ revoked: await userAdmin.edit(requireViewer(req), req.body) });
  });
  app.delete(`${base}/delete-user`, { schema: { body: AdminDeleteUsersBody }, preHandler: login }, async (req) =>
    ok({ deleted: await userAdmin.remove(requireViewer(req), req.body.ids) }),
  );
  // The CSV (multipart field `file`) read and checked row by row; nothing is written.
  app.post(`${base}/preview-batch-user`, { ...uploadOptions(USER_IMPORT_LIMITS.maxBytes), preHandler: login }, async (req) => {
    const { data } = await readFilePart(req, USER_IMPORT_LIMITS.maxBytes, { accept: /\.(csv|txt)$/i, acceptText: '.csv', limitText: '5 MB' });
    return ok(await userImport.preview(data));
  });
  app.post(`${base}/insert-batch-user`, { schema: { body: InsertBatchUserBody }, preHandler: login, bodyLimit: 8 * 1024 * 1024 }, async (req) =>
    ok({ inserted: await userImport.insertBatch(req.body.users) }),
  );
  app.post(`${base}/generate-user`, { schema: { body: GenerateUserBody }, preHandler: login }, async (req) =>
    ok(await userImport.generate(requireViewer(req).uid, req.body)),
  );
  app.get('/api/file/generate-user-excel', { schema: { querystring: GeneratedSheetQuery }, preHandler: login }, async (req, reply) => {
    const file = await userImport.takeSheet(requireViewer(req).uid, req.query.key, req.query.format ?? 'xlsx');
    return reply.header('Content-Type', file.mime).header('Content-Disposition', attachment(file.fileName)).send(file.data);
  });

  // Roles and permissions (`/admin/role`, `/admin/auth`, `/admin/role_auth`).
  app.get('/api/admin/role', { preHandler: login }, async () => ok(await access.roles()));
  app.put('/api/admin/role', { schema: { body: RoleStatusBody }, preHandler: login }, async (req) => {
    await access.setRoleStatus(req.body.id, req.body.status);
    return ok(null);
  });
  app.get('/api/admin/auth', { preHandler: login }, async () => ok(await access.auths()));
  app.post('/api/admin/auth', { schema: { body: AuthBody }, preHandler: login }, async (req) => ok(await access.saveAuth(req.body)));
  app.get('/api/admin/role-auth', { preHandler: login }, async () => ok(await access.roleAuth()));
  app.put('/api/admin/role-auth', { schema: { body: RoleAuthBody }, preHandler: login }, async (req) => {
    await access.setRoleAuth(req.body.roleId, req.body.authIds);
    return ok(null);
  });
}
