// Remote judging's admin calls: importing a remote judge's problem into the bank (the original product's
// `import-remote-oj-problem`, and its training and contest variants) and the per-site status panel of the dashboard
// (an extension).
import { ImportRemoteContestProblemQuery, ImportRemoteProblemQuery, ImportRemoteTrainingProblemQuery, ok } from '@oj/proto';
import { roleHook } from './role-hook';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerRemoteJudgeRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const manager = [auth.login, roleHook(['root', 'admin', 'problem_admin'])];
  // The reference answers null; the new problem's ids are added, as the problem form's create does.
  app.get('/api/admin/problem/import-remote-oj-problem', { schema: { querystring: ImportRemoteProblemQuery }, preHandler: manager }, async (req) =>
    ok(await services.remoteImport.importProblem(req.query, requireViewer(req))),
  );
  // The training and contest variants (the reference answers null; the problem's ids are added). Access as the
  // training's / contest's add-from-public; the services check the training's or contest's admin.
  app.get('/api/admin/training/import-remote-oj-problem', { schema: { querystring: ImportRemoteTrainingProblemQuery }, preHandler: auth.login }, async (req) =>
    ok(await services.remoteImport.importToTraining(req.query, requireViewer(req))),
  );
  app.get('/api/admin/contest/import-remote-oj-problem', { schema: { querystring: ImportRemoteContestProblemQuery }, preHandler: auth.login }, async (req) =>
    ok(await services.remoteImport.importToContest(req.query, requireViewer(req))),
  );
  app.get('/api/admin/remote-judge/status', { preHandler: [auth.login, roleHook(['root', 'admin'])] }, async () => ok(await services.remoteAccounts.status()));
}
