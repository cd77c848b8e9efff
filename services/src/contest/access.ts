// Contest rules shared by the contest, scoreboard, print and event-feed services: status from the clock, who
// administers a contest (its author or a super admin), who may see, enter, register or submit, when a board is
// sealed for whom.
import { CONTEST_AUTH, CONTEST_STATUS, GROUP_MEMBER_AUTH, isSiteAdminRole, OjError } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { isInt4, type DbOrTx } from '../db/client';
import { isMemberOf } from '../group/group-standing';
import { findContest, isRegistered, type ContestRow } from './contest.repo';
import { contestPasswordMatches } from './contest-password';

export { isRegistered, type ContestRow };

export async function loadContest(db: DbOrTx, cid: number): Promise<ContestRow> {
  const c = await findContest(db, cid);
  if (!c) throw new OjError('CONTEST_NOT_FOUND');
  return c;
}

/**
 * A group contest exists only for its group's members (and super admins): for anyone else, anonymous callers
 * included, it is CONTEST_NOT_FOUND, like a hidden group's other items. Site contests pass.
 */
async function assertInGroup(db: DbOrTx, c: ContestRow, viewer: Viewer | null): Promise<void> {
  if (c.gid !== null && !(await isMemberOf(db, c.gid, viewer))) throw new OjError('CONTEST_NOT_FOUND');
}

/** The contest if `viewer` may look at its shell: visible, or its admin (anonymous callers included). */
export async function visibleContest(db: DbOrTx, cid: number, viewer: Viewer | null): Promise<ContestRow> {
  if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
  const c = await loadContest(db, cid);
  await assertInGroup(db, c, viewer);
  if (!c.visible && !isContestAdmin(viewer, c)) throw new OjError('CONTEST_NOT_FOUND');
  return c;
}

/**
 * Whether anyone may read the outside board and the problem list beside it: open, visible and started; never a
 * group contest's (its board is for the group's members).
 */
export const outsideOpen = (c: ContestRow, now = Date.now()) => c.gid === null && c.visible && c.openRank && contestStatus(c, now) !== CONTEST_STATUS.SCHEDULED;

/** The contest if `viewer` may read its outside board: visible (or its admin), the board open, the contest started. */
export async function outsideBoardContest(db: DbOrTx, cid: number, viewer: Viewer | null): Promise<ContestRow> {
  const c = await visibleContest(db, cid, viewer);
  if (!c.openRank || contestStatus(c) === CONTEST_STATUS.SCHEDULED) throw new OjError('CONTEST_RANK_CLOSED');
  return c;
}

/** −1 Scheduled, 0 Running, 1 Ended at `now` (ms). */
export function contestStatus(c: Pick<ContestRow, 'startTime' | 'endTime'>, now = Date.now()): number {
  if (now < c.startTime.getTime()) return CONTEST_STATUS.SCHEDULED;
  if (now < c.endTime.getTime()) return CONTEST_STATUS.RUNNING;
  return CONTEST_STATUS.ENDED;
}

export function isRoot(viewer: Viewer | null): boolean {
  return viewer !== null && viewer.roles.includes('root');
}

/**
 * Contest admin: a super admin, or the contest's author while their CURRENT role still manages contests (root or
 * admin; the viewer's roles are read from the database on every request): a demoted author keeps nothing.
 * A group contest's: a super admin, the group's roots, and its author while a group admin (the group's admins as
 * `findContest` read them; a row without them has only super admins).
 */
export function isContestAdmin(viewer: Viewer | null, c: Pick<ContestRow, 'uid' | 'groupAdmins'> & { gid?: number | null }): boolean {
  if (viewer === null) return false;
  if (isRoot(viewer)) return true;
  if (c.gid === null || c.gid === undefined) return viewer.uid === c.uid && isSiteAdminRole(viewer.roles);
  const auth = c.groupAdmins?.get(viewer.uid) ?? 0;
  return auth === GROUP_MEMBER_AUTH.ROOT || (auth >= GROUP_MEMBER_AUTH.ADMIN && viewer.uid === c.uid);
}

/** Seconds from the start at which the seal begins (null when the contest has no seal). */
export function sealOffsetS(c: Pick<ContestRow, 'sealRank' | 'sealRankTime' | 'startTime' | 'duration'>): number | null {
  if (!c.sealRank) return null;
  if (!c.sealRankTime) return 0;
  const s = Math.floor((c.sealRankTime.getTime() - c.startTime.getTime()) / 1000);
  return Math.max(0, Math.min(s, c.duration));
}

/**
 * Whether the public board is sealed at `now`: after the seal time and before the end, or after the end while
 * `autoRealRank` is off (the board is then unsealed by hand, at the award ceremony). Contest admins see the live board only when they ask (`forceRefresh`).
 */
export function isBoardSealed(
  c: Pick<ContestRow, 'sealRank' | 'sealRankTime' | 'startTime' | 'endTime' | 'autoRealRank' | 'duration'>,
  now = Date.now(),
): boolean {
  const seal = sealOffsetS(c);
  if (seal === null) return false;
  const sealAt = c.startTime.getTime() + seal * 1000;
  if (now < sealAt) return false;
  if (now < c.endTime.getTime()) return true;
  return !c.autoRealRank;
}

/** Sealed for this viewer: the public seal, unless a contest admin forces the live board. */
export function isSealedFor(c: ContestRow, viewer: Viewer | null, forceRefresh: boolean, now = Date.now()): boolean {
  if (forceRefresh && isContestAdmin(viewer, c)) return false;
  return isBoardSealed(c, now);
}

/**
 * May `viewer` enter the contest (see its problems, submissions and board)? Public and protected contests are
 * open to every logged-in user; a private one needs registration with the password. Hidden contests are for
 * their admins only.
 */
export async function canEnter(db: DbOrTx, c: ContestRow, viewer: Viewer | null): Promise<boolean> {
  if (!viewer) return false;
  if (isContestAdmin(viewer, c)) return true;
  if (c.gid !== null && !(await isMemberOf(db, c.gid, viewer))) return false;
  if (!c.visible) return false;
  if (c.auth !== CONTEST_AUTH.PRIVATE) return true;
  return isRegistered(db, c.id, viewer.uid);
}

/** Where a rule reads registrations: the database, or the cached reads (contest-reads.ts). */
type RegistrationReader = (cid: number, uid: string) => Promise<boolean>;

/**
 * Throws unless `viewer` may enter the contest and it has started (admins may look before the start). The group's
 * membership is always read from `db`; registrations through `registered` (the cached reads) when given.
 */
export async function assertEnter(db: DbOrTx, c: ContestRow, viewer: Viewer | null, registered: RegistrationReader = (cid, uid) => isRegistered(db, cid, uid)): Promise<void> {
  if (!viewer) throw new OjError('AUTH_NOT_LOGGED_IN');
  if (isContestAdmin(viewer, c)) return;
  await assertInGroup(db, c, viewer);
  if (!c.visible) throw new OjError('CONTEST_NOT_FOUND');
  if (c.auth === CONTEST_AUTH.PRIVATE && !(await registered(c.id, viewer.uid))) throw new OjError('CONTEST_NOT_REGISTERED');
  if (contestStatus(c) === CONTEST_STATUS.SCHEDULED) throw new OjError('CONTEST_NOT_STARTED');
}

/** Throws unless `viewer` may see a contest's announcements and status: like entering, but also before the start. */
export async function assertSee(db: DbOrTx, c: ContestRow, viewer: Viewer | null): Promise<void> {
  if (!viewer) throw new OjError('AUTH_NOT_LOGGED_IN');
  if (isContestAdmin(viewer, c)) return;
  await assertInGroup(db, c, viewer);
  if (!c.visible) throw new OjError('CONTEST_NOT_FOUND');
  if (c.auth === CONTEST_AUTH.PRIVATE && !(await isRegistered(db, c.id, viewer.uid))) throw new OjError('CONTEST_NOT_REGISTERED');
}

/**
 * Throws unless `viewer` may submit in the contest now: entered, registered for a private or protected contest,
 * the contest running (or ended with `allowEndSubmit`), not imported. Contest admins may submit any time.
 */
export async function assertSubmit(db: DbOrTx, c: ContestRow, viewer: Viewer, now = Date.now()): Promise<void> {
  if (c.imported) throw new OjError('CONTEST_READ_ONLY');
  if (isContestAdmin(viewer, c)) return;
  await assertEnter(db, c, viewer);
  if (c.auth !== CONTEST_AUTH.PUBLIC && !(await isRegistered(db, c.id, viewer.uid))) throw new OjError('CONTEST_NOT_REGISTERED');
  const status = contestStatus(c, now);
  if (status === CONTEST_STATUS.SCHEDULED) throw new OjError('CONTEST_NOT_STARTED');
  if (status === CONTEST_STATUS.ENDED && !c.allowEndSubmit) throw new OjError('CONTEST_ENDED');
}

/** Whole seconds from the contest start (0 before it): the `time` of a contest record. */
export function contestTimeS(c: Pick<ContestRow, 'startTime'>, at: Date): number {
  return Math.max(0, Math.floor((at.getTime() - c.startTime.getTime()) / 1000));
}

/** Parses the tagged account-limit string (see proto AccountLimitRule); null when malformed. */
export function parseAccountLimitRule(s: string | null): { prefix: string; suffix: string; from: number; to: number; extra: string[] } | null {
  if (!s) return null;
  const tag = (name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(s)?.[1] ?? '';
  const from = Number(tag('number_from'));
  const to = Number(tag('number_to'));
  return {
    prefix: tag('prefix'),
    suffix: tag('suffix'),
    from: Number.isInteger(from) ? from : 0,
    to: Number.isInteger(to) ? to : -1,
    extra: tag('extra_account')
      .split(/[\s,]+/)
      .map((x) => x.trim())
      .filter(Boolean),
  };
}

/** Whether `username` satisfies the contest's account-name rule (always true when the limit is off). */
export function accountAllowed(c: Pick<ContestRow, 'openAccountLimit' | 'accountLimitRule'>, username: string): boolean {
  if (!c.openAccountLimit) return true;
  const rule = parseAccountLimitRule(c.accountLimitRule);
  if (!rule) return false;
  if (rule.extra.includes(username)) return true;
  if (!username.startsWith(rule.prefix) || !username.endsWith(rule.suffix)) return false;
  const mid = username.slice(rule.prefix.length, username.length - rule.suffix.length);
  if (!/^\d+$/.test(mid)) return false;
  const n = Number(mid);
  return n >= rule.from && n <= rule.to;
}

/**
 * Throws unless `viewer` may register with `password`: never for an imported contest; the account-name rule binds
 * everyone but the contest's admins; a private or protected contest wants its password, a public one none.
 */
export async function checkRegistration(
  c: Pick<ContestRow, 'imported' | 'uid' | 'gid' | 'groupAdmins' | 'openAccountLimit' | 'accountLimitRule' | 'auth' | 'pwd'>,
  viewer: Viewer,
  password: string | undefined,
): Promise<void> {
  if (c.imported) throw new OjError('CONTEST_READ_ONLY');
  if (!isContestAdmin(viewer, c) && !accountAllowed(c, viewer.username)) throw new OjError('CONTEST_ACCOUNT_LIMIT');
  if (c.auth === CONTEST_AUTH.PUBLIC) return;
  const given = password ?? '';
  if (given.trim() === '') throw new OjError('CONTEST_PASSWORD_REQUIRED');
  if (!(await contestPasswordMatches(c.pwd, given))) throw new OjError('CONTEST_PASSWORD_WRONG');
}

/** Reads a contest its manager may change (a site contest for the admin pages, a group contest for the group's). */
export type ContestGuard = (db: DbOrTx, cid: number, viewer: Viewer) => Promise<ContestRow>;

/**
 * The contest, if `viewer` may manage it from the site's admin pages: a role that manages contests (root, admin),
 * and root or its creator. A group's contests are managed in the group (root may still manage them here).
 */
export const managedContest: ContestGuard = async (db, cid, viewer) => {
  if (!isSiteAdminRole(viewer.roles)) throw new OjError('AUTH_FORBIDDEN');
  if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
  const c = await loadContest(db, cid);
  if (!isContestAdmin(viewer, c) || (c.gid !== null && !isRoot(viewer))) throw new OjError('CONTEST_ADMIN_ONLY');
  return c;
};
