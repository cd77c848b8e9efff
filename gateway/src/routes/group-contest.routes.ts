// A group's contests (`/api/group/…contest…`, issue 19 item 7): the members' list, and for the group's admins the
// admin list, the contest form, its problems (from the bank's public problems or the group's own) and its
// announcements. Who may do what is the services' check (services/src/group/group-contest.service.ts); the contest
// pages themselves are the site's contest routes, which apply the group's rules to a group contest.
import {
  AddGroupContestProblemQuery,
  AdminContestBody,
  ChangeContestVisibleQuery,
  CidQuery,
  ContestAnnouncementBody,
  ContestAnnouncementListQuery,
  ContestOwnProblemDTO,
  ContestPidQuery,
  ContestProblemBody,
  GroupContestAnnouncementIdQuery,
  GroupContestBody,
  GroupContestListQuery,
  GroupContestProblemListQuery,
  ok,
} from '@oj/proto';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerGroupContestRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const contests = services.groupContests;
  const login = auth.login;
  const base = '/api/group';
  // The reference answers null for the changes.
  const done = (_: unknown) => ok(null);

  app.get(`${base}/get-contest-list`, { schema: { querystring: GroupContestListQuery }, preHandler: login }, async (req) => ok(await contests.list(req.query, requireViewer(req))));
  app.get(`${base}/get-admin-contest-list`, { schema: { querystring: GroupContestListQuery }, preHandler: login }, async (req) =>
    ok(await contests.adminList(req.query, requireViewer(req))),
  );
  app.get(`${base}/contest`, { schema: { querystring: CidQuery }, preHandler: login }, async (req) => ok(await contests.adminGet(req.query.cid, requireViewer(req))));
  // The reference answers null; the new id is added.
  app.post(`${base}/contest`, { schema: { body: GroupContestBody }, preHandler: login }, async (req) => ok(await contests.create(req.body, requireViewer(req))));
  app.put(`${base}/contest`, { schema: { body: AdminContestBody }, preHandler: login }, async (req) => done(await contests.update(req.body, requireViewer(req))));
  app.delete(`${base}/contest`, { schema: { querystring: CidQuery }, preHandler: login }, async (req) => done(await contests.remove(req.query.cid, requireViewer(req))));
  app.put(`${base}/change-contest-visible`, { schema: { querystring: ChangeContestVisibleQuery }, preHandler: login }, async (req) =>
    done(await contests.changeVisible(req.query.cid, req.query.visible, requireViewer(req))),
  );

  app.get(`${base}/get-contest-problem-list`, { schema: { querystring: GroupContestProblemListQuery }, preHandler: login }, async (req) =>
    ok(await contests.adminProblemList(req.query, requireViewer(req))),
  );
  // A new group problem (contest only) made inside the contest with its display id; answers { pid, problemId }.
  app.post(`${base}/contest-problem`, { schema: { body: ContestOwnProblemDTO }, preHandler: login }, async (req) =>
    ok(await contests.createProblem(req.body, requireViewer(req))),
  );
  app.get(`${base}/contest-problem`, { schema: { querystring: ContestPidQuery }, preHandler: login }, async (req) =>
    ok(await contests.contestProblem(req.query.cid, req.query.pid, requireViewer(req))),
  );
  app.put(`${base}/contest-problem`, { schema: { body: ContestProblemBody }, preHandler: login }, async (req) =>
    done(await contests.setContestProblem(req.body, requireViewer(req))),
  );
  app.delete(`${base}/contest-problem`, { schema: { querystring: ContestPidQuery }, preHandler: login }, async (req) =>
    done(await contests.removeProblem(req.query.cid, req.query.pid, requireViewer(req))),
  );
  app.post(`${base}/add-contest-problem-from-public`, { schema: { body: ContestProblemBody }, preHandler: login }, async (req) =>
    done(await contests.addProblemFromPublic(req.body, requireViewer(req))),
  );
  app.post(`${base}/add-contest-problem-from-group`, { schema: { querystring: AddGroupContestProblemQuery }, preHandler: login }, async (req) =>
    done(await contests.addProblemFromGroup(req.query, requireViewer(req))),
  );

  app.get(`${base}/get-contest-announcement-list`, { schema: { querystring: ContestAnnouncementListQuery }, preHandler: login }, async (req) =>
    ok(await contests.announcements.adminList(req.query, requireViewer(req))),
  );
  app.post(`${base}/contest-announcement`, { schema: { body: ContestAnnouncementBody }, preHandler: login }, async (req) =>
    done(await contests.announcements.create(req.body, requireViewer(req))),
  );
  app.put(`${base}/contest-announcement`, { schema: { body: ContestAnnouncementBody }, preHandler: login }, async (req) =>
    done(await contests.announcements.update(req.body, requireViewer(req))),
  );
  app.delete(`${base}/contest-announcement`, { schema: { querystring: GroupContestAnnouncementIdQuery }, preHandler: login }, async (req) =>
    done(await contests.removeAnnouncement(req.query.aid, req.query.cid, requireViewer(req))),
  );
}
