// Training administration of the original product: trainings (root and admin; delete root only), their problems and
// the training categories. The access rules (route-access.ts) check the site role; the services check it again and
// that an admin manages only the trainings they created ("training admin = author or super admin").
import {
  AddTrainingProblemBody,
  AdminTrainingListQuery,
  AdminTrainingProblemListQuery,
  ChangeTrainingStatusQuery,
  ok,
  TrainingBody,
  TrainingCategoryBody,
  TrainingCategoryIdQuery,
  TrainingIdQuery,
  TrainingPidQuery,
  TrainingProblemBody,
} from '@oj/proto';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerAdminTrainingRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const { trainings } = services;
  const base = '/api/admin/training';
  const login = auth.login;

  app.get(`${base}/get-training-list`, { schema: { querystring: AdminTrainingListQuery }, preHandler: login }, async (req) =>
    ok(await trainings.adminList(req.query, requireViewer(req))),
  );
  app.get(base, { schema: { querystring: TrainingIdQuery }, preHandler: login }, async (req) => ok(await trainings.adminGet(req.query.tid, requireViewer(req))));
  // The original answers null; the new id is added for clients that go on to the training's problems.
  app.post(base, { schema: { body: TrainingBody }, preHandler: login }, async (req) => ok(await trainings.create(req.body, requireViewer(req))));
  app.put(base, { schema: { body: TrainingBody }, preHandler: login }, async (req) => {
    await trainings.update(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete(base, { schema: { querystring: TrainingIdQuery }, preHandler: login }, async (req) => {
    await trainings.remove(req.query.tid, requireViewer(req));
    return ok(null);
  });
  app.put(`${base}/change-training-status`, { schema: { querystring: ChangeTrainingStatusQuery }, preHandler: login }, async (req) => {
    await trainings.changeStatus(req.query, requireViewer(req));
    return ok(null);
  });

  app.get(`${base}/get-problem-list`, { schema: { querystring: AdminTrainingProblemListQuery }, preHandler: login }, async (req) =>
    ok(await trainings.adminProblemList(req.query, requireViewer(req))),
  );
  app.put(`${base}/problem`, { schema: { body: TrainingProblemBody }, preHandler: login }, async (req) => {
    await trainings.updateProblem(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete(`${base}/problem`, { schema: { querystring: TrainingPidQuery }, preHandler: login }, async (req) => {
    await trainings.removeProblem(req.query.tid, req.query.pid, requireViewer(req));
    return ok(null);
  });
  app.post(`${base}/add-problem-from-public`, { schema: { body: AddTrainingProblemBody }, preHandler: login }, async (req) => {
    await trainings.addProblem(req.body, requireViewer(req));
    return ok(null);
  });

  app.post(`${base}/category`, { schema: { body: TrainingCategoryBody }, preHandler: login }, async (req) =>
    ok(await trainings.addCategory(req.body, requireViewer(req))),
  );
  app.put(`${base}/category`, { schema: { body: TrainingCategoryBody }, preHandler: login }, async (req) => {
    await trainings.updateCategory(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete(`${base}/category`, { schema: { querystring: TrainingCategoryIdQuery }, preHandler: login }, async (req) => {
    await trainings.deleteCategory(req.query.cid, requireViewer(req));
    return ok(null);
  });
}
