// The judge queue as the database sees it: lanes in the order runners take them, and a pending submission's place.
import { and, count, eq, sql } from 'drizzle-orm';
import { JudgeStatus, type Lane } from '@oj/proto';
import type { DbOrTx } from '../db/client';
import { judge } from '../db/schema';

/** Lane order of the queue (the runner takes contest before practice before rejudge). */
export const LANE_RANK: Record<Lane, number> = { contest: 0, practice: 1, rejudge: 2, test: 3 };
const laneRankSql = sql`case ${judge.lane} when 'contest' then 0 when 'practice' then 1 when 'rejudge' then 2 else 3 end`;

/** 1-based place of a Pending submission in the judge queue: higher lanes first, then by submit id. */
export async function queuePosition(db: DbOrTx, row: { submitId: number; status: number; lane: string }): Promise<number | undefined> {
  if (row.status !== JudgeStatus.PENDING) return undefined;
  const rank = LANE_RANK[row.lane as Lane] ?? LANE_RANK.practice;
  const [hit] = await db
    .select({ n: count() })
    .from(judge)
    .where(and(eq(judge.status, JudgeStatus.PENDING), sql`(${laneRankSql} < ${rank} or (${laneRankSql} = ${rank} and ${judge.submitId} < ${row.submitId}))`));
  return (hit?.n ?? 0) + 1;
}
