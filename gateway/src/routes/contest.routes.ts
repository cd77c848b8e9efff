// The contestants' contest calls of the original product: list, shell info, registration, access, problems, problem
// detail, the contest's submissions and their status checks, the outside board's info, announcements (plus our
// `read-contest-announcement`), and `get-user-problem-status`. Every rule is the services'; the hooks only
// establish the caller.
import {
  CheckContestSubmissionsBody,
  CidQuery,
  ContestAnnouncementListQuery,
  ContestListQuery,
  ContestProblemDetailQuery,
  ContestProblemListQuery,
  ContestSubmissionListQuery,
  NotReadAnnouncementBody,
  ok,
  ReadAnnouncementBody,
  RegisterContestBody,
  UserProblemStatusBody,
} from '@oj/proto';
import { requireViewer, viewerOf, type RouteDeps, type TypedApp } from './types';

export function registerContestRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const { contests, contestAnnouncements } = services;

  app.get('/api/get-contest-list', { schema: { querystring: ContestListQuery }, preHandler: auth.anon }, async (req) => ok(await contests.list(req.query)));

  app.get('/api/get-contest-info', { schema: { querystring: CidQuery }, preHandler: auth.login }, async (req) =>
    ok(await contests.info(req.query.cid, requireViewer(req))),
  );

  app.post('/api/register-contest', { schema: { body: RegisterContestBody }, preHandler: auth.login }, async (req) => {
    await contests.register(req.body, requireViewer(req));
    return ok(null);
  });

  app.get('/api/get-contest-access', { schema: { querystring: CidQuery }, preHandler: auth.login }, async (req) =>
    ok(await contests.access(req.query.cid, requireViewer(req))),
  );

  // "open": anonymous callers get the list only when the outside board is open and the contest has started.
  app.get('/api/get-contest-problem', { schema: { querystring: ContestProblemListQuery }, preHandler: auth.anon }, async (req) =>
    ok(await contests.problems(req.query, viewerOf(req))),
  );

  app.get('/api/get-contest-problem-details', { schema: { querystring: ContestProblemDetailQuery }, preHandler: auth.login }, async (req) =>
    ok(await contests.problemDetail(req.query, requireViewer(req))),
  );

  app.get('/api/contest-submissions', { schema: { querystring: ContestSubmissionListQuery }, preHandler: auth.login }, async (req) =>
    ok(await contests.submissions(req.query, requireViewer(req))),
  );

  app.post('/api/check-contest-submissions-status', { schema: { body: CheckContestSubmissionsBody }, preHandler: auth.login }, async (req) =>
    ok(await contests.checkSubmissions(req.body, requireViewer(req))),
  );

  app.get('/api/get-contest-outsize-info', { schema: { querystring: CidQuery }, preHandler: auth.anon }, async (req) =>
    ok(await contests.outsideInfo(req.query.cid, viewerOf(req))),
  );

  app.post('/api/get-user-problem-status', { schema: { body: UserProblemStatusBody }, preHandler: auth.login }, async (req) =>
    ok(await contests.problemStatus(req.body, requireViewer(req))),
  );

  app.get('/api/get-contest-announcement', { schema: { querystring: ContestAnnouncementListQuery }, preHandler: auth.login }, async (req) =>
    ok(await contestAnnouncements.list(req.query, requireViewer(req))),
  );

  app.post('/api/get-contest-not-read-announcement', { schema: { body: NotReadAnnouncementBody }, preHandler: auth.login }, async (req) =>
    ok(await contestAnnouncements.notRead(req.body.cid, req.body.readAnnouncementList ?? [], requireViewer(req))),
  );

  // Our extension: the read marks of announcements, kept per user and contest on the server.
  app.post('/api/read-contest-announcement', { schema: { body: ReadAnnouncementBody }, preHandler: auth.login }, async (req) => {
    await contestAnnouncements.markRead(req.body, requireViewer(req));
    return ok(null);
  });
}
