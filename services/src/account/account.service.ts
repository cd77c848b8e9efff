// Login, logout and session checks: scrypt passwords, failures counted per username + ip
// with a 30-minute lock after 20, banned accounts refused, revoked sessions remembered until they expire.
import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { LIMITS, OjError, ROLE_CODE, type SlideAnswer, type RoleName, type UserAuthInfo, type UserInfo } from '@oj/proto';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../db/client';
import { loginFailure, revokedSession, roles, userRole, users } from '../db/schema';
import { newUid } from '../db/seed';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { makeViewer, type Viewer } from './viewer';

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
  authInfo(viewer: Viewer): Promise<UserAuthInfo>;
}

export const LOGIN_LOCK = { maxFailures: 20, lockMs: 30 * 60_000 } as const;

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

type UserRow = typeof users.$inferSelect;

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

export async function rolesOf(db: DbOrTx, uid: string): Promise<string[]> {
  const rows = await db
    .select({ role: roles.role })
    .from(userRole)
    .innerJoin(roles, eq(roles.id, userRole.roleId))
    .where(eq(userRole.uid, uid))
    .orderBy(roles.id);
  return rows.map((r) => r.role);
}

export function createAccountService(ctx: ServiceContext): AccountServiceImpl {
  const { db, config } = ctx;
  let slideCheck: ((a: SlideAnswer) => Promise<boolean>) | null = null;
  const cache = new Map<string, { viewer: Viewer | null; until: number }>();
  const CACHE_MAX = 10_000;

  function forgetUser(uid: string): void {
    for (const k of cache.keys()) if (k.startsWith(`${uid}:`)) cache.delete(k);
  }

  async function recordFailure(username: string, ip: string): Promise<void> {
    await db
      .insert(loginFailure)
      .values({ username, ip, count: 1, lastAt: new Date() })
      .onConflictDoUpdate({
        target: [loginFailure.username, loginFailure.ip],
        // A failure after an expired lock starts a new count.
        set: {
          count: sql`case when ${loginFailure.lastAt} < now() - make_interval(secs => ${LOGIN_LOCK.lockMs / 1000}) then 1 else ${loginFailure.count} + 1 end`,
          lastAt: sql`now()`,
        },
      });
  }

  return {
    async login(username, password, ip, slide): Promise<LoginResult> {
      const [failure] = await db
        .select()
        .from(loginFailure)
        .where(and(eq(loginFailure.username, username), eq(loginFailure.ip, ip)));
      const live = failure && failure.lastAt.getTime() > Date.now() - LOGIN_LOCK.lockMs;
      if (live && failure.count >= LOGIN_LOCK.maxFailures) throw new OjError('AUTH_LOGIN_LOCKED');
      // From the 5th failure on, each attempt must carry a passed slide verification (one use per challenge).
      if (live && failure.count >= LIMITS.slideVerifyAfterFailedLogins) {
        // A missing or wrong slide counts as a failure too, so the 20-failure lock is reached either way.
        if (!slide || !slideCheck || !(await slideCheck(slide))) {
          await recordFailure(username, ip);
          throw new OjError('ACCOUNT_SLIDE_REQUIRED');
        }
      }
      const [user] = await db.select().from(users).where(eq(users.username, username));
      const ok = await verifyPassword(password, user?.password ?? (await dummyPasswordHash()));
      if (!user || !ok) {
        await recordFailure(username, ip);
        throw new OjError('AUTH_BAD_CREDENTIALS');
      }
      if (user.status !== 0) throw new OjError('AUTH_ACCOUNT_BANNED');
      if (failure) await db.delete(loginFailure).where(and(eq(loginFailure.username, username), eq(loginFailure.ip, ip)));
      return { user: toUserInfo(user, await rolesOf(db, user.uuid)), sessionId: randomUUID() };
    },

    async logout(viewer, sessionId, expiresAt): Promise<void> {
      await db.insert(revokedSession).values({ jti: sessionId, expiresAt }).onConflictDoNothing();
      cache.delete(`${viewer.uid}:${sessionId}`);
    },

    async verifySession(uid, sessionId): Promise<Viewer | null> {
      const key = `${uid}:${sessionId}`;
      const hit = cache.get(key);
      if (hit && hit.until > Date.now()) return hit.viewer;
      const [user] = await db.select({ username: users.username, status: users.status }).from(users).where(eq(users.uuid, uid));
      let viewer: Viewer | null = null;
      if (user && user.status === 0) {
        const revoked = await db.select({ jti: revokedSession.jti }).from(revokedSession).where(eq(revokedSession.jti, sessionId));
        if (revoked.length === 0) viewer = makeViewer(uid, user.username, await rolesOf(db, uid));
      }
      if (config.sessionCacheMs > 0) {
        if (cache.size >= CACHE_MAX) cache.clear();
        cache.set(key, { viewer, until: Date.now() + config.sessionCacheMs });
      }
      return viewer;
    },

    async authInfo(viewer): Promise<UserAuthInfo> {
      const fresh = makeViewer(viewer.uid, viewer.username, await rolesOf(db, viewer.uid));
      return { roles: fresh.roles, permissions: fresh.permissions };
    },

    async createUser(u): Promise<UserInfo> {
      const uid = newUid();
      const roleNames = u.roles ?? ['default_user'];
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(users)
          .values({ uuid: uid, username: u.username, password: await hashPassword(u.password), email: u.email ?? null, nickname: u.nickname ?? null })
          .returning();
        if (roleNames.length > 0) await tx.insert(userRole).values(roleNames.map((r) => ({ uid, roleId: ROLE_CODE[r] })));
        return inserted!;
      });
      return toUserInfo(row, roleNames);
    },

    async setUserStatus(uid, status): Promise<void> {
      await db.update(users).set({ status, gmtModified: new Date() }).where(eq(users.uuid, uid));
      forgetUser(uid);
    },

    setSlideCheck(check): void {
      slideCheck = check;
    },

    async pruneSessions(): Promise<number> {
      const gone = await db.delete(revokedSession).where(lt(revokedSession.expiresAt, new Date())).returning({ jti: revokedSession.jti });
      return gone.length;
    },
  };
}
