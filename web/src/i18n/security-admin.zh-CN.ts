// Simplified Chinese messages of the account-security parts of the admin pages (contest passwords kept hashed, the
// daily discussion limit), spread into admin-messages.zh-CN.ts.
export const securityAdminZhCN = {
  'security.contestForm.passwordKeep': '已设置密码（不会显示）；留空则保持不变',
  'security.switch.discussionDaily': '每人每天最多发布讨论数',
};
