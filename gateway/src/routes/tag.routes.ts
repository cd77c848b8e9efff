// Tags of the original product: the public lists, and the admin CRUD of tags and tag classifications
// (root and problem admins).
import { AdminPidQuery, OjQuery, ok, TagBody, TagClassificationBody, TcidQuery, TidQuery } from '@oj/proto';
import { roleHook } from './role-hook';
import { requireViewer, viewerOf, type RouteDeps, type TypedApp } from './types';

export function registerTagRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const { tags } = services;
  const admin = [auth.login, roleHook(['root', 'problem_admin'])];

  app.get('/api/get-all-problem-tags', { schema: { querystring: OjQuery }, preHandler: auth.anon }, async (req) => ok(await tags.all(req.query.oj)));
  app.get('/api/get-problem-tags', { schema: { querystring: AdminPidQuery }, preHandler: auth.anon }, async (req) => ok(await tags.ofProblem(req.query.pid, viewerOf(req))));

  app.post('/api/admin/tag', { schema: { body: TagBody }, preHandler: admin }, async (req) => ok(await tags.addTag(req.body, requireViewer(req))));
  app.put('/api/admin/tag', { schema: { body: TagBody }, preHandler: admin }, async (req) => {
    await tags.updateTag(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete('/api/admin/tag', { schema: { querystring: TidQuery }, preHandler: admin }, async (req) => {
    await tags.deleteTag(req.query.tid, requireViewer(req));
    return ok(null);
  });

  const cls = '/api/admin/tag/classification';
  app.get(cls, { schema: { querystring: OjQuery }, preHandler: admin }, async (req) => ok(await tags.classifications(req.query.oj, requireViewer(req))));
  app.post(cls, { schema: { body: TagClassificationBody }, preHandler: admin }, async (req) => ok(await tags.addClassification(req.body, requireViewer(req))));
  app.put(cls, { schema: { body: TagClassificationBody }, preHandler: admin }, async (req) => {
    await tags.updateClassification(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete(cls, { schema: { querystring: TcidQuery }, preHandler: admin }, async (req) => {
    await tags.deleteClassification(req.query.tcid, requireViewer(req));
    return ok(null);
  });
}
