// The SQL of discussion administration: the admin list (with open report counts), pin / disable, delete, and the
// reports queue.
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { escapeLike } from '../db/paging';
import { comment, discussion, discussionReport, users } from '../db/schema';

export async function adminDiscussionPage(db: DbOrTx, keyword: string | undefined, size: number, offset: number) {
  const where = keyword ? ilike(discussion.title, `%${escapeLike(keyword)}%`) : undefined;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(discussion).where(where);
  const rows = await db
    .select({
      d: discussion,
      author: users.username,
      reportCount: sql<number>`(select count(*)::int from ${discussionReport} where ${discussionReport.did} = ${discussion.id} and not ${discussionReport.status})`,
    })
    .from(discussion)
    .innerJoin(users, eq(users.uuid, discussion.uid))
    .where(where)
    .orderBy(desc(discussion.topPriority), desc(discussion.id))
    .limit(size)
    .offset(offset);
  return { total: n, rows };
}

/** Sets pin and/or status; false when there is no such discussion. */
export async function updateDiscussionFlags(db: DbOrTx, id: number, set: { topPriority?: boolean; status?: number }): Promise<boolean> {
  const rows = await db.update(discussion).set({ ...set, gmtModified: new Date() }).where(eq(discussion.id, id)).returning({ id: discussion.id });
  return rows.length > 0;
}

/** Deletes discussions (their comments, replies and reports go with them); the ids deleted. */
export async function deleteDiscussions(db: DbOrTx, ids: number[]): Promise<number[]> {
  return (await db.delete(discussion).where(inArray(discussion.id, ids)).returning({ id: discussion.id })).map((r) => r.id);
}

export async function insertReport(db: DbOrTx, r: { did: number; commentId: number | null; reporterUid: string; tags: string[]; content: string }): Promise<number> {
  const [row] = await db.insert(discussionReport).values(r).returning({ id: discussionReport.id });
  return row!.id;
}

export async function reportPage(db: DbOrTx, status: boolean | undefined, size: number, offset: number) {
  const where = status === undefined ? undefined : eq(discussionReport.status, status);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(discussionReport).where(where);
  const rows = await db
    .select({ r: discussionReport, reporter: users.username, title: discussion.title, commentContent: comment.content })
    .from(discussionReport)
    .innerJoin(users, eq(users.uuid, discussionReport.reporterUid))
    .innerJoin(discussion, eq(discussion.id, discussionReport.did))
    .leftJoin(comment, and(eq(comment.id, discussionReport.commentId)))
    .where(where)
    .orderBy(discussionReport.status, desc(discussionReport.id))
    .limit(size)
    .offset(offset);
  return { total: n, rows };
}

export async function setReportStatus(db: DbOrTx, id: number, status: boolean): Promise<boolean> {
  const rows = await db.update(discussionReport).set({ status, gmtModified: new Date() }).where(eq(discussionReport.id, id)).returning({ id: discussionReport.id });
  return rows.length > 0;
}
