// A group's trainings (`/api/group/*training*`) and its rank (`/api/get-group-rank-list`), issue 19 items 6 and 8. A
// login here; who may do what inside the group is the services' check (services/src/group/group-training.service.ts,
// group-rank.service.ts). The training's own pages, its submit and its live topic are the site's training routes.
import {
  AddTrainingProblemBody,
  AdminTrainingProblemListQuery,
  ChangeTrainingStatusQuery,
  GroupPageQuery,
  GroupRankQuery,
  GroupTrainingBody,
  GroupTrainingProblemFromGroupQuery,
  ok,
  TrainingIdQuery,
  TrainingPidQuery,
  TrainingProblemBody,
} from '@oj/proto';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerGroupTrainingRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const { trainings, rank } = services.groups;
  const login = auth.login;
  const base = '/api/group';
  // The changes answer null, as the reference (the awaited call runs first).
  const done = (_: void) => ok(null);

  app.get(`${base}/get-training-list`, { schema: { querystring: GroupPageQuery }, preHandler: login }, async (req) => ok(await trainings.list(req.query, requireViewer(req))));
  app.get(`${base}/get-admin-training-list`, { schema: { querystring: GroupPageQuery }, preHandler: login }, async (req) => ok(await trainings.adminList(req.query, requireViewer(req))));
  app.get(`${base}/training`, { schema: { querystring: TrainingIdQuery }, preHandler: login }, async (req) => ok(await trainings.get(req.query.tid, requireViewer(req))));
  // The reference answers null; the new training's id is added.
  app.post(`${base}/training`, { schema: { body: GroupTrainingBody }, preHandler: login }, async (req) => ok(await trainings.create(req.body, requireViewer(req))));
  app.put(`${base}/training`, { schema: { body: GroupTrainingBody }, preHandler: login }, async (req) => done(await trainings.update(req.body, requireViewer(req))));
  app.delete(`${base}/training`, { schema: { querystring: TrainingIdQuery }, preHandler: login }, async (req) => done(await trainings.remove(req.query.tid, requireViewer(req))));
  app.put(`${base}/change-training-status`, { schema: { querystring: ChangeTrainingStatusQuery }, preHandler: login }, async (req) => done(await trainings.changeStatus(req.query, requireViewer(req))));
  app.get(`${base}/get-training-problem-list`, { schema: { querystring: AdminTrainingProblemListQuery }, preHandler: login }, async (req) =>
    ok(await trainings.problemList(req.query, requireViewer(req))),
  );
  app.put(`${base}/training-problem`, { schema: { body: TrainingProblemBody }, preHandler: login }, async (req) => done(await trainings.updateProblem(req.body, requireViewer(req))));
  app.delete(`${base}/training-problem`, { schema: { querystring: TrainingPidQuery }, preHandler: login }, async (req) =>
    done(await trainings.removeProblem(req.query.tid, req.query.pid, requireViewer(req))),
  );
  app.post(`${base}/add-training-problem-from-public`, { schema: { body: AddTrainingProblemBody }, preHandler: login }, async (req) =>
    done(await trainings.addFromPublic(req.body, requireViewer(req))),
  );
  app.post(`${base}/add-training-problem-from-group`, { schema: { querystring: GroupTrainingProblemFromGroupQuery }, preHandler: login }, async (req) =>
    done(await trainings.addFromGroup(req.query, requireViewer(req))),
  );
  app.get('/api/get-group-rank-list', { schema: { querystring: GroupRankQuery }, preHandler: login }, async (req) => ok(await rank.rank(req.query, requireViewer(req))));
}
