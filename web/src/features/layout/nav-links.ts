// The top navigation links of the original product, in order. Pages not built yet render a placeholder.
import type { MessageId } from '../../i18n/zh-CN';

export interface NavLink {
  to: string;
  label: MessageId;
  /** Shown only when the site config enables public discussion. */
  needsDiscussion?: boolean;
  /** Shown only to a caller holding this permission, and only in the desktop bar (spec: /course with course_learn). */
  desktopPermission?: string;
}

export const NAV_LINKS: NavLink[] = [
  { to: '/home', label: 'layout.header.home' },
  { to: '/problem', label: 'layout.header.problem' },
  { to: '/training', label: 'layout.header.training' },
  { to: '/contest', label: 'layout.header.contest' },
  { to: '/course', label: 'education.nav.course', desktopPermission: 'course_learn' },
  { to: '/status', label: 'layout.header.status' },
  { to: '/acm-rank', label: 'layout.header.acmRank' },
  { to: '/oi-rank', label: 'layout.header.oiRank' },
  { to: '/discussion', label: 'layout.header.discussion', needsDiscussion: true },
  { to: '/group', label: 'layout.header.group' },
  { to: '/introduction', label: 'layout.header.introduction' },
  { to: '/developer', label: 'layout.header.developer' },
];
