// Login, logout and session checks: argon2id passwords (older hashes rehashed at login), failures counted per
// username + ip with a 30-minute lock after 20 (doubling for each further lock), banned accounts refused, revoked sessions remembered until they expire.
import { randomUUID } from 'node:crypto';
import { LIMITS, OjError, ROLE_CODE, type SlideAnswer, type RoleName, type UserAuthInfo, type UserInfo } from '@oj/proto';
import type { ServiceContext } from '../context';
import {
  clearLoginFailures,
  insertUser,
  isRevoked,
  loginFailureOf,
  pruneRevokedSessions,
  recordLoginFailure,
  revokeSession,
  rolesOf,
  setPasswordHash,
  setUserStatus,
  userByUsername,
  userStanding,
  type LoginFailureRow,
  type UserRow,
} from './account.repo';
import { newUid } from '../db/seed';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import { makeViewer, type Viewer } from './viewer';
import { createRolePermissions, type RolePermissions } from '../user-admin/role-permissions';

export interface LoginResult {
  user: UserInfo;
  /** Unique id of the session, put in the JWT as `jti` so logout can revoke exactly this token. */
  sessionId: string;
}

export interface AccountService {
  /** `slide` is required from the 5th failed login of this username + ip (ACCOUNT_SLIDE_REQUIRED otherwise). */
  login(username: string, password: string, ip: string, slide?: SlideAnswer): Promise<LoginResult>;
  logout(viewer: Viewer, sessionId: string, expiresAt: Date): Promise<void>;
  /** Verifies that the user still exists, is not banned and the session is not revoked; null otherwise. */
  verifySession(uid: string, sessionId: string): Promise<Viewer | null>;
  /** Drops this process's cached session checks of a user (their sessions were revoked elsewhere). */
  forgetUser(uid: string): void;
  /** Drops every cached session check (the role ↔ permission assignment changed). */
  forgetAll(): void;
  authInfo(viewer: Viewer): Promise<UserAuthInfo>;
}

/**
 * Failed logins per username + address: from the 20th the pair is locked for 30 minutes; each further lock of the
 * pair (20 more failures after one ended, with no successful login between) lasts twice as long, up to 16 hours.
 * The count is per address on purpose: nobody can lock a user out from elsewhere. A day without failures after a
 * lock ended forgets the locks.
 */
export const LOGIN_LOCK = { maxFailures: 20, lockMs: 30 * 60_000, maxDoublings: 5, forgetAfterMs: 24 * 3600_000 } as const;

/** How long the `locks`-th lock in a row lasts. */
export const lockDurationMs = (locks: number): number => LOGIN_LOCK.lockMs * 2 ** Math.min(Math.max(locks, 1) - 1, LOGIN_LOCK.maxDoublings);

export type LoginGate = { kind: 'open' } | { kind: 'slide' } | { kind: 'locked'; locks: number; minutes: number };

export interface NewUser {
  username: string;
  password: string;
  email?: string | null;
  nickname?: string | null;
  roles?: RoleName[];
}

export interface AccountServiceImpl extends AccountService {
  /** Creates a user (default role `default_user`); used by seeding, tests and, later, registration. */
  createUser(u: NewUser): Promise<UserInfo>;
  /** Bans (status 1) or unbans (status 0) a user; the session cache forgets them at once in this process. */
  setUserStatus(uid: string, status: 0 | 1): Promise<void>;
  /** Installs the slide verification check used from the 5th failed login (set by createServices). */
  setSlideCheck(check: (a: SlideAnswer) => Promise<boolean>): void;
  /** Deletes revoked sessions that expired anyway. */
  pruneSessions(): Promise<number>;
}

/**
 * Where a username + ip stands after failed logins (counts reset 30 minutes after the last failure): `locked` from
 * the 20th failure (for lockDurationMs after it), `slide` (a passed slide verification required) from the 5th,
 * `open` otherwise.
 */
export function loginGate(failure: (Pick<LoginFailureRow, 'count' | 'lastAt'> & { locks?: number }) | undefined, now: number): LoginGate {
  if (!failure) return { kind: 'open' };
  const locked = failure.count >= LOGIN_LOCK.maxFailures;
  const locks = Math.max(failure.locks ?? 1, 1);
  const until = failure.lastAt.getTime() + (locked ? lockDurationMs(locks) : LOGIN_LOCK.lockMs);
  if (until <= now) return { kind: 'open' };
  if (locked) return { kind: 'locked', locks, minutes: Math.ceil((until - now) / 60_000) };
  return failure.count >= LIMITS.slideVerifyAfterFailedLogins ? { kind: 'slide' } : { kind: 'open' };
}

export function toUserInfo(u: UserRow, roleList: string[]): UserInfo {
  return {
    uid: u.uuid,
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    titleName: u.titleName,
    titleColor: u.titleColor,
    email: u.email,
    mobile: u.mobile,
    number: u.number,
    gender: u.gender,
    school: u.school,
    course: u.course,
    signature: u.signature,
    realname: u.realname,
    github: u.github,
    blog: u.blog,
    cfUsername: u.cfUsername,
    roleList,
  };
}

/**
 * A session id is `<uuid>.<epoch>`: the user's `session_epoch` when it was opened. An admin changing the password,
 * the role or the ban bumps the epoch, which ends every older session at once (ids without an epoch count as 0).
 */
export const sessionIdOf = (epoch: number): string => `${randomUUID()}.${epoch}`;
/** The id session `sessionId` continues under after the epoch moved to `epoch` (same uuid; the old id is dead). */
export const renewedSessionId = (sessionId: string, epoch: number): string => `${sessionId.replace(/\.\d{1,9}$/, '')}.${epoch}`;
export function epochOfSession(sessionId: string): number {
  const m = /\.(\d{1,9})$/.exec(sessionId);
  return m ? Number(m[1]) : 0;
}

export function createAccountService(ctx: ServiceContext, rolePermissions: RolePermissions = createRolePermissions(ctx.db)): AccountServiceImpl {
  const { db, config } = ctx;
  let slideCheck: ((a: SlideAnswer) => Promise<boolean>) | null = null;
  const cache = new Map<string, { viewer: Viewer | null; until: number }>();
  const CACHE_MAX = 10_000;

  function forgetUser(uid: string): void {
    for (const k of cache.keys()) if (k.startsWith(`${uid}:`)) cache.delete(k);
  }

  const recordFailure = (username: string, ip: string) => recordLoginFailure(db, username, ip, LOGIN_LOCK);

  return {
    async login(username, password, ip, slide): Promise<LoginResult> {
      const failure = await loginFailureOf(db, username, ip);
      const gate = loginGate(failure, Date.now());
      if (gate.kind === 'locked') throw gate.locks > 1 ? new OjError('AUTH_LOGIN_BACKOFF', { minutes: gate.minutes }) : new OjError('AUTH_LOGIN_LOCKED');
      // From the 5th failure on, each attempt must carry a passed slide verification (one use per challenge).
      if (gate.kind === 'slide') {
        // A missing or wrong slide counts as a failure too, so the 20-failure lock is reached either way.
        if (!slide || !slideCheck || !(await slideCheck(slide))) {
          await recordFailure(username, ip);
          throw new OjError('ACCOUNT_SLIDE_REQUIRED');
        }
      }
      const user = await userByUsername(db, username);
      const ok = await verifyPassword(password, user?.password ?? (await dummyPasswordHash()));
      if (!user || !ok) {
        await recordFailure(username, ip);
        throw new OjError('AUTH_BAD_CREDENTIALS');
      }
      if (user.status !== 0) throw new OjError('AUTH_ACCOUNT_BANNED');
      if (failure) await clearLoginFailures(db, username, ip);
      if (needsRehash(user.password)) await setPasswordHash(db, user.uuid, await hashPassword(password));
      return { user: toUserInfo(user, await rolesOf(db, user.uuid)), sessionId: sessionIdOf(user.sessionEpoch) };
    },

    async logout(viewer, sessionId, expiresAt): Promise<void> {
      await revokeSession(db, sessionId, expiresAt);
      cache.delete(`${viewer.uid}:${sessionId}`);
    },

    async verifySession(uid, sessionId): Promise<Viewer | null> {
      const key = `${uid}:${sessionId}`;
      const hit = cache.get(key);
      if (hit && hit.until > Date.now()) return hit.viewer;
      const user = await userStanding(db, uid);
      let viewer: Viewer | null = null;
      if (user && user.status === 0 && user.sessionEpoch === epochOfSession(sessionId) && !(await isRevoked(db, sessionId))) {
        viewer = makeViewer(uid, user.username, await rolesOf(db, uid), await rolePermissions.table());
      }
      if (config.sessionCacheMs > 0) {
        if (cache.size >= CACHE_MAX) cache.clear();
        cache.set(key, { viewer, until: Date.now() + config.sessionCacheMs });
      }
      return viewer;
    },

    async authInfo(viewer): Promise<UserAuthInfo> {
      const fresh = makeViewer(viewer.uid, viewer.username, await rolesOf(db, viewer.uid), await rolePermissions.table());
      return { roles: fresh.roles, permissions: fresh.permissions };
    },

    async createUser(u): Promise<UserInfo> {
      const uid = newUid();
      const roleNames = u.roles ?? ['default_user'];
      const row = await insertUser(
        db,
        { uuid: uid, username: u.username, password: await hashPassword(u.password), email: u.email ?? null, nickname: u.nickname ?? null },
        roleNames.map((r) => ROLE_CODE[r]),
      );
      return toUserInfo(row, roleNames);
    },

    async setUserStatus(uid, status): Promise<void> {
      await setUserStatus(db, uid, status);
      forgetUser(uid);
    },

    forgetUser,

    forgetAll(): void {
      cache.clear();
    },

    setSlideCheck(check): void {
      slideCheck = check;
    },

    async pruneSessions(): Promise<number> {
      return pruneRevokedSessions(db);
    },
  };
}
