// The SQL of contest records (one per contest submission, the scoreboard's input): the pending record written at
// submit time, and the per-problem counts of the problem list and problem page.
import { and, count, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import { isInProgress } from '@oj/proto';
import type { DbOrTx, Tx } from '../db/client';
import { contest, contestProblem, contestRecord, judge, roles, userRole } from '../db/schema';
import { contestTimeS } from './access';
import type { ContestRow } from './contest.repo';

export interface PendingRecord {
  cid: number;
  uid: string;
  pid: number;
  displayId: string;
  submitId: number;
  /** Whole seconds from the contest start. */
  time: number;
  submitTime: Date;
  language: string;
}

/** A contest submission's record, not judged yet (status null); the ingester fills in the verdict. */
export async function insertPendingRecord(tx: Tx, r: PendingRecord): Promise<void> {
  await tx.insert(contestRecord).values({ ...r, status: null });
}

/** Contest records left out of counts and boards: the creator's and super admins'. */
export function excludedFromCounts(c: Pick<ContestRow, 'uid'>): SQL {
  const rootUids = sql`(select ${userRole.uid} from ${userRole} inner join ${roles} on ${roles.id} = ${userRole.roleId} where ${roles.role} = 'root')`;
  return and(ne(contestRecord.uid, c.uid), sql`${contestRecord.uid} not in ${rootUids}`)!;
}

/** Where the counts stop: records with `time` at or after `endS` (the end) or `sealS` (the seal) are left out. */
export interface CountCut {
  endS: number | null;
  sealS: number | null;
}

export type CountRow = { displayId: string; status: number | null; n: number };

function countConds(c: Pick<ContestRow, 'id' | 'uid'>, cut: CountCut, displayId?: string): (SQL | undefined)[] {
  const conds: (SQL | undefined)[] = [eq(contestRecord.cid, c.id), excludedFromCounts(c)];
  if (cut.endS !== null) conds.push(lt(contestRecord.time, cut.endS));
  if (cut.sealS !== null) conds.push(lt(contestRecord.time, cut.sealS));
  if (displayId !== undefined) conds.push(eq(contestRecord.displayId, displayId));
  return conds;
}

/** Per display id and judge status, the contest's counted records within `cut`. */
export async function recordCounts(db: DbOrTx, c: Pick<ContestRow, 'id' | 'uid'>, cut: CountCut, displayId?: string): Promise<CountRow[]> {
  return db
    .select({ displayId: contestRecord.displayId, status: contestRecord.status, n: count() })
    .from(contestRecord)
    .where(and(...countConds(c, cut, displayId)))
    .groupBy(contestRecord.displayId, contestRecord.status);
}

/**
 * The counts the board projection lacks (pending records, and judged ones from before the start — their time is
 * 0), read together with the board version in one snapshot; version null when the contest is gone.
 */
export async function unprojectedCounts(
  db: DbOrTx,
  c: Pick<ContestRow, 'id' | 'uid' | 'startTime'>,
  cut: CountCut,
  displayId?: string,
): Promise<{ version: number | null; rows: CountRow[] }> {
  const conds = countConds(c, cut, displayId);
  conds.push(sql`(${contestRecord.status} is null or (${contestRecord.time} = 0 and ${contestRecord.submitTime} < ${c.startTime.toISOString()}::timestamptz))`);
  const rows = await db.execute<{ v: number; display_id: string | null; status: number | null; n: number | null }>(sql`
    select ${contest.boardVersion} as v, x.display_id, x.status, x.n
    from ${contest} left join lateral (
      select ${contestRecord.displayId} as display_id, ${contestRecord.status} as status, count(*)::int as n
      from ${contestRecord} where ${and(...conds)} group by ${contestRecord.displayId}, ${contestRecord.status}
    ) x on true
    where ${contest.id} = ${c.id}`);
  if (rows.length === 0) return { version: null, rows: [] };
  const out: CountRow[] = [];
  for (const r of rows) if (r.display_id !== null && r.n !== null) out.push({ displayId: r.display_id, status: r.status, n: r.n });
  return { version: Number(rows[0]!.v), rows: out };
}

export type JudgeRowLike = Pick<typeof judge.$inferSelect, 'submitId' | 'cid' | 'status' | 'score' | 'time'>;

/**
 * Stores the verdict of a contest submission on its contest record (status, score, run time). The contest
 * service creates the record (pending) at submit time; one missing is created here from the judge row.
 */
export async function upsertRecord(tx: Tx, j: JudgeRowLike): Promise<typeof contestRecord.$inferSelect | null> {
  const status = isInProgress(j.status) ? null : j.status;
  const [updated] = await tx
    .update(contestRecord)
    .set({ status, score: status === null ? null : j.score, useTime: status === null ? null : j.time, gmtModified: new Date() })
    .where(eq(contestRecord.submitId, j.submitId))
    .returning();
  if (updated) return updated.cid === j.cid ? updated : null;
  const [src] = await tx
    .select({
      uid: judge.uid,
      pid: judge.pid,
      submitTime: judge.submitTime,
      language: judge.language,
      displayId: contestProblem.displayId,
      startTime: contest.startTime,
    })
    .from(judge)
    .innerJoin(contest, eq(contest.id, judge.cid))
    .innerJoin(contestProblem, and(eq(contestProblem.cid, judge.cid), eq(contestProblem.pid, judge.pid)))
    .where(eq(judge.submitId, j.submitId));
  if (!src) return null;
  const [inserted] = await tx
    .insert(contestRecord)
    .values({
      cid: j.cid,
      uid: src.uid,
      pid: src.pid,
      displayId: src.displayId,
      submitId: j.submitId,
      status,
      time: contestTimeS(src, src.submitTime),
      submitTime: src.submitTime,
      score: status === null ? null : j.score,
      useTime: status === null ? null : j.time,
      language: src.language,
    })
    .onConflictDoNothing({ target: contestRecord.submitId })
    .returning();
  return inserted ?? null;
}
