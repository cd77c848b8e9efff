// The SQL of a contest's submissions as contestants list them: the filters, the seal's cut, the page, and the
// caller's per-problem status.
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { escapeLike } from '../db/paging';
import { contestProblem, judge } from '../db/schema';
import type { ContestRow } from './contest.repo';
import { notSealedExam } from '../submission/practice-scope';

/** Submissions from `before` on are hidden, except (when given) those of `exceptUid`. */
export interface SealCut {
  before: Date;
  exceptUid?: string;
}

export interface ContestSubmissionFilter {
  /** Submissions before the start instead of from it. */
  beforeStart?: boolean;
  /** Include submissions after the end. */
  containsEnd?: boolean;
  uid?: string;
  username?: string;
  displayPid?: { value: string; exact: boolean };
  status?: number;
  submitIds?: number[];
  seal?: SealCut;
}

function sealSql(cut: SealCut | undefined): SQL | undefined {
  if (!cut) return undefined;
  return cut.exceptUid === undefined ? lt(judge.submitTime, cut.before) : or(lt(judge.submitTime, cut.before), eq(judge.uid, cut.exceptUid));
}

/** The WHERE of a contest's submission list (`submitIds`: just those, without the start/end bounds). */
export function contestSubmissionWhere(c: Pick<ContestRow, 'id' | 'startTime' | 'endTime'>, f: ContestSubmissionFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(judge.cid, c.id)];
  if (f.submitIds) conds.push(inArray(judge.submitId, f.submitIds));
  else {
    conds.push(f.beforeStart ? lt(judge.submitTime, c.startTime) : gte(judge.submitTime, c.startTime));
    if (!f.containsEnd) conds.push(lt(judge.submitTime, c.endTime));
  }
  if (f.uid !== undefined) conds.push(eq(judge.uid, f.uid));
  else if (f.username !== undefined) conds.push(eq(judge.username, f.username));
  if (f.displayPid) conds.push(f.displayPid.exact ? eq(judge.displayPid, f.displayPid.value) : ilike(judge.displayPid, `%${escapeLike(f.displayPid.value)}%`));
  if (f.status !== undefined) conds.push(eq(judge.status, f.status));
  conds.push(sealSql(f.seal));
  return and(...conds);
}

export async function countSubmissions(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(judge).where(where);
  return total;
}

/** One page of a contest's submissions, newest first, with each one's contest problem title. */
export async function contestSubmissionRows(db: DbOrTx, where: SQL | undefined, size: number, offset: number) {
  return db
    .select({ j: judge, title: contestProblem.displayTitle })
    .from(judge)
    .leftJoin(contestProblem, eq(contestProblem.id, judge.cpid))
    .where(where)
    .orderBy(desc(judge.submitId))
    .limit(size)
    .offset(offset);
}

/** `uid`'s submissions on problems `pids` in contest `cid` (0: practice, an unreleased exam's excluded), newest first, before `before` if given. */
export async function userStatusRows(db: DbOrTx, uid: string, pids: number[], cid: number, before?: Date) {
  return db
    .select({ pid: judge.pid, status: judge.status, score: judge.score })
    .from(judge)
    .where(and(eq(judge.uid, uid), inArray(judge.pid, pids), eq(judge.cid, cid), notSealedExam(judge.submitId), before ? lt(judge.submitTime, before) : undefined))
    .orderBy(desc(judge.submitId));
}
