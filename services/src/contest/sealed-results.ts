// Results a contest's seal hides, for the places outside the contest's own views that carry a contest submission's
// status: the owner's `user:<uid>` topic (an OI contest hides results from the contestant too, the original's −5)
// and the admin dashboard's verdict feed (a site admin is not every contest's admin).
import { isInProgress, JudgeStatus, type SubmissionStatusData } from '@oj/proto';
import { makeViewer } from '../account/viewer';
import { rolesOf } from '../account/account.repo';
import type { DbOrTx } from '../db/client';
import { isBoardSealed, isContestAdmin, type ContestRow } from './access';
import { findContest } from './contest.repo';
import { sealAt } from './contest-view';
import { unreleasedExamSubmissions } from '../education/task.repo';

const hiddenExamResult = async (db: DbOrTx, row: { submitId: number; uid: string }): Promise<boolean> => {
  const e = (await unreleasedExamSubmissions(db, [row.submitId])).get(row.submitId);
  return e !== undefined && e.teacher !== row.uid;
};

/** Whether the public views hide the result of a submission made at `submitTime` in `c` now. */
export function hiddenBySeal(c: ContestRow, submitTime: Date, now = Date.now()): boolean {
  const seal = sealAt(c);
  return seal !== null && submitTime.getTime() >= seal.getTime() && isBoardSealed(c, now);
}

/** A status with its result taken out: −5 once final (progress stays), no time, memory, score or judger. */
export function maskedStatus<T extends Pick<SubmissionStatusData, 'status' | 'time' | 'memory' | 'judger'>>(d: T): T {
  return { ...d, status: isInProgress(d.status) ? d.status : JudgeStatus.SUBMITTED_UNKNOWN_RESULT, time: null, memory: null, judger: null };
}

/**
 * The `submission.status` of a contest submission as its owner's `user:` topic may carry it: unchanged unless an
 * OI contest's seal hides the result from the contestant (then masked, case progress too).
 */
export async function ownerStatusData(db: DbOrTx, row: { submitId: number; cid: number; uid: string; submitTime: Date }, data: SubmissionStatusData): Promise<SubmissionStatusData> {
  // A course exam's submission stays −5 for its student until the teacher releases the results (docs/education.md).
  if (row.cid <= 0) return (await hiddenExamResult(db, row)) ? { ...maskedStatus(data), score: null, oiRankScore: null } : data;
  const c = await findContest(db, row.cid);
  // ACM contestants always see their own results (type 0); an OI contest's own results from the seal on are −5.
  if (!c || c.type !== 1 || !hiddenBySeal(c, row.submitTime)) return data;
  if (isContestAdmin(makeViewer(row.uid, '', await rolesOf(db, row.uid)), c)) return data;
  return { ...maskedStatus(data), score: null, oiRankScore: null, casesDone: 0 };
}
