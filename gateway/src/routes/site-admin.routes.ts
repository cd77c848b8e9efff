// Site administration: website / SMTP config and the test mail, switches, home carousel (super admin); site
// announcements (super admin); system notices and the recipient search (super admin); discussion admin and the
// reports queue (admins); users' discussion reports. Access rules: route-access.ts (`// site administration`).
import {
  AdminDiscussionBody,
  AdminDiscussionDeleteBody,
  AdminNoticeSendBody,
  AdminPageQuery,
  AnnouncementBody,
  AnnouncementIdQuery,
  CarouselIdQuery,
  CarouselOrderBody,
  DiscussionReportBody,
  EmailConfigBody,
  MD_IMAGE_MAX_BYTES,
  NoticeIdQuery,
  NoticeListQuery,
  ok,
  ReportListQuery,
  ReportResolveBody,
  SwitchConfig,
  TestEmailBody,
  UserSearchQuery,
  WebConfigDTO,
} from '@oj/proto';
import { createLimiter } from '../rate-limit';
import { readFilePart, uploadOptions } from './multipart';
import { requireViewer, type RouteDeps, type TypedApp } from './types';

export function registerSiteAdminRoutes(app: TypedApp, { services, config: gatewayConfig }: RouteDeps): void {
  const { config, home, notices, discussions } = services.siteAdmin;
  const { reportPerUser, windowMs } = gatewayConfig.rateLimit;
  const reportsPerUser = createLimiter(services, { name: 'report', max: reportPerUser, windowMs, key: (req) => req.auth?.viewer.uid ?? null });
  const done = async (work: Promise<unknown>) => {
    await work;
    return ok(null);
  };

  // configuration and switches (HOJ serves the getters on any method; GET here)
  app.get('/api/admin/config/get-web-config', async () => ok(config.webConfig()));
  app.put('/api/admin/config/set-web-config', { schema: { body: WebConfigDTO } }, async (req) => done(config.setWebConfig(req.body)));
  app.get('/api/admin/config/get-email-config', async () => ok(config.emailConfig()));
  app.put('/api/admin/config/set-email-config', { schema: { body: EmailConfigBody } }, async (req) => done(config.setEmailConfig(req.body)));
  app.post('/api/admin/config/test-email', { schema: { body: TestEmailBody } }, async (req) => done(config.testEmail(req.body.email)));
  app.get('/api/admin/switch/info', async () => ok(config.switches()));
  app.put('/api/admin/switch/update', { schema: { body: SwitchConfig } }, async (req) => done(config.setSwitches(req.body)));

  // home carousel
  app.get('/api/admin/config/home-carousel', async () => ok(await home.carouselAdmin()));
  app.post('/api/file/upload-carouse-img', uploadOptions(MD_IMAGE_MAX_BYTES), async (req) => {
    const viewer = requireViewer(req);
    const { data } = await readFilePart(req, MD_IMAGE_MAX_BYTES, { accept: /\.(gif|jpe?g|png|bmp|webp)$/i, acceptText: 'gif, jpg, jpeg, png, bmp, webp', limitText: '4 MB' });
    return ok(await home.uploadCarousel(data, viewer));
  });
  app.delete('/api/admin/config/home-carousel', { schema: { querystring: CarouselIdQuery } }, async (req) => done(home.deleteCarousel(req.query.id)));
  app.put('/api/admin/config/home-carousel-order', { schema: { body: CarouselOrderBody } }, async (req) => done(home.orderCarousel(req.body.ids)));

  // site announcements
  app.get('/api/admin/announcement', { schema: { querystring: AdminPageQuery } }, async (req) => ok(await home.announcements(req.query)));
  app.post('/api/admin/announcement', { schema: { body: AnnouncementBody } }, async (req) => done(home.saveAnnouncement({ ...req.body, id: undefined }, requireViewer(req))));
  app.put('/api/admin/announcement', { schema: { body: AnnouncementBody } }, async (req) => done(home.saveAnnouncement(req.body, requireViewer(req))));
  app.delete('/api/admin/announcement', { schema: { querystring: AnnouncementIdQuery } }, async (req) => done(home.deleteAnnouncement(req.query.aid)));

  // system notices
  app.get('/api/admin/msg/notice', { schema: { querystring: NoticeListQuery } }, async (req) => ok(await notices.list(req.query)));
  app.post('/api/admin/msg/notice', { schema: { body: AdminNoticeSendBody } }, async (req) => ok(await notices.send(req.body, requireViewer(req))));
  app.put('/api/admin/msg/notice', { schema: { body: AdminNoticeSendBody } }, async (req) => done(notices.update(req.body)));
  app.delete('/api/admin/msg/notice', { schema: { querystring: NoticeIdQuery } }, async (req) => done(notices.remove(req.query.id)));
  app.get('/api/admin/user/search', { schema: { querystring: UserSearchQuery } }, async (req) => ok(await notices.searchUsers(req.query.keyword)));

  // discussions and reports
  app.get('/api/admin/discussion', { schema: { querystring: AdminPageQuery } }, async (req) => ok(await discussions.list(req.query)));
  app.put('/api/admin/discussion', { schema: { body: AdminDiscussionBody } }, async (req) => done(discussions.update(req.body)));
  app.delete('/api/admin/discussion', { schema: { body: AdminDiscussionDeleteBody } }, async (req) => done(discussions.remove(req.body)));
  app.get('/api/admin/discussion-report', { schema: { querystring: ReportListQuery } }, async (req) => ok(await discussions.reports(req.query)));
  app.put('/api/admin/discussion-report', { schema: { body: ReportResolveBody } }, async (req) => done(discussions.resolve(req.body.id, req.body.status)));
  app.post('/api/discussion-report', { schema: { body: DiscussionReportBody }, preHandler: reportsPerUser }, async (req) => done(discussions.report(req.body, requireViewer(req))));
}
