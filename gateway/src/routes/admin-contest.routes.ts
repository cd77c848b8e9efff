// Contest administration of the original product: contests (root, admin and problem_admin; delete root only), their
// problems (removal root and problem_admin; the contest's own problems created and edited here) and announcements.
// The hooks check the site role; the services check it again and that a non-root admin manages only the contests
// they created.
import {
  AdminContestBody,
  AdminContestListQuery,
  AdminContestProblemListQuery,
  AdminPidQuery,
  AnnouncementIdQuery,
  ChangeContestVisibleQuery,
  CidQuery,
  ContestAnnouncementBody,
  ContestAnnouncementListQuery,
  ContestOwnProblemDTO,
  ContestPidQuery,
  ContestProblemBody,
  ok,
} from '@oj/proto';
import { roleHook } from './role-hook';
import { requireViewer, type RouteDeps, type TypedApp } from './types';


export function registerAdminContestRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const { contests, contestAnnouncements, contestOwnProblems } = services;
  const manager = [auth.login, roleHook(['root', 'admin', 'problem_admin'])];
  const root = [auth.login, roleHook(['root'])];
  const problemRemover = [auth.login, roleHook(['root', 'problem_admin'])];
  const base = '/api/admin/contest';

  app.get(`${base}/get-contest-list`, { schema: { querystring: AdminContestListQuery }, preHandler: manager }, async (req) =>
    ok(await contests.adminList(req.query, requireViewer(req))),
  );
  app.get(base, { schema: { querystring: CidQuery }, preHandler: manager }, async (req) => ok(await contests.adminGet(req.query.cid, requireViewer(req))));
  // The reference answers null; the new id is added for clients that want to go on to the contest's problems.
  app.post(base, { schema: { body: AdminContestBody }, preHandler: manager }, async (req) => ok(await contests.create(req.body, requireViewer(req))));
  app.put(base, { schema: { body: AdminContestBody }, preHandler: manager }, async (req) => {
    await contests.update(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete(base, { schema: { querystring: CidQuery }, preHandler: root }, async (req) => {
    await contests.remove(req.query.cid, requireViewer(req));
    return ok(null);
  });
  app.get(`${base}/clone`, { schema: { querystring: CidQuery }, preHandler: manager }, async (req) => ok(await contests.clone(req.query.cid, requireViewer(req))));
  app.put(`${base}/change-contest-visible`, { schema: { querystring: ChangeContestVisibleQuery }, preHandler: manager }, async (req) => {
    await contests.changeVisible(req.query.cid, req.query.visible, requireViewer(req));
    return ok(null);
  });

  app.get(`${base}/get-problem-list`, { schema: { querystring: AdminContestProblemListQuery }, preHandler: manager }, async (req) =>
    ok(await contests.adminProblemList(req.query, requireViewer(req))),
  );
  app.get(`${base}/problem`, { schema: { querystring: AdminPidQuery }, preHandler: manager }, async (req) =>
    ok(await contests.adminProblem(req.query.pid, requireViewer(req))),
  );
  // With a cid (required here): takes the problem out of the contest; the problem itself stays.
  app.delete(`${base}/problem`, { schema: { querystring: ContestPidQuery }, preHandler: problemRemover }, async (req) => {
    await contests.removeProblem(req.query.cid, req.query.pid, requireViewer(req));
    return ok(null);
  });
  // A contest's own problem: the problem form plus its display id, title and colour in the contest.
  app.post(`${base}/problem`, { schema: { body: ContestOwnProblemDTO }, preHandler: manager }, async (req) =>
    ok(await contestOwnProblems.createContestProblem(req.body, requireViewer(req))),
  );
  app.put(`${base}/problem`, { schema: { body: ContestOwnProblemDTO }, preHandler: manager }, async (req) => {
    await contestOwnProblems.updateContestProblem(req.body, requireViewer(req));
    return ok(null);
  });
  app.get(`${base}/contest-problem`, { schema: { querystring: ContestPidQuery }, preHandler: manager }, async (req) =>
    ok(await contests.contestProblem(req.query.cid, req.query.pid, requireViewer(req))),
  );
  app.put(`${base}/contest-problem`, { schema: { body: ContestProblemBody }, preHandler: manager }, async (req) =>
    ok(await contests.setContestProblem(req.body, requireViewer(req))),
  );
  app.post(`${base}/add-problem-from-public`, { schema: { body: ContestProblemBody }, preHandler: manager }, async (req) => {
    await contests.addProblemFromPublic(req.body, requireViewer(req));
    return ok(null);
  });

  app.get(`${base}/announcement`, { schema: { querystring: ContestAnnouncementListQuery }, preHandler: manager }, async (req) =>
    ok(await contestAnnouncements.adminList(req.query, requireViewer(req))),
  );
  app.post(`${base}/announcement`, { schema: { body: ContestAnnouncementBody }, preHandler: manager }, async (req) => {
    await contestAnnouncements.create(req.body, requireViewer(req));
    return ok(null);
  });
  app.put(`${base}/announcement`, { schema: { body: ContestAnnouncementBody }, preHandler: manager }, async (req) => {
    await contestAnnouncements.update(req.body, requireViewer(req));
    return ok(null);
  });
  app.delete(`${base}/announcement`, { schema: { querystring: AnnouncementIdQuery }, preHandler: manager }, async (req) => {
    await contestAnnouncements.remove(req.query.aid, requireViewer(req));
    return ok(null);
  });
}
