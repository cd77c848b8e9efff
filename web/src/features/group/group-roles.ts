// The caller's standing in a group as the screens use it (the server decides again from its database): member,
// admin, root, owner, super admin; which tabs show; and the member table's enable rules of the specification
// (an admin changes and removes rows below their level, to levels below their level; the owner and super admins any
// row but the owner's; nobody removes themselves there).
import { GROUP_MEMBER_AUTH as M, ROLE } from '@oj/proto';

export interface GroupStanding {
  /** The caller's member auth (0: none, 1 applying, 2 refused, 3–5). */
  auth: number;
  superAdmin: boolean;
  owner: boolean;
  member: boolean;
  admin: boolean;
  root: boolean;
}

export function groupStanding(auth: number, roles: readonly string[], uid: string | null, ownerUid: string): GroupStanding {
  const superAdmin = roles.includes(ROLE.ROOT);
  return {
    auth,
    superAdmin,
    owner: uid !== null && uid === ownerUid,
    member: superAdmin || auth >= M.MEMBER,
    admin: superAdmin || auth >= M.ADMIN,
    root: superAdmin || auth === M.ROOT,
  };
}

export type GroupTab = 'home' | 'problem' | 'training' | 'contest' | 'status' | 'discussion' | 'member' | 'announcement' | 'setting' | 'rank';

/** The tabs in order, each shown or not and enabled or not (members only), as the specification's group screens say. */
export function groupTabs(s: GroupStanding, openGroupDiscussion: boolean): { tab: GroupTab; enabled: boolean }[] {
  const all: { tab: GroupTab; shown: boolean }[] = [
    { tab: 'home', shown: true },
    { tab: 'problem', shown: true },
    { tab: 'training', shown: true },
    { tab: 'contest', shown: true },
    { tab: 'status', shown: true },
    { tab: 'discussion', shown: openGroupDiscussion },
    { tab: 'member', shown: true },
    { tab: 'announcement', shown: s.admin },
    { tab: 'setting', shown: s.root },
    { tab: 'rank', shown: true },
  ];
  return all.filter((t) => t.shown).map(({ tab }) => ({ tab, enabled: tab === 'home' || s.member }));
}

/** The action button of the side card. */
export type GroupAction = 'disband' | 'exit' | 'apply' | 'applying' | 'refused' | 'none';

export function groupAction(s: GroupStanding, loggedIn: boolean): GroupAction {
  if (s.owner || s.superAdmin) return 'disband';
  if (s.auth >= M.MEMBER) return 'exit';
  if (!loggedIn) return 'none';
  if (s.auth === M.APPLYING) return 'applying';
  if (s.auth === M.REFUSED) return 'refused';
  return 'apply';
}

interface Row {
  uid: string;
  auth: number;
}

/** Whether the auth select of `row` is enabled: super admin, the owner, or a row below the caller's level (never the owner's row). */
export const canChangeRow = (s: GroupStanding, row: Row, ownerUid: string): boolean => row.uid !== ownerUid && (s.superAdmin || s.owner || row.auth < s.auth);

/** Whether option `level` of an enabled select is offered: any for super admins and the owner, else only below the caller's level. */
export const levelOffered = (s: GroupStanding, level: number): boolean => s.superAdmin || s.owner || level < s.auth;

/** Whether `row` may be removed: the owner (or a super admin) any, a lower auth for an admin; never oneself nor the owner. */
export const canRemoveRow = (s: GroupStanding, row: Row, uid: string | null, ownerUid: string): boolean =>
  row.uid !== uid && row.uid !== ownerUid && (s.superAdmin || s.owner || (s.admin && row.auth < s.auth));
