// A group's discussions (`/api/group/*discussion*`, issue 19 item 8). A login (posting: `discussion_add`); the
// switch, the membership and the moderators are the services' check (services/src/group/group-discussion.service.ts).
// Reading one, its comments, replies and likes are the public discussion routes, which apply the group's rules.
import { DiscussionDeleteQuery, GroupDiscussionBody, GroupDiscussionListQuery, GroupDiscussionUpdateBody, ok } from '@oj/proto';
import type { FastifyRequest } from 'fastify';
import { createLimiter } from '../rate-limit';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerGroupDiscussionRoutes(app: TypedApp, { services, auth, config }: RouteDeps): void {
  const { discussions } = services.groups;
  const login = auth.login;
  const base = '/api/group';
  // New discussions and edits share the public area's budget per user (the same limiter name).
  const { windowMs, discussionPerUser } = config.rateLimit;
  const byUser = (req: FastifyRequest) => req.auth?.viewer.uid ?? null;
  const perUser = createLimiter(services, { name: 'discussion', max: discussionPerUser, windowMs, key: byUser });

  app.get(`${base}/get-discussion-list`, { schema: { querystring: GroupDiscussionListQuery }, preHandler: login }, async (req) =>
    ok(await discussions.list(req.query, requireViewer(req))),
  );
  app.get(`${base}/get-admin-discussion-list`, { schema: { querystring: GroupDiscussionListQuery }, preHandler: login }, async (req) =>
    ok(await discussions.adminList(req.query, requireViewer(req))),
  );
  // The reference answers null; the new discussion's id is added.
  app.post(`${base}/discussion`, { schema: { body: GroupDiscussionBody }, preHandler: [login, auth.permission('discussion_add'), perUser] }, async (req) =>
    ok(await discussions.add(req.body, requireViewer(req))),
  );
  app.put(`${base}/discussion`, { schema: { body: GroupDiscussionUpdateBody }, preHandler: [login, perUser] }, async (req) => {
    await discussions.update(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete(`${base}/discussion`, { schema: { querystring: DiscussionDeleteQuery }, preHandler: login }, async (req) => {
    await discussions.remove(req.query.did, requireViewer(req));
    return ok(null);
  });
}
