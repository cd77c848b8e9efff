// Judge administration and the online test: rejudge, rejudge of a problem,
// cancel, manual judge (role root + permission rejudge), resubmit (the submitter), the online test, and the
// judge-runner listing for admins. The services re-check every rule; the hooks only answer early.
import type { FastifyRequest } from 'fastify';
import { ManualJudgeQuery, ok, OjError, RejudgeProblemQuery, SubmitIdQuery, TestJudgeBody, TestJudgeQuery, isAdminRole } from '@oj/proto';
import { createLimiter } from '../rate-limit';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerJudgeAdminRoutes(app: TypedApp, { services, auth, config }: RouteDeps): void {
  const root = async (req: FastifyRequest) => {
    if (!req.auth?.viewer.roles.includes('root')) throw new OjError('AUTH_FORBIDDEN');
  };
  const admin = async (req: FastifyRequest) => {
    if (!req.auth || !isAdminRole(req.auth.viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
  };
  const rejudger = [auth.login, root, auth.permission('rejudge')];
  const perUser = createLimiter(services, {
    name: 'judge-admin',
    max: config.rateLimit.submitPerUser,
    windowMs: config.rateLimit.windowMs,
    key: (req) => req.auth?.viewer.uid ?? null,
  });

  app.get('/api/admin/judge/rejudge', { schema: { querystring: SubmitIdQuery }, preHandler: rejudger }, async (req) =>
    ok(await services.judgeAdmin.rejudge(req.query.submitId, requireViewer(req))),
  );

  // Not in the original product (it only has the contest variant, rejudge-contest-problem): every non-contest
  // submission of problem `pid` (the problem's numeric id), on the rejudge lane.
  app.get('/api/admin/judge/rejudge-problem', { schema: { querystring: RejudgeProblemQuery }, preHandler: rejudger }, async (req) =>
    ok(await services.judgeAdmin.rejudgeProblem(req.query.pid, requireViewer(req))),
  );

  app.get('/api/admin/judge/manual-judge', { schema: { querystring: ManualJudgeQuery }, preHandler: rejudger }, async (req) =>
    ok(await services.judgeAdmin.manualJudge(req.query, requireViewer(req))),
  );

  app.get('/api/admin/judge/cancel-judge', { schema: { querystring: SubmitIdQuery }, preHandler: rejudger }, async (req) =>
    ok(await services.judgeAdmin.cancel(req.query.submitId, requireViewer(req))),
  );

  app.get('/api/resubmit', { schema: { querystring: SubmitIdQuery }, preHandler: auth.login }, async (req) =>
    ok(await services.judgeAdmin.resubmit(req.query.submitId, requireViewer(req))),
  );

  app.get('/api/admin/config/get-judge-service-info', { preHandler: [auth.login, admin] }, async (req) => ok(services.judgeAdmin.runners(requireViewer(req))));

  app.post(
    '/api/submit-problem-test-judge',
    { schema: { body: TestJudgeBody }, preHandler: [auth.login, auth.permission('submit'), perUser] },
    async (req) => ok(await services.testJudge.submit(req.body, requireViewer(req))),
  );

  app.get('/api/get-test-judge-result', { schema: { querystring: TestJudgeQuery }, preHandler: auth.login }, async (req) =>
    ok(await services.testJudge.result(req.query.testJudgeKey, requireViewer(req))),
  );
}
