// Home page, user home and global rank endpoints of the original product (all anonymous, personalised when logged in).
import { OjQuery, ok, PageQuery, RankListQuery, SubmissionStatisticsQuery, UserHomeQuery } from '@oj/proto';
import { viewerOf, type RouteDeps, type TypedApp } from './types';

export function registerHomeRoutes(app: TypedApp, { services, auth }: RouteDeps): void {
  const home = services.home;
  const anon = { preHandler: auth.anon };

  app.get('/api/home-carousel', anon, async () => ok(await home.carousel()));
  app.get('/api/get-recent-contest', anon, async () => ok(await home.recentContests()));
  app.get('/api/get-common-announcement', { ...anon, schema: { querystring: PageQuery } }, async (req) =>
    ok(await home.announcements(req.query)),
  );
  app.get('/api/get-recent-seven-ac-rank', anon, async () => ok(await home.recentSevenAcRank()));
  app.get('/api/get-last-week-submission-statistics', { ...anon, schema: { querystring: SubmissionStatisticsQuery } }, async (req) =>
    ok(await home.lastWeekStatistics(req.query.forceRefresh)),
  );
  app.get('/api/get-recent-updated-problem', anon, async () => ok(await home.recentUpdatedProblems()));
  app.get('/api/get-problem-tags-and-classification', { ...anon, schema: { querystring: OjQuery } }, async (req) =>
    ok(await services.tags.grouped(req.query.oj)),
  );

  // "open" in the original product: a token, when sent, must be valid; without uid/username the caller's own home.
  app.get('/api/get-user-home-info', { ...anon, schema: { querystring: UserHomeQuery } }, async (req) =>
    ok(await home.userHome(req.query, viewerOf(req))),
  );
  app.get('/api/get-user-calendar-heatmap', { ...anon, schema: { querystring: UserHomeQuery } }, async (req) =>
    ok(await home.heatmap(req.query, viewerOf(req))),
  );

  app.get('/api/get-rank-list', { ...anon, schema: { querystring: RankListQuery } }, async (req) => ok(await home.rankList(req.query)));
}
