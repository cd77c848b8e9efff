// The problem bank's admin calls of the original product (`/api/admin/problem…`) and the extensions of this judge:
// the package self-check and the judging-queue snapshot behind the admin list's live column. The hooks check the
// site role; the services check it again and ownership (a problem admin manages their own problems).
import {
  AdminPidQuery,
  AdminProblemListQuery,
  ChangeProblemAuthBody,
  CompileDTO,
  ok,
  ProblemCasesQuery,
  ProblemDTO,
} from '@oj/proto';
import { roleHook } from './role-hook';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerAdminProblemRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const { problemAdmin, selfCheck } = services;
  const manager = [auth.login, roleHook(['root', 'admin', 'problem_admin'])];
  const remover = [auth.login, roleHook(['root', 'problem_admin'])];
  const base = '/api/admin/problem';

  app.get(`${base}/get-problem-list`, { schema: { querystring: AdminProblemListQuery }, preHandler: manager }, async (req) =>
    ok(await problemAdmin.list(req.query, requireViewer(req))),
  );
  app.get(base, { schema: { querystring: AdminPidQuery }, preHandler: manager }, async (req) => ok(await problemAdmin.get(req.query.pid, requireViewer(req))));
  // The reference answers null; the new id is added so the form can go on to the problem.
  app.post(base, { schema: { body: ProblemDTO }, preHandler: manager }, async (req) => ok(await problemAdmin.create(req.body, requireViewer(req))));
  app.put(base, { schema: { body: ProblemDTO }, preHandler: manager }, async (req) => {
    await problemAdmin.update(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete(base, { schema: { querystring: AdminPidQuery }, preHandler: remover }, async (req) => ok(await problemAdmin.remove(req.query.pid, requireViewer(req))));
  app.put(`${base}/change-problem-auth`, { schema: { body: ChangeProblemAuthBody }, preHandler: manager }, async (req) => {
    await problemAdmin.changeAuth(req.body, requireViewer(req));
    return ok(null);
  });
  app.get(`${base}/get-problem-cases`, { schema: { querystring: ProblemCasesQuery }, preHandler: manager }, async (req) =>
    ok(await problemAdmin.cases(req.query, requireViewer(req))),
  );
  app.post(`${base}/compile-spj`, { schema: { body: CompileDTO }, preHandler: manager }, async (req) => {
    await problemAdmin.compile('spj', req.body, requireViewer(req));
    return ok(null);
  });
  app.post(`${base}/compile-interactive`, { schema: { body: CompileDTO }, preHandler: manager }, async (req) => {
    await problemAdmin.compile('interactive', req.body, requireViewer(req));
    return ok(null);
  });

  // Extensions: the package self-check (start, read) and the judging queue per problem.
  app.post(`${base}/self-check`, { schema: { querystring: AdminPidQuery }, preHandler: manager }, async (req) =>
    ok(await selfCheck.start(req.query.pid, requireViewer(req), req.ip)),
  );
  app.get(`${base}/self-check`, { schema: { querystring: AdminPidQuery }, preHandler: manager }, async (req) => ok(await selfCheck.view(req.query.pid, requireViewer(req))));
  app.get(`${base}/judge-queue`, { preHandler: manager }, async () => ok(await problemAdmin.queues()));
}
