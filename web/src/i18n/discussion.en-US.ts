// The public discussion parts of the site and contest-admin areas, English; same ids as discussion.zh-CN.ts.
import type { discussionZhCN } from './discussion.zh-CN';

export const discussionEnUS: Record<keyof typeof discussionZhCN, string> = {
  'comment.badge.root': 'SPA',
  'comment.badge.admin': 'ADM',
  'comment.badge.rootTitle': 'Super admin',
  'comment.badge.adminTitle': 'Admin',
  'site.common.cancel': 'Cancel',
  'discussion.gate.noAccess': 'No Access: the discussion area is not open on this site',
  'discussion.list.pinned': 'Pinned',
  'discussion.report.button': 'Report',
  'discussion.report.title': 'Report the discussion',
  'discussion.report.reason': 'Reason (at most 200 characters)',
  'discussion.report.submit': 'Report',
  'discussion.report.sent': 'Reported successfully',
  'discussion.report.tag_spam': 'Spam ads',
  'discussion.report.tag_illegal': 'Illegal',
  'discussion.report.tag_vulgar': 'Vulgar',
  'discussion.report.tag_fraud': 'Gambling or fraud',
  'discussion.report.tag_abuse': 'Malicious abuse',
  'discussion.report.tag_plagiarism': 'Plagiarism',
};
