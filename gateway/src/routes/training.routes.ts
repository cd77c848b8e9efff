// The users' training calls of the original product: categories, list, details, registration with the password,
// access, problem list and rank. Every rule is the services'; the hooks only establish the caller.
import { ok, RegisterTrainingBody, TrainingIdQuery, TrainingListQuery, TrainingRankQuery } from '@oj/proto';
import { requireViewer, viewerOf, type RouteDeps, type TypedApp } from './types';

export function registerTrainingRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const { trainings } = services;

  app.get('/api/get-training-category', { preHandler: auth.anon }, async () => ok(await trainings.categories()));

  // "anon": a signed-in caller also gets their progress (acCount) in each row.
  app.get('/api/get-training-list', { schema: { querystring: TrainingListQuery }, preHandler: auth.anon }, async (req) =>
    ok(await trainings.list(req.query, viewerOf(req))),
  );

  app.get('/api/get-training-detail', { schema: { querystring: TrainingIdQuery }, preHandler: auth.login }, async (req) =>
    ok(await trainings.detail(req.query.tid, requireViewer(req))),
  );

  app.post('/api/register-training', { schema: { body: RegisterTrainingBody }, preHandler: auth.login }, async (req) => {
    await trainings.register(req.body, requireViewer(req));
    return ok(null);
  });

  app.get('/api/get-training-access', { schema: { querystring: TrainingIdQuery }, preHandler: auth.login }, async (req) =>
    ok(await trainings.access(req.query.tid, requireViewer(req))),
  );

  app.get('/api/get-training-problem-list', { schema: { querystring: TrainingIdQuery }, preHandler: auth.login }, async (req) =>
    ok(await trainings.problems(req.query.tid, requireViewer(req))),
  );

  app.get('/api/get-training-rank', { schema: { querystring: TrainingRankQuery }, preHandler: auth.login }, async (req) =>
    ok(await trainings.rank(req.query, requireViewer(req))),
  );
}
