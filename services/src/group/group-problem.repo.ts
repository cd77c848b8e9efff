// The SQL of a group's problems: its own problems (`gid` and `is_group`), by display id or page, their public
// applications (the admin examination list and its progress changes).
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { GROUP_APPLY_PROGRESS } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { escapeLike } from '../db/paging';
import { problems, tags } from '../db/schema';

export type GroupProblemRow = typeof problems.$inferSelect;

const ofGroup = (gid: number) => and(eq(problems.gid, gid), eq(problems.isGroup, true));

/** Ids of group `gid`'s own problems. */
export async function ownProblemIds(db: DbOrTx, gid: number): Promise<number[]> {
  const rows = await db.select({ id: problems.id }).from(problems).where(ofGroup(gid));
  return rows.map((r) => r.id);
}

/** A page of group `gid`'s own problems by id; of these auths only when `auths` is given. */
export async function groupProblemPage(db: DbOrTx, gid: number, auths: number[] | null, size: number, offset: number | null) {
  const where = and(ofGroup(gid), auths ? inArray(problems.auth, auths) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(problems).where(where);
  const rows = offset === null ? [] : await db.select().from(problems).where(where).orderBy(asc(problems.id)).limit(size).offset(offset);
  return { total, rows };
}

/** Group `gid`'s own problem with display id `problemId`. */
export async function groupProblemByDisplayId(db: DbOrTx, gid: number, problemId: string): Promise<GroupProblemRow | undefined> {
  const [row] = await db
    .select()
    .from(problems)
    .where(and(ofGroup(gid), eq(problems.problemId, problemId)));
  return row;
}

/** The group whose own problem has display id `problemId`, or null. */
export async function groupOfProblem(db: DbOrTx, problemId: string): Promise<number | null> {
  const [row] = await db
    .select({ gid: problems.gid })
    .from(problems)
    .where(and(eq(problems.problemId, problemId), eq(problems.isGroup, true)));
  return row?.gid ?? null;
}

/** Names among `names` that are no tag of our own judge (case-insensitive). */
export async function unknownTagNames(db: DbOrTx, oj: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ name: sql<string>`lower(${tags.name})` })
    .from(tags)
    .where(and(eq(tags.oj, oj), inArray(sql`lower(${tags.name})`, names.map((n) => n.toLowerCase()))));
  const known = new Set(rows.map((r) => r.name));
  return names.filter((n) => !known.has(n.toLowerCase()));
}

/** Makes problem `pid` group `gid`'s own (a group problem form's save, in its transaction). */
export async function markGroupProblem(tx: Tx, pid: number, gid: number): Promise<void> {
  await tx.update(problems).set({ gid, isGroup: true }).where(eq(problems.id, pid));
}

/** Sets the public application of problem `pid` (and with it, for an approved one, its auth and group flag). */
export async function setApplyProgress(db: DbOrTx, pid: number, progress: number | null, by: string): Promise<void> {
  const approved = progress === GROUP_APPLY_PROGRESS.PUBLIC;
  await db
    .update(problems)
    .set({ applyPublicProgress: progress, ...(approved ? { auth: 1, isGroup: false } : { isGroup: true }), modifiedUser: by, gmtModified: new Date() })
    .where(eq(problems.id, pid));
}

export interface ApplyListFilter {
  keyword?: string;
  gid?: number;
}

/** Problems with a public application (any state), applications still open first, newest change first. */
export async function applyPage(db: DbOrTx, f: ApplyListFilter, size: number, offset: number | null) {
  const conds: (SQL | undefined)[] = [isNotNull(problems.applyPublicProgress)];
  if (f.gid !== undefined) conds.push(eq(problems.gid, f.gid));
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(problems.title, like), ilike(problems.problemId, like), ilike(problems.author, like)));
  }
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(problems).where(where);
  const rows =
    offset === null
      ? []
      : await db
          .select()
          .from(problems)
          .where(where)
          .orderBy(sql`(${problems.applyPublicProgress} = ${GROUP_APPLY_PROGRESS.APPLYING}) desc`, desc(problems.gmtModified), desc(problems.id))
          .limit(size)
          .offset(offset);
  return { total, rows };
}
