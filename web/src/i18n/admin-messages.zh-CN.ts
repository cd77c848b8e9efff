// The admin pages' messages, Simplified Chinese: a chunk of its own that the admin shell loads (i18n/locale.ts,
// loadAdminMessages), so the public pages never download them. An admin area adds its file here, not to zh-CN.ts.
import { adminZhCN } from './admin.zh-CN';
import { checkersZhCN } from './checkers.zh-CN';
import { contestAdminZhCN } from './contest-admin.zh-CN';
import { dashboardZhCN } from './dashboard.zh-CN';
import { groupAdminZhCN } from './group-admin.zh-CN';
import { problemFormZhCN } from './problem-form.zh-CN';
import { securityAdminZhCN } from './security-admin.zh-CN';
import { siteZhCN } from './site.zh-CN';
import { userAdminZhCN } from './user-admin.zh-CN';
import { trainingAdminZhCN } from './training-admin.zh-CN';
import { remoteAdminZhCN } from './remote-admin.zh-CN';
import { educationAdminZhCN } from './education-admin.zh-CN';
import { importWarningsZhCN } from './import-warnings.zh-CN';

export const adminMessagesZhCN = {
  ...adminZhCN,
  ...checkersZhCN,
  ...contestAdminZhCN,
  ...dashboardZhCN,
  ...groupAdminZhCN,
  ...problemFormZhCN,
  ...securityAdminZhCN,
  ...siteZhCN,
  ...userAdminZhCN,
  ...trainingAdminZhCN,
  ...educationAdminZhCN,
  ...remoteAdminZhCN,
  ...importWarningsZhCN,
};

export type AdminMessageId = keyof typeof adminMessagesZhCN;
