// Remote judging's admin calls: importing a remote judge's problem into the bank (the original product's
// `import-remote-oj-problem`) and the per-site status panel of the dashboard (an extension).
import { ImportRemoteProblemQuery, ok } from '@oj/proto';
import { roleHook } from './role-hook';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerRemoteJudgeRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const manager = [auth.login, roleHook(['root', 'admin', 'problem_admin'])];
  // The reference answers null; the new problem's ids are added, as the problem form's create does.
  app.get('/api/admin/problem/import-remote-oj-problem', { schema: { querystring: ImportRemoteProblemQuery }, preHandler: manager }, async (req) =>
    ok(await services.remoteImport.importProblem(req.query, requireViewer(req))),
  );
  app.get('/api/admin/remote-judge/status', { preHandler: [auth.login, roleHook(['root'])] }, async () => ok(await services.remoteAccounts.status()));
}
