// The SQL of a group's contests beyond the contest area's own (contest/*.repo.ts): removing them with the group.
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { contest } from '../db/schema';
import { deleteContest } from '../contest/contest-admin.repo';

/** Deletes every contest of group `gid` with its submissions (problems, records, announcements go by cascade). */
export async function deleteGroupContests(tx: Tx, gid: number): Promise<number> {
  const rows = await tx.select({ id: contest.id }).from(contest).where(eq(contest.gid, gid));
  for (const r of rows) await deleteContest(tx, r.id);
  return rows.length;
}
