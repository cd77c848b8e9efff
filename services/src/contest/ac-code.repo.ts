// The SQL of the accepted-code download: a contest's accepted submissions from its start on, read in batches by
// submit id (ACM: every one; OI: the latest per user and problem), optionally without the super admins and the
// contest's creator (the users the board leaves out).
import { and, asc, count, eq, gt, gte, sql, type SQL } from 'drizzle-orm';
import { JudgeStatus } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { judge } from '../db/schema';
import type { ContestRow } from './access';
import { isRootSql } from './scoreboard/board.repo';

export interface AcCodeFilter {
  excludeAdmin: boolean;
  /** OI: only the latest accepted submission of each user on each problem. */
  latestOnly: boolean;
}

function acWhere(c: Pick<ContestRow, 'id' | 'uid' | 'startTime'>, f: AcCodeFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(judge.cid, c.id), eq(judge.status, JudgeStatus.ACCEPTED), gte(judge.submitTime, c.startTime)];
  if (f.excludeAdmin) conds.push(sql`${judge.uid} <> ${c.uid}`, sql`not ${isRootSql(judge.uid)}`);
  if (f.latestOnly) {
    conds.push(
      sql`not exists (select 1 from judge later where later.cid = ${judge.cid} and later.uid = ${judge.uid} and later.pid = ${judge.pid} and later.status = ${JudgeStatus.ACCEPTED} and later.submit_id > ${judge.submitId})`,
    );
  }
  return and(...conds);
}

export async function countAcCode(db: DbOrTx, c: ContestRow, f: AcCodeFilter): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(judge).where(acWhere(c, f));
  return n;
}

/** The next `limit` accepted submissions after submit id `after`. */
export async function acCodeBatch(db: DbOrTx, c: ContestRow, f: AcCodeFilter, after: number, limit: number) {
  return db
    .select({ submitId: judge.submitId, username: judge.username, displayId: judge.displayPid, language: judge.language, code: judge.code })
    .from(judge)
    .where(and(acWhere(c, f), gt(judge.submitId, after)))
    .orderBy(asc(judge.submitId))
    .limit(limit);
}
