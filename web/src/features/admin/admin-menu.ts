// The admin side menu: one list of groups and pages. A later admin page adds its entry here (and its route in
// routes.tsx); `superAdmin` entries show only to super admins (root), `siteAdmin` ones to root and admins (a problem
// admin reaches the problem bank and nothing else), as their routes are guarded.
import { isSiteAdminRole, ROLE } from '@oj/proto';
import type { MessageId } from '../../i18n/zh-CN';

export interface AdminMenuItem {
  path: string;
  label: MessageId;
  superAdmin?: boolean;
  siteAdmin?: boolean;
  /** Only for callers with one of these roles. */
  roles?: readonly string[];
  /** Only for callers holding one of these permission strings (root: always). */
  permissions?: readonly string[];
}

export interface AdminMenuGroup {
  label: MessageId;
  items: AdminMenuItem[];
}

/** A teacher's strings: any of them opens the education pages. */
const LESSON_STRINGS = ['lesson_add', 'lesson_update', 'lesson_allocate', 'lesson_delete'] as const;

export const ADMIN_MENU: readonly AdminMenuGroup[] = [
  // dashboard
  { label: 'admin.menu.dashboard', items: [{ path: '/admin/dashboard', label: 'admin.menu.dashboard', siteAdmin: true }] },
  {
    label: 'admin.menu.problem',
    items: [
      { path: '/admin/problems', label: 'admin.menu.problemList' },
      { path: '/admin/problem/create', label: 'admin.menu.problemCreate' },
      { path: '/admin/problem/tag', label: 'admin.menu.problemTag' },
      { path: '/admin/problem/batch-operation', label: 'admin.menu.problemBatch', superAdmin: true },
      // groups (issue 19)
      { path: '/admin/group-problem/apply', label: 'groupAdmin.menu.apply', roles: [ROLE.ROOT, ROLE.PROBLEM_ADMIN] },
    ],
  },
  {
    label: 'admin.menu.contest',
    items: [
      { path: '/admin/contest', label: 'admin.menu.contestList', siteAdmin: true },
      { path: '/admin/contest/create', label: 'admin.menu.contestCreate', siteAdmin: true },
    ],
  },
  {
    label: 'trainingAdmin.menu.group',
    items: [
      { path: '/admin/training', label: 'trainingAdmin.menu.list', siteAdmin: true },
      { path: '/admin/training/create', label: 'trainingAdmin.menu.create', siteAdmin: true },
      { path: '/admin/training/category', label: 'trainingAdmin.menu.category', siteAdmin: true },
    ],
  },
  // education (issue 20): teachers are root and admins holding lesson_* (the server checks the strings and ownership);
  // a course's homework and exams are managed from its page (/admin/courses/:id/detail), which has no list of its own
  {
    label: 'eduAdmin.menu.group',
    items: [
      { path: '/admin/grades', label: 'eduAdmin.menu.grades', siteAdmin: true, permissions: LESSON_STRINGS },
      { path: '/admin/classes', label: 'eduAdmin.menu.classes', siteAdmin: true, permissions: LESSON_STRINGS },
      { path: '/admin/course', label: 'eduAdmin.menu.courses', siteAdmin: true, permissions: LESSON_STRINGS },
    ],
  },
  // site administration
  {
    label: 'site.menu.group',
    items: [
      { path: '/admin/announcement', label: 'site.menu.announcement', superAdmin: true },
      { path: '/admin/notice', label: 'site.menu.notice', superAdmin: true },
      { path: '/admin/conf', label: 'site.menu.conf', superAdmin: true },
      { path: '/admin/switch', label: 'site.menu.switch', superAdmin: true },
      { path: '/admin/discussion', label: 'site.menu.discussion', siteAdmin: true },
    ],
  },
  {
    label: 'admin.menu.user',
    items: [
      { path: '/admin/user', label: 'admin.menu.userList', superAdmin: true },
      { path: '/admin/role', label: 'admin.menu.role', superAdmin: true },
      { path: '/admin/auth', label: 'admin.menu.auth', superAdmin: true },
      { path: '/admin/role_auth', label: 'admin.menu.roleAuth', superAdmin: true },
    ],
  },
];

/** Where an admin lands (`/admin`, and after the admin login): the dashboard, first of the spec's admin routes. */
export const ADMIN_HOME = '/admin/dashboard';
/** Where a problem admin lands: the problem bank, the only part of the admin area open to them. */
export const PROBLEM_ADMIN_HOME = '/admin/problems';

/** Root or admin: the whole admin area but the super-admin pages. */
export const isSiteAdmin = isSiteAdminRole;

/** The admin home of a caller with these roles. */
export const adminHome = (roles: readonly string[]) => (isSiteAdmin(roles) ? ADMIN_HOME : PROBLEM_ADMIN_HOME);

/**
 * The menu as a caller with these roles and permission strings sees it (super-admin pages only for root, site-admin
 * pages not for problem admins, a page naming strings only to a holder of one of them).
 */
export function visibleMenu(roles: readonly string[], permissions: readonly string[] = []): AdminMenuGroup[] {
  const root = roles.includes(ROLE.ROOT);
  const site = isSiteAdmin(roles);
  const shown = (i: AdminMenuItem) =>
    (root || !i.superAdmin) && (site || !i.siteAdmin) && (!i.roles || i.roles.some((r) => roles.includes(r))) && (root || !i.permissions || i.permissions.some((p) => permissions.includes(p)));
  return ADMIN_MENU.map((g) => ({ ...g, items: g.items.filter(shown) })).filter((g) => g.items.length > 0);
}
