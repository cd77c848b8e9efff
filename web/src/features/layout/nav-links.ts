// The top navigation links of the original product, in order. Pages not built yet render a placeholder.
import type { MessageId } from '../../i18n/zh-CN';

export interface NavLink {
  to: string;
  label: MessageId;
  /** Shown only when the site config enables public discussion. */
  needsDiscussion?: boolean;
}

export const NAV_LINKS: NavLink[] = [
  { to: '/home', label: 'layout.header.home' },
  { to: '/problem', label: 'layout.header.problem' },
  { to: '/training', label: 'layout.header.training' },
  { to: '/contest', label: 'layout.header.contest' },
  { to: '/status', label: 'layout.header.status' },
  { to: '/acm-rank', label: 'layout.header.acmRank' },
  { to: '/oi-rank', label: 'layout.header.oiRank' },
  { to: '/discussion', label: 'layout.header.discussion', needsDiscussion: true },
  { to: '/group', label: 'layout.header.group' },
  { to: '/introduction', label: 'layout.header.introduction' },
  { to: '/developer', label: 'layout.header.developer' },
];
