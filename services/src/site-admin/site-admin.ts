// Site administration as one part of the services: configuration and switches, home announcements and carousel,
// system notices, discussion admin and reports.
import type { ServiceContext } from '../context';
import { createDiscussionAdminService, type DiscussionAdminService } from './discussion-admin.service';
import { createHomeAdminService, type HomeAdminService } from './home-admin.service';
import { createNoticeAdminService, type NoticeAdminService } from './notice-admin.service';
import { createSiteConfigService, type SiteConfigService } from './site-config.service';

export interface SiteAdmin {
  /** Website, SMTP and switches: stored, applied in every process at once. */
  config: SiteConfigService;
  home: HomeAdminService;
  notices: NoticeAdminService;
  discussions: DiscussionAdminService;
}

export function createSiteAdmin(ctx: ServiceContext): SiteAdmin {
  return {
    config: createSiteConfigService(ctx),
    home: createHomeAdminService(ctx),
    notices: createNoticeAdminService(ctx),
    discussions: createDiscussionAdminService(ctx),
  };
}
