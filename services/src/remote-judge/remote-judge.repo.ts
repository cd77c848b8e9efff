// The SQL of remote judging: claiming and releasing accounts (one submission per account at a time, across every
// worker), setting failing accounts aside, the accounts the switch config edits, and the runs on the sites.
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { IN_PROGRESS_STATUSES } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { judge, problems, remoteJudgeAccount, remoteJudgeRun } from '../db/schema';

export type AccountRow = typeof remoteJudgeAccount.$inferSelect;

/** Takes a free, usable account of `site` for `holder` until `leaseMs` from now (least recently used first). */
export async function claimAccount(db: DbOrTx, site: string, holder: string, leaseMs: number): Promise<AccountRow | undefined> {
  const free = db
    .select({ id: remoteJudgeAccount.id })
    .from(remoteJudgeAccount)
    .where(and(eq(remoteJudgeAccount.site, site), eq(remoteJudgeAccount.failing, false), or(isNull(remoteJudgeAccount.busyUntil), lt(remoteJudgeAccount.busyUntil, sql`now()`))))
    .orderBy(sql`${remoteJudgeAccount.lastUsedAt} nulls first`, asc(remoteJudgeAccount.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(remoteJudgeAccount)
    .set({ busyBy: holder, busyUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(inArray(remoteJudgeAccount.id, free))
    .returning();
  return row;
}

/** Keeps holding an account (a long poll); false when the lease was lost. */
export async function renewAccount(db: DbOrTx, id: number, holder: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(remoteJudgeAccount)
    .set({ busyUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(remoteJudgeAccount.id, id), eq(remoteJudgeAccount.busyBy, holder)))
    .returning({ id: remoteJudgeAccount.id });
  return rows.length > 0;
}

export async function releaseAccount(db: DbOrTx, id: number, holder: string): Promise<void> {
  await db
    .update(remoteJudgeAccount)
    .set({ busyBy: null, busyUntil: null, lastUsedAt: sql`now()` })
    .where(and(eq(remoteJudgeAccount.id, id), eq(remoteJudgeAccount.busyBy, holder)));
}

/** A refused login: the account is set aside (and freed) until an admin saves it again. */
export async function setAccountAside(db: DbOrTx, id: number, error: string): Promise<void> {
  await db.update(remoteJudgeAccount).set({ failing: true, lastError: error.slice(0, 500), busyBy: null, busyUntil: null }).where(eq(remoteJudgeAccount.id, id));
}

export async function findAccount(db: DbOrTx, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(remoteJudgeAccount).where(eq(remoteJudgeAccount.id, id));
  return row;
}

export async function countAccounts(db: DbOrTx, site: string): Promise<{ total: number; usable: number }> {
  const [r] = await db
    .select({ total: sql<number>`count(*)::int`, usable: sql<number>`count(*) filter (where not ${remoteJudgeAccount.failing})::int` })
    .from(remoteJudgeAccount)
    .where(eq(remoteJudgeAccount.site, site));
  return r ?? { total: 0, usable: 0 };
}

export async function listAccounts(db: DbOrTx): Promise<AccountRow[]> {
  return db.select().from(remoteJudgeAccount).orderBy(asc(remoteJudgeAccount.site), asc(remoteJudgeAccount.id));
}

/**
 * Makes `site`'s accounts exactly `accounts`: new ones added, missing ones removed, the rest kept (an empty password
 * keeps the stored one; a saved account is usable again). Returns the usernames whose password was empty and unknown.
 */
export async function replaceAccounts(db: DbOrTx, site: string, accounts: { username: string; password: string }[]): Promise<string[]> {
  const existing = await db.select().from(remoteJudgeAccount).where(eq(remoteJudgeAccount.site, site));
  const wanted = new Set(accounts.map((a) => a.username));
  const gone = existing.filter((a) => !wanted.has(a.username)).map((a) => a.id);
  if (gone.length > 0) await db.delete(remoteJudgeAccount).where(inArray(remoteJudgeAccount.id, gone));
  const missing: string[] = [];
  for (const a of accounts) {
    const old = existing.find((e) => e.username === a.username);
    if (old) {
      await db
        .update(remoteJudgeAccount)
        .set({ ...(a.password && { password: a.password }), failing: false, lastError: null, gmtModified: new Date() })
        .where(eq(remoteJudgeAccount.id, old.id));
    } else if (a.password) {
      await db.insert(remoteJudgeAccount).values({ site, username: a.username, password: a.password });
    } else {
      missing.push(a.username);
    }
  }
  return missing;
}

export async function findRun(db: DbOrTx, submitId: number, version: number) {
  const [r] = await db.select().from(remoteJudgeRun).where(and(eq(remoteJudgeRun.submitId, submitId), eq(remoteJudgeRun.version, version)));
  return r;
}

export async function insertRun(db: DbOrTx, v: { submitId: number; version: number; oj: string; accountId: number; runId: string }): Promise<void> {
  await db.insert(remoteJudgeRun).values(v).onConflictDoNothing();
}

export async function finishRun(db: DbOrTx, submitId: number, version: number, status: number): Promise<void> {
  await db.update(remoteJudgeRun).set({ finishedAt: new Date(), status }).where(and(eq(remoteJudgeRun.submitId, submitId), eq(remoteJudgeRun.version, version)));
}

/** Per site: the last verdict received and the remote submissions still in progress. */
export async function siteActivity(db: DbOrTx): Promise<{ last: Map<string, Date>; queue: Map<string, number> }> {
  const lastRows = await db
    .select({ oj: remoteJudgeRun.oj, at: sql<Date | null>`max(${remoteJudgeRun.finishedAt})` })
    .from(remoteJudgeRun)
    .groupBy(remoteJudgeRun.oj);
  const queueRows = await db
    .select({ oj: sql<string>`upper(split_part(${problems.problemId}, '-', 1))`, n: sql<number>`count(*)::int` })
    .from(judge)
    .innerJoin(problems, eq(problems.id, judge.pid))
    .where(and(eq(problems.isRemote, true), inArray(judge.status, [...IN_PROGRESS_STATUSES])))
    .groupBy(sql`1`);
  const last = new Map<string, Date>();
  for (const r of lastRows) if (r.at) last.set(r.oj, new Date(r.at));
  return { last, queue: new Map(queueRows.map((r) => [r.oj, r.n])) };
}
