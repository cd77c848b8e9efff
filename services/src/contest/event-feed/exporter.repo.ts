// The SQL of the event-feed export: a contest's records with their users, and its problems in display order.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contestProblem, contestRecord, problems, users } from '../../db/schema';

/** Every record of contest `cid` with its user's names, by submit time. */
export async function exportRecords(db: DbOrTx, cid: number) {
  return db
    .select({
      id: contestRecord.id,
      uid: contestRecord.uid,
      pid: contestRecord.pid,
      displayId: contestRecord.displayId,
      submitId: contestRecord.submitId,
      status: contestRecord.status,
      submitTime: contestRecord.submitTime,
      score: contestRecord.score,
      useTime: contestRecord.useTime,
      language: contestRecord.language,
      externalId: contestRecord.externalId,
      username: users.username,
      nickname: users.nickname,
      realname: users.realname,
      school: users.school,
    })
    .from(contestRecord)
    .innerJoin(users, eq(users.uuid, contestRecord.uid))
    .where(eq(contestRecord.cid, cid))
    .orderBy(asc(contestRecord.submitTime), asc(contestRecord.id));
}

/** The contest's problems with their time limits, by display id. */
export async function exportProblems(db: DbOrTx, cid: number) {
  return db
    .select({ id: contestProblem.id, displayId: contestProblem.displayId, displayTitle: contestProblem.displayTitle, color: contestProblem.color, timeLimit: problems.timeLimit })
    .from(contestProblem)
    .innerJoin(problems, eq(problems.id, contestProblem.pid))
    .where(eq(contestProblem.cid, cid))
    .orderBy(asc(contestProblem.displayId), asc(contestProblem.id));
}
