// Minimal rows and a service context for unit tests of repositories and services on a test database (see test-db.ts).
import { and, eq } from 'drizzle-orm';
import { JudgeStatus, OjError, OWN_OJ, ROLE_CODE, type ErrorCode, type RoleName } from '@oj/proto';
import { insertUser } from '../account/account.repo';
import { hashPassword } from '../account/password';
import { makeViewer, type Viewer } from '../account/viewer';
import { createMemoryBus, type MemoryBus } from '../bus/memory-bus';
import { DEFAULT_SERVICES_CONFIG, type ServicesConfig } from '../config';
import type { ServiceContext } from '../context';
import type { Db } from '../db/client';
import { contest, discussionCategory, judge, languages, problemLanguage, problems, users } from '../db/schema';
import { newUid } from '../db/seed';
import { silentLogger } from '../logger';

/** What a service needs, on the test database: an in-process bus of its own, a silent logger, the defaults' config. */
export function serviceContext(db: Db, config: Partial<ServicesConfig> = {}): ServiceContext & { transport: MemoryBus } {
  return { db, transport: createMemoryBus(), config: { ...DEFAULT_SERVICES_CONFIG, ...config }, logger: silentLogger() };
}

let serial = 0;
const next = () => `${Date.now().toString(36)}${++serial}`;

/** A user row and the `Viewer` the services would build for it (role `default_user` unless told). */
export async function addUser(db: Db, roles: string[] = ['default_user']): Promise<Viewer> {
  const uid = newUid();
  const username = `u${next()}`;
  await db.insert(users).values({ uuid: uid, username, password: 'x' });
  return makeViewer(uid, username, roles);
}

/**
 * A user with a password and roles, as `createUser` stores one, but with the password hashed at a tiny scrypt cost: a
 * verify reads the cost from the stored hash, so the logins of a test check it at once instead of paying the
 * production cost on every attempt.
 */
export async function addAccount(db: Db, a: { username: string; password: string; email?: string; roles?: RoleName[] }): Promise<Viewer> {
  const uid = newUid();
  const roles = a.roles ?? ['default_user'];
  const password = await hashPassword(a.password, { N: 2 ** 4, r: 1, p: 1 });
  await insertUser(db, { uuid: uid, username: a.username, password, email: a.email ?? null }, roles.map((r) => ROLE_CODE[r]));
  return makeViewer(uid, a.username, roles);
}

/** A problem row; `auth` 1 public, 2 private, 3 contest-only. */
export async function addProblem(db: Db, values: Partial<typeof problems.$inferInsert> = {}): Promise<typeof problems.$inferSelect> {
  const [p] = await db
    .insert(problems)
    .values({ problemId: `P${next()}`, title: 'fixture', auth: 1, ...values })
    .returning();
  return p!;
}

/** Our own language `name` (created once), offered by each problem of `pids`. */
export async function offerLanguage(db: Db, name: string, pids: number[]): Promise<void> {
  await db.insert(languages).values({ name, contentType: 'text/x-csrc', description: name, oj: OWN_OJ }).onConflictDoNothing();
  const [lang] = await db.select({ id: languages.id }).from(languages).where(and(eq(languages.name, name), eq(languages.oj, OWN_OJ)));
  if (pids.length > 0) await db.insert(problemLanguage).values(pids.map((pid) => ({ pid, lid: lang!.id })));
}

/** A judge row in `status` (Pending by default) for `uid` on problem `pid`. */
export async function addSubmission(db: Db, uid: string, pid: number, values: Partial<typeof judge.$inferInsert> = {}): Promise<typeof judge.$inferSelect> {
  const [row] = await db
    .insert(judge)
    .values({ pid, displayPid: String(pid), uid, username: 'fixture', status: JudgeStatus.PENDING, length: 1, code: 'x', language: 'C', cid: 0, cpid: 0, ip: '127.0.0.1', version: 1, ...values })
    .returning();
  return row!;
}

/** A contest row owned by `uid`, from `startMs` for `durationS` seconds (public, visible, ACM unless told). */
export async function addContest(db: Db, uid: string, startMs: number, durationS: number, values: Partial<typeof contest.$inferInsert> = {}): Promise<typeof contest.$inferSelect> {
  const [c] = await db
    .insert(contest)
    .values({ uid, title: 'fixture', startTime: new Date(startMs), endTime: new Date(startMs + durationS * 1000), duration: durationS, ...values })
    .returning();
  return c!;
}

/** A discussion category; its id. */
export async function addDiscussionCategory(db: Db, name = `cat${next()}`): Promise<number> {
  const [c] = await db.insert(discussionCategory).values({ name }).returning({ id: discussionCategory.id });
  return c!.id;
}

/** The catalogue code a rule refused with, or 'ok' when it let the call through. */
export async function refusal(p: Promise<unknown>): Promise<ErrorCode | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof OjError) return e.code;
    throw e;
  }
}

/** A contest row in memory (not stored), for the pure contest rules: ACM, public, visible, no seal unless told. */
export function contestRow(startMs: number, durationS: number, values: Partial<typeof contest.$inferSelect> = {}): typeof contest.$inferSelect {
  return {
    id: 1,
    uid: 'author',
    author: 'author',
    title: 'fixture',
    description: '',
    type: 0,
    source: 0,
    auth: 0,
    pwd: null,
    startTime: new Date(startMs),
    endTime: new Date(startMs + durationS * 1000),
    duration: durationS,
    sealRank: false,
    sealRankTime: null,
    autoRealRank: true,
    visible: true,
    openPrint: false,
    openRank: false,
    rankShowName: 'username',
    openAccountLimit: false,
    accountLimitRule: null,
    starAccount: [],
    oiRankScoreType: 'Recent',
    awardType: 0,
    awardConfig: [],
    allowEndSubmit: false,
    gid: null,
    imported: false,
    boardVersion: 0,
    announcedPhase: -1,
    nextPhaseAt: null,
    gmtCreate: new Date(startMs),
    gmtModified: new Date(startMs),
    ...values,
  };
}
