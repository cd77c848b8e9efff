// The group calls of the original product (`/api/get-group-*`, `/api/group`, `/api/group/member…`,
// `/api/group/…announcement…`, `/api/file/upload-group-avatar`): groups, members and announcements. The access rules
// (route-access.ts) only ask for a login (and the group_add / group_del permissions); who may do what inside a group
// is the services' check, from the database (services/src/group/).
import {
  AddGroupMemberQuery,
  DeleteGroupMemberQuery,
  GidQuery,
  GROUP_LIMITS,
  GroupAnnouncementBody,
  GroupAnnouncementIdQuery,
  GroupBody,
  GroupListQuery,
  GroupMemberListQuery,
  GroupPageQuery,
  ok,
  OjError,
  UpdateGroupMemberBody,
} from '@oj/proto';
import { Type } from '@sinclair/typebox';
import { openFilePart, multipartFailure, uploadOptions } from './multipart';
import { requireViewer, viewerOf, type RouteDeps, type TypedApp } from './types';

/** The avatar's group: `gid` in the query, or a `gid` form field sent before the image. */
const AvatarQuery = Type.Object({ gid: Type.Optional(GidQuery.properties.gid) });

export function registerGroupRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const { groups, members, announcements } = services.groups;
  const login = auth.login;

  // ---------- groups ----------
  app.get('/api/get-group-list', { schema: { querystring: GroupListQuery }, preHandler: auth.anon }, async (req) => ok(await groups.list(req.query, viewerOf(req))));
  app.get('/api/get-group-detail', { schema: { querystring: GidQuery }, preHandler: login }, async (req) => ok(await groups.detail(req.query.gid, requireViewer(req))));
  app.get('/api/get-group-access', { schema: { querystring: GidQuery }, preHandler: login }, async (req) => ok(await groups.access(req.query.gid, requireViewer(req))));
  app.get('/api/get-group-auth', { schema: { querystring: GidQuery }, preHandler: login }, async (req) => ok(await groups.auth(req.query.gid, requireViewer(req))));
  // The reference answers null; the new id is added so the client can open the group.
  app.post('/api/group', { schema: { body: GroupBody }, preHandler: [login, auth.permission('group_add')] }, async (req) => ok(await groups.create(req.body, requireViewer(req))));
  app.put('/api/group', { schema: { body: GroupBody }, preHandler: login }, async (req) => {
    await groups.update(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete('/api/group', { schema: { querystring: GidQuery }, preHandler: [login, auth.permission('group_del')] }, async (req) => {
    await groups.remove(req.query.gid, requireViewer(req));
    return ok(null);
  });
  app.post('/api/file/upload-group-avatar', { schema: { querystring: AvatarQuery }, ...uploadOptions(GROUP_LIMITS.avatarMaxBytes), preHandler: login }, async (req) => {
    const viewer = requireViewer(req);
    const part = await openFilePart(req, GROUP_LIMITS.avatarMaxBytes, { field: 'image', accept: /\.(gif|jpe?g|png|bmp|webp)$/i, acceptText: 'gif, jpg, jpeg, png, bmp, webp', limitText: '2 MB' });
    const field = (part.fields.gid as { value?: unknown } | undefined)?.value;
    const gid = req.query.gid ?? (typeof field === 'string' && /^[1-9]\d{0,9}$/.test(field) ? Number(field) : undefined);
    if (gid === undefined) {
      part.file.resume();
      throw new OjError('VALIDATION_FAILED', { detail: 'gid' });
    }
    let image: Buffer;
    try {
      image = await part.toBuffer();
    } catch (err) {
      throw multipartFailure(err, '2 MB');
    }
    return ok(await groups.uploadAvatar(gid, image, viewer));
  });

  // ---------- members ----------
  app.get('/api/group/get-member-list', { schema: { querystring: GroupMemberListQuery }, preHandler: login }, async (req) => ok(await members.members(req.query, requireViewer(req))));
  app.get('/api/group/get-apply-list', { schema: { querystring: GroupMemberListQuery }, preHandler: login }, async (req) => ok(await members.applications(req.query, requireViewer(req))));
  // The reference answers null; the caller's new relation (3 joined, 1 applying) is added.
  app.post('/api/group/member', { schema: { querystring: AddGroupMemberQuery }, preHandler: login }, async (req) => ok(await members.add(req.query, requireViewer(req))));
  app.put('/api/group/member', { schema: { body: UpdateGroupMemberBody }, preHandler: login }, async (req) => {
    await members.update(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete('/api/group/member', { schema: { querystring: DeleteGroupMemberQuery }, preHandler: login }, async (req) => {
    await members.remove(req.query, requireViewer(req));
    return ok(null);
  });
  app.delete('/api/group/member/exit', { schema: { querystring: GidQuery }, preHandler: login }, async (req) => {
    await members.exit(req.query.gid, requireViewer(req));
    return ok(null);
  });

  // ---------- announcements ----------
  app.get('/api/group/get-announcement-list', { schema: { querystring: GroupPageQuery }, preHandler: login }, async (req) => ok(await announcements.list(req.query, requireViewer(req))));
  app.get('/api/group/get-admin-announcement-list', { schema: { querystring: GroupPageQuery }, preHandler: login }, async (req) =>
    ok(await announcements.adminList(req.query, requireViewer(req))),
  );
  app.post('/api/group/announcement', { schema: { body: GroupAnnouncementBody }, preHandler: login }, async (req) => ok(await announcements.add(req.body, requireViewer(req))));
  app.put('/api/group/announcement', { schema: { body: GroupAnnouncementBody }, preHandler: login }, async (req) => {
    await announcements.update(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete('/api/group/announcement', { schema: { querystring: GroupAnnouncementIdQuery }, preHandler: login }, async (req) => {
    await announcements.remove(req.query.aid, requireViewer(req));
    return ok(null);
  });
}
