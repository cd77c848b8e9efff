// English messages of the account-security parts of the admin pages; same ids as security-admin.zh-CN.ts.
import type { securityAdminZhCN } from './security-admin.zh-CN';

export const securityAdminEnUS: Record<keyof typeof securityAdminZhCN, string> = {
  'security.contestForm.passwordKeep': 'A password is set (never shown); leave blank to keep it',
  'security.switch.discussionDaily': 'Discussions a user may post per day',
};
