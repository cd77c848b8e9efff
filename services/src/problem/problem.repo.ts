// The SQL of problems: the list with its filters, one problem by id or display id (with its test cases), and the
// tags of a set of problems.
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tag } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { escapeLike } from '../db/paging';
import { problemCase, problems, problemTag, tags } from '../db/schema';

/** Problem id → its tags, in tag id order. */
export async function tagsOf(db: DbOrTx, pids: number[]): Promise<Map<number, Tag[]>> {
  const out = new Map<number, Tag[]>();
  if (pids.length === 0) return out;
  const rows = await db
    .select({ pid: problemTag.pid, id: tags.id, name: tags.name, color: tags.color, oj: tags.oj })
    .from(problemTag)
    .innerJoin(tags, eq(tags.id, problemTag.tid))
    .where(inArray(problemTag.pid, pids))
    .orderBy(asc(tags.id));
  for (const { pid, ...t } of rows) {
    const list = out.get(pid) ?? [];
    list.push(t);
    out.set(pid, list);
  }
  return out;
}

/** A problem of the public bank: public (auth 1) and not a group's own (those are seen inside their group only). */
export const PUBLIC_PROBLEM: SQL = and(eq(problems.auth, 1), eq(problems.isGroup, false))!;
/** Only public problems unless `all` (admins: every auth); never a group's own problem. */
const visible = (all: boolean): SQL | undefined => (all ? eq(problems.isGroup, false) : PUBLIC_PROBLEM);

/** The problem with display id `problemId`; among the public ones only unless `all`. */
export async function findProblemByDisplayId(db: DbOrTx, problemId: string, all: boolean) {
  const [p] = await db
    .select()
    .from(problems)
    .where(and(eq(problems.problemId, problemId), visible(all)));
  return p;
}

export interface ProblemListFilter {
  /** Hidden problems too (admins). */
  all: boolean;
  keyword?: string;
  difficulty?: number;
  /** A remote OJ key (problem ids `KEY-…`), or true for our own problems only. */
  oj?: string | true;
  /** Problems carrying every one of these tags. */
  tagIds: number[];
}

/** The problem list's page, by id. */
export async function listProblems(db: DbOrTx, f: ProblemListFilter, size: number, offset: number | null) {
  const conds: (SQL | undefined)[] = [visible(f.all)];
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(problems.title, like), ilike(problems.problemId, like)));
  }
  if (f.difficulty !== undefined) conds.push(eq(problems.difficulty, f.difficulty));
  if (f.oj !== undefined) conds.push(f.oj === true ? eq(problems.isRemote, false) : ilike(problems.problemId, `${escapeLike(f.oj)}-%`));
  if (f.tagIds.length > 0) {
    const sub = db
      .select({ pid: problemTag.pid })
      .from(problemTag)
      .where(inArray(problemTag.tid, f.tagIds))
      .groupBy(problemTag.pid)
      .having(sql`count(distinct ${problemTag.tid}) = ${f.tagIds.length}`);
    conds.push(inArray(problems.id, sub));
  }
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(problems).where(where);
  const rows = offset === null ? [] : await db.select().from(problems).where(where).orderBy(asc(problems.id)).limit(size).offset(offset);
  return { total, rows };
}

/** The display id of a random public problem (of one remote OJ, or ours with `true`), or undefined when none. */
export async function randomPublicProblemId(db: DbOrTx, oj?: string | true): Promise<string | undefined> {
  const conds: (SQL | undefined)[] = [visible(false)];
  if (oj !== undefined) conds.push(oj === true ? eq(problems.isRemote, false) : ilike(problems.problemId, `${escapeLike(oj)}-%`));
  const [row] = await db.select({ problemId: problems.problemId }).from(problems).where(and(...conds)).orderBy(sql`random()`).limit(1);
  return row?.problemId;
}

/** A problem with its test cases in judging order; undefined when it is gone. */
export async function problemWithCases(tx: DbOrTx, pid: number) {
  const [p] = await tx.select().from(problems).where(eq(problems.id, pid));
  if (!p) return undefined;
  const cases = await tx.select().from(problemCase).where(eq(problemCase.pid, pid)).orderBy(asc(problemCase.seq), asc(problemCase.id));
  return { p, cases };
}

export async function findProblemById(db: DbOrTx, pid: number) {
  const [p] = await db.select().from(problems).where(eq(problems.id, pid));
  return p;
}
