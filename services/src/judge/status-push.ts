// A submission's status as pushed: the event data of a judge row, stored on the submission's topic and its owner's
// (inside the writer's transaction; publish the messages after commit).
import { topics, type PushMessage, type SubmissionStatusData } from '@oj/proto';
import type { Tx } from '../db/client';
import { appendPush } from '../push/push.service';
import type { JudgeRow } from '../submission/submission-row';

export function statusData(row: JudgeRow): SubmissionStatusData {
  return {
    submitId: row.submitId,
    status: row.status,
    time: row.time,
    memory: row.memory,
    score: row.score,
    oiRankScore: row.oiRankScore,
    judger: row.judger,
    isManual: row.isManual,
    casesDone: row.casesDone,
    casesTotal: row.casesTotal,
    version: row.version,
  };
}

export async function pushStatus(tx: Tx, row: JudgeRow): Promise<PushMessage[]> {
  const data = statusData(row);
  return [await appendPush(tx, topics.submission(row.submitId), 'submission.status', data), await appendPush(tx, topics.user(row.uid), 'submission.status', data)];
}
