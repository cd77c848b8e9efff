// The SQL of comments, replies and comment likes (the discussions' own: discussion.repo.ts).
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { comment, commentLike, discussion, reply, roles, userRole, users } from '../db/schema';

export type CommentRow = typeof comment.$inferSelect;
export type AuthorFilter = (col: typeof comment.fromUid | typeof reply.fromUid) => SQL;

/** The super admins' uids, as a subquery. */
export const rootUids = sql`(select ${userRole.uid} from ${userRole} inner join ${roles} on ${roles.id} = ${userRole.roleId} where ${roles.role} = 'root')`;

/** Only comments (or replies) by `uid`, the contest's creator `creatorUid` or a super admin. */
export const byUserOrContestAdmins =
  (uid: string, creatorUid: string): AuthorFilter =>
  (col) =>
    or(eq(col, uid), eq(col, creatorUid), sql`${col} in ${rootUids}`)!;

/** `root` or `admin` of each uid, for the author tag. */
export async function adminRoleOf(db: DbOrTx, uids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (uids.length === 0) return out;
  const rows = await db
    .select({ uid: userRole.uid, role: roles.role })
    .from(userRole)
    .innerJoin(roles, eq(roles.id, userRole.roleId))
    .where(and(inArray(userRole.uid, uids), inArray(roles.role, ['root', 'admin'])));
  for (const r of rows) if (out.get(r.uid) !== 'root') out.set(r.uid, r.role);
  return out;
}

/** The replies of `commentIds` (only by `authors` when given), oldest first, with both users' names. */
export async function replyRows(db: DbOrTx, commentIds: number[], authors?: AuthorFilter) {
  const toUser = sql<string>`(select username from users where uuid = ${reply.toUid})`;
  return db
    .select({ r: reply, fromName: users.username, fromAvatar: users.avatar, toName: toUser })
    .from(reply)
    .innerJoin(users, eq(users.uuid, reply.fromUid))
    .where(and(inArray(reply.commentId, commentIds), authors?.(reply.fromUid)))
    .orderBy(asc(reply.id));
}

export interface CommentFilter {
  id?: number;
  did?: number;
  cid?: number;
  authors?: AuthorFilter;
}

function commentWhere(f: CommentFilter): SQL | undefined {
  return and(
    f.id !== undefined ? eq(comment.id, f.id) : undefined,
    f.did !== undefined ? eq(comment.did, f.did) : undefined,
    f.cid !== undefined ? eq(comment.cid, f.cid) : undefined,
    f.authors?.(comment.fromUid),
  );
}

/** One page of comments, newest first, with their authors' names and titles. */
export async function commentRows(db: DbOrTx, f: CommentFilter, size: number, offset: number) {
  return db
    .select({ c: comment, fromName: users.username, fromAvatar: users.avatar, titleName: users.titleName, titleColor: users.titleColor })
    .from(comment)
    .innerJoin(users, eq(users.uuid, comment.fromUid))
    .where(commentWhere(f))
    .orderBy(desc(comment.id))
    .limit(size)
    .offset(offset);
}

export async function countComments(db: DbOrTx, f: CommentFilter): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(comment).where(commentWhere(f));
  return n;
}

export async function findComment(db: DbOrTx, id: number): Promise<CommentRow | undefined> {
  const [c] = await db.select().from(comment).where(eq(comment.id, id));
  return c;
}

/** Which of `commentIds` `uid` liked. */
export async function likedBy(db: DbOrTx, uid: string, commentIds: number[]): Promise<number[]> {
  const liked = await db
    .select({ id: commentLike.commentId })
    .from(commentLike)
    .where(and(eq(commentLike.uid, uid), inArray(commentLike.commentId, commentIds)));
  return liked.map((l) => l.id);
}

/** A comment; under a discussion it also counts there. The comment's id and its discussion's new comment count (0 in a contest). */
export async function insertComment(tx: Tx, v: { did: number | null; cid: number | null; fromUid: string; content: string }): Promise<{ id: number; commentNum: number }> {
  const [c] = await tx.insert(comment).values(v).returning({ id: comment.id });
  if (v.did === null) return { id: c!.id, commentNum: 0 };
  const [d] = await tx.update(discussion).set({ commentNum: sql`${discussion.commentNum} + 1` }).where(eq(discussion.id, v.did)).returning({ n: discussion.commentNum });
  return { id: c!.id, commentNum: d?.n ?? 0 };
}

/** Deletes a comment (its replies go with it); its discussion's new comment count (0 in a contest). */
export async function deleteComment(tx: Tx, c: CommentRow): Promise<number> {
  await tx.delete(comment).where(eq(comment.id, c.id));
  if (c.did === null) return 0;
  const [d] = await tx.update(discussion).set({ commentNum: sql`greatest(${discussion.commentNum} - 1, 0)` }).where(eq(discussion.id, c.did)).returning({ n: discussion.commentNum });
  return d?.n ?? 0;
}

/** Likes (or unlikes) a comment once per user: the comment's new like count, or null when nothing changed. */
export async function setLike(tx: Tx, uid: string, commentId: number, like: boolean): Promise<number | null> {
  const mark = like
    ? await tx.insert(commentLike).values({ uid, commentId }).onConflictDoNothing().returning({ id: commentLike.commentId })
    : await tx.delete(commentLike).where(and(eq(commentLike.uid, uid), eq(commentLike.commentId, commentId))).returning({ id: commentLike.commentId });
  if (!mark.length) return null;
  const step = like ? sql`${comment.likeNum} + 1` : sql`greatest(${comment.likeNum} - 1, 0)`;
  const [row] = await tx.update(comment).set({ likeNum: step }).where(eq(comment.id, commentId)).returning({ likeNum: comment.likeNum });
  return row?.likeNum ?? 0;
}

export async function findReplyOf(db: DbOrTx, commentId: number, replyId: number) {
  const [q] = await db.select().from(reply).where(and(eq(reply.id, replyId), eq(reply.commentId, commentId)));
  return q;
}

export async function insertReply(tx: Tx, v: { commentId: number; fromUid: string; toUid: string; content: string }): Promise<number> {
  const [r] = await tx.insert(reply).values(v).returning({ id: reply.id });
  return r!.id;
}

/** A reply with its comment's contest (null outside contests) and discussion (null in a contest). */
export async function findReplyWithSource(db: DbOrTx, replyId: number) {
  const [r] = await db.select({ r: reply, cid: comment.cid, did: comment.did }).from(reply).innerJoin(comment, eq(comment.id, reply.commentId)).where(eq(reply.id, replyId));
  return r;
}

export async function deleteReply(db: DbOrTx, replyId: number): Promise<void> {
  await db.delete(reply).where(eq(reply.id, replyId));
}
