// Problem endpoints of the original product: the paged list, a random problem and one problem's detail (anonymous, personalised when logged in).
import { ok, OjError, ProblemDetailQuery, ProblemListQuery, RandomProblemQuery } from '@oj/proto';
import { viewerOf, type RouteDeps, type TypedApp } from './types';

export function registerProblemRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  app.get('/api/get-problem-list', { schema: { querystring: ProblemListQuery }, preHandler: auth.anon }, async (req) =>
    ok(await services.problems.list(req.query, viewerOf(req))),
  );

  app.get('/api/get-random-problem', { schema: { querystring: RandomProblemQuery } }, async (req) => ok(await services.problems.random(req.query.oj)));

  // With `gid`: the problem opened inside its group (members only); with `homeworkId` / `examId`: inside a course's
  // task (its students and teacher).
  app.get('/api/get-problem-detail', { schema: { querystring: ProblemDetailQuery }, preHandler: auth.anon }, async (req) => {
    const viewer = viewerOf(req);
    const task = req.query.homeworkId !== undefined || req.query.examId !== undefined;
    if (!req.query.gid && !task) return ok(await services.problems.detail(req.query.problemId, viewer));
    if (!viewer) throw new OjError('AUTH_NOT_LOGGED_IN');
    if (task) return ok(await services.education.taskProblemDetail(req.query, viewer));
    return ok(await services.groups.problems.detail(req.query.problemId, req.query.gid!, viewer));
  });
}
