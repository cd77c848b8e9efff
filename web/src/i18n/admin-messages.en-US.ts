// The admin pages' messages, English; same ids as admin-messages.zh-CN.ts (loaded with the admin shell).
import { adminEnUS } from './admin.en-US';
import type { AdminMessageId } from './admin-messages.zh-CN';
import { checkersEnUS } from './checkers.en-US';
import { contestAdminEnUS } from './contest-admin.en-US';
import { dashboardEnUS } from './dashboard.en-US';
import { groupAdminEnUS } from './group-admin.en-US';
import { problemFormEnUS } from './problem-form.en-US';
import { securityAdminEnUS } from './security-admin.en-US';
import { siteEnUS } from './site.en-US';
import { userAdminEnUS } from './user-admin.en-US';
import { trainingAdminEnUS } from './training-admin.en-US';
import { remoteAdminEnUS } from './remote-admin.en-US';
import { educationAdminEnUS } from './education-admin.en-US';
import { importWarningsEnUS } from './import-warnings.en-US';

export const adminMessagesEnUS: Record<AdminMessageId, string> = {
  ...adminEnUS,
  ...checkersEnUS,
  ...contestAdminEnUS,
  ...dashboardEnUS,
  ...groupAdminEnUS,
  ...problemFormEnUS,
  ...securityAdminEnUS,
  ...siteEnUS,
  ...userAdminEnUS,
  ...trainingAdminEnUS,
  ...educationAdminEnUS,
  ...remoteAdminEnUS,
  ...importWarningsEnUS,
};
