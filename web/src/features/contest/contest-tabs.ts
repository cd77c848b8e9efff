// Who sees which contest tab and when a contest may be entered. The server checks every call
// again; these rules only decide what the shell offers.
import { CONTEST_AUTH, CONTEST_STATUS, isSiteAdminRole, type ContestVO } from '@oj/proto';

export type ContestTabName =
  | 'overview'
  | 'problems'
  | 'submissions'
  | 'rank'
  | 'announcements'
  | 'comment'
  | 'print'
  | 'ac-info'
  | 'admin-print'
  | 'rejudge'
  | 'scroll-board';

export interface ContestViewer {
  uid: string | null;
  username: string | null;
  roles: readonly string[];
}

export const isSuperAdmin = (v: Pick<ContestViewer, 'roles'>) => v.roles.includes('root');

/** Contest admin: a super admin, or the contest's author while root or admin (the server's rule, docs/security.md). */
export function isContestAdmin(v: ContestViewer, c: Pick<ContestVO, 'author' | 'manage'>): boolean {
  if (isSuperAdmin(v)) return true;
  // A group contest: the server says (its group's root, or its creator while a group admin).
  if (c.manage !== undefined) return c.manage;
  return v.username !== null && c.author !== null && v.username === c.author && isSiteAdminRole(v.roles);
}

/** The password card shows for a password contest the user has not registered for (admins never need it). */
export function needsPassword(c: Pick<ContestVO, 'auth'>, isAdmin: boolean, registered: boolean): boolean {
  return c.auth !== CONTEST_AUTH.PUBLIC && !isAdmin && !registered;
}

/**
 * Whether the contest's menu is enabled: admins always; others once it has started, and for a private contest only
 * after registering with the password (a protected contest may be viewed; submitting needs the registration).
 */
export function canEnter(c: Pick<ContestVO, 'auth'>, status: number, isAdmin: boolean, registered: boolean): boolean {
  if (isAdmin) return true;
  if (status === CONTEST_STATUS.SCHEDULED) return false;
  return c.auth !== CONTEST_AUTH.PRIVATE || registered;
}

export interface TabRules {
  contest: Pick<ContestVO, 'type' | 'openPrint'>;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  openContestComment: boolean;
  enterable: boolean;
}

export interface ContestTab {
  name: ContestTabName;
  /** Path under /contest/:contestID ('' for the overview). */
  path: string;
  enabled: boolean;
}

const ACM = 0;

/** The tabs in display order; hidden ones are left out, disabled ones kept with `enabled: false`. */
export function contestTabs(r: TabRules): ContestTab[] {
  const shown: [ContestTabName, string, boolean][] = [
    ['overview', '', true],
    ['problems', 'problems', true],
    ['submissions', 'submissions', true],
    ['rank', 'rank', true],
    ['announcements', 'announcements', true],
    ['comment', 'comment', r.openContestComment],
    ['print', 'print', r.contest.openPrint],
    ['ac-info', 'ac-info', r.isAdmin && r.contest.type === ACM],
    ['admin-print', 'admin-print', r.isAdmin && r.contest.openPrint],
    ['rejudge', 'rejudge', r.isSuperAdmin],
    ['scroll-board', 'scroll-board', r.isAdmin && r.contest.type === ACM],
  ];
  return shown
    .filter(([, , visible]) => visible)
    .map(([name, path]) => ({ name, path, enabled: name === 'overview' || r.enterable }));
}

/** The tab a path under /contest/:contestID belongs to (`problem/A` → problems, `problem/A/submission-detail/1` → submissions). */
export function tabOfPath(rest: string): ContestTabName {
  const [first = '', , third] = rest.split('/').filter(Boolean);
  if (first === '') return 'overview';
  if (first === 'problem') return third === 'submission-detail' ? 'submissions' : 'problems';
  const known: ContestTabName[] = ['problems', 'submissions', 'rank', 'announcements', 'comment', 'print', 'ac-info', 'admin-print', 'rejudge', 'scroll-board'];
  return (known as string[]).includes(first) ? (first as ContestTabName) : 'overview';
}
