// The public discussion parts of the site and contest-admin areas (report dialog, gate, pinned mark, comment
// badges), Simplified Chinese: in the public catalogue, while the rest of those areas is in the admin one.
export const discussionZhCN = {
  'comment.badge.root': 'SPA',
  'comment.badge.admin': 'ADM',
  'comment.badge.rootTitle': '超级管理员',
  'comment.badge.adminTitle': '管理员',
  'site.common.cancel': '取消',
  'discussion.gate.noAccess': '无权访问：网站当前未开启讨论区',
  'discussion.list.pinned': '置顶',
  'discussion.report.button': '举报',
  'discussion.report.title': '举报讨论',
  'discussion.report.reason': '举报原因（最多 200 字）',
  'discussion.report.submit': '提交举报',
  'discussion.report.sent': '举报成功',
  'discussion.report.tag_spam': '垃圾广告',
  'discussion.report.tag_illegal': '违法违规',
  'discussion.report.tag_vulgar': '低俗色情',
  'discussion.report.tag_fraud': '赌博诈骗',
  'discussion.report.tag_abuse': '人身攻击',
  'discussion.report.tag_plagiarism': '抄袭',
};
