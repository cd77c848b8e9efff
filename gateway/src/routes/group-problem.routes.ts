// A group's problems (`/api/group/…problem…`, `/api/group/compile-*`, `/api/group/apply-public`) and the site's
// examination of the ones applying to be public (`/api/admin/group-problem/*`, root and problem admins). Who may do
// what inside the group is the services' check (services/src/group/group-problem.service.ts).
import {
  ApplyGroupProblemPublicQuery,
  ChangeGroupProblemAuthQuery,
  ChangeGroupProblemProgressBody,
  CompileDTO,
  GidQuery,
  GroupApplyProblemListQuery,
  GroupPageQuery,
  GroupPidQuery,
  ok,
  ProblemCasesQuery,
  ProblemDTO,
} from '@oj/proto';
import { roleHook } from './role-hook';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerGroupProblemRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const { problems, problemApply } = services.groups;
  const login = auth.login;
  const base = '/api/group';

  app.get(`${base}/get-problem-list`, { schema: { querystring: GroupPageQuery }, preHandler: login }, async (req) => ok(await problems.list(req.query, requireViewer(req))));
  app.get(`${base}/get-admin-problem-list`, { schema: { querystring: GroupPageQuery }, preHandler: login }, async (req) => ok(await problems.adminList(req.query, requireViewer(req))));
  app.get(`${base}/problem`, { schema: { querystring: GroupPidQuery }, preHandler: login }, async (req) => ok(await problems.get(req.query.pid, requireViewer(req))));
  // The reference answers null; the new id and display id are added.
  app.post(`${base}/problem`, { schema: { body: ProblemDTO }, preHandler: login }, async (req) => ok(await problems.create(req.body, requireViewer(req))));
  app.put(`${base}/problem`, { schema: { body: ProblemDTO }, preHandler: login }, async (req) => {
    await problems.update(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete(`${base}/problem`, { schema: { querystring: GroupPidQuery }, preHandler: login }, async (req) => ok(await problems.remove(req.query.pid, requireViewer(req))));
  app.get(`${base}/get-problem-cases`, { schema: { querystring: ProblemCasesQuery }, preHandler: login }, async (req) => ok(await problems.cases(req.query.pid, requireViewer(req))));
  app.get(`${base}/get-all-problem-tags`, { schema: { querystring: GidQuery }, preHandler: login }, async (req) => ok(await problems.tags(req.query.gid, requireViewer(req))));
  app.post(`${base}/compile-spj`, { schema: { body: CompileDTO, querystring: GidQuery }, preHandler: login }, async (req) => {
    await problems.compile('spj', req.body, req.query.gid, requireViewer(req));
    return ok(null);
  });
  app.post(`${base}/compile-interactive`, { schema: { body: CompileDTO, querystring: GidQuery }, preHandler: login }, async (req) => {
    await problems.compile('interactive', req.body, req.query.gid, requireViewer(req));
    return ok(null);
  });
  app.put(`${base}/change-problem-auth`, { schema: { querystring: ChangeGroupProblemAuthQuery }, preHandler: login }, async (req) => {
    await problems.changeAuth(req.query, requireViewer(req));
    return ok(null);
  });
  app.put(`${base}/apply-public`, { schema: { querystring: ApplyGroupProblemPublicQuery }, preHandler: login }, async (req) => {
    await problems.applyPublic(req.query, requireViewer(req));
    return ok(null);
  });

  const examiners = [login, roleHook(['root', 'problem_admin'])];
  app.get('/api/admin/group-problem/list', { schema: { querystring: GroupApplyProblemListQuery }, preHandler: examiners }, async (req) =>
    ok(await problemApply.list(req.query, requireViewer(req))),
  );
  app.put('/api/admin/group-problem/change-progress', { schema: { body: ChangeGroupProblemProgressBody }, preHandler: examiners }, async (req) => {
    await problemApply.changeProgress(req.body, requireViewer(req));
    return ok(null);
  });
}
