// The SQL of discussions, comments, replies and likes.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { escapeLike } from '../db/paging';
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

export async function findDiscussion(db: DbOrTx, did: number) {
  const [d] = await db.select().from(discussion).where(eq(discussion.id, did));
  return d;
}

/** A discussion with its author's name and avatar. */
export async function discussionWithAuthor(db: DbOrTx, did: number) {
  const [r] = await db
    .select({ d: discussion, author: users.username, avatar: users.avatar })
    .from(discussion)
    .innerJoin(users, eq(users.uuid, discussion.uid))
    .where(eq(discussion.id, did));
  return r;
}

/**
 * Discussion ids of one page, pinned first then newest first, whose title contains `keyword` (disabled ones only
 * with `withDisabled`, for admins); and the total.
 */
export async function discussionIdPage(db: DbOrTx, f: { keyword?: string; pid?: string }, size: number, offset: number, withDisabled = false) {
  const where = and(
    f.keyword ? ilike(discussion.title, `%${escapeLike(f.keyword)}%`) : undefined,
    f.pid ? eq(discussion.pid, f.pid) : undefined,
    withDisabled ? undefined : eq(discussion.status, 0),
  );
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(discussion).where(where);
  const ids = await db
    .select({ id: discussion.id })
    .from(discussion)
    .where(where)
    .orderBy(desc(discussion.topPriority), desc(discussion.id))
    .limit(size)
    .offset(offset);
  return { total: n, ids: ids.map((r) => r.id) };
}

export async function countView(db: DbOrTx, did: number): Promise<void> {
  await db.update(discussion).set({ viewNum: sql`${discussion.viewNum} + 1` }).where(eq(discussion.id, did));
}

/** Discussions `uid` posted in the last `hours` hours. */
export async function discussionsSince(db: DbOrTx, uid: string, hours: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(discussion)
    .where(and(eq(discussion.uid, uid), sql`${discussion.gmtCreate} > now() - make_interval(hours => ${hours}::int)`));
  return row?.n ?? 0;
}

export async function insertDiscussion(db: DbOrTx, v: { uid: string; title: string; description: string; content: string; pid: string | null }): Promise<number> {
  const [d] = await db.insert(discussion).values(v).returning({ id: discussion.id });
  return d!.id;
}

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

/** A comment; under a discussion it also counts there. */
export async function insertComment(tx: Tx, v: { did: number | null; cid: number | null; fromUid: string; content: string }): Promise<number> {
  const [c] = await tx.insert(comment).values(v).returning({ id: comment.id });
  if (v.did !== null) await tx.update(discussion).set({ commentNum: sql`${discussion.commentNum} + 1` }).where(eq(discussion.id, v.did));
  return c!.id;
}

export async function deleteComment(tx: Tx, c: CommentRow): Promise<void> {
  await tx.delete(comment).where(eq(comment.id, c.id));
  if (c.did !== null) await tx.update(discussion).set({ commentNum: sql`greatest(${discussion.commentNum} - 1, 0)` }).where(eq(discussion.id, c.did));
}

/** Likes (or unlikes) a comment once per user; whether anything changed. */
export async function setLike(tx: Tx, uid: string, commentId: number, like: boolean): Promise<boolean> {
  if (!like) {
    const gone = await tx.delete(commentLike).where(and(eq(commentLike.uid, uid), eq(commentLike.commentId, commentId))).returning({ id: commentLike.commentId });
    if (gone.length) await tx.update(comment).set({ likeNum: sql`greatest(${comment.likeNum} - 1, 0)` }).where(eq(comment.id, commentId));
    return gone.length > 0;
  }
  const added = await tx.insert(commentLike).values({ uid, commentId }).onConflictDoNothing().returning({ id: commentLike.commentId });
  if (!added.length) return false;
  await tx.update(comment).set({ likeNum: sql`${comment.likeNum} + 1` }).where(eq(comment.id, commentId));
  return true;
}

export async function findReplyOf(db: DbOrTx, commentId: number, replyId: number) {
  const [q] = await db.select().from(reply).where(and(eq(reply.id, replyId), eq(reply.commentId, commentId)));
  return q;
}

export async function insertReply(tx: Tx, v: { commentId: number; fromUid: string; toUid: string; content: string }): Promise<number> {
  const [r] = await tx.insert(reply).values(v).returning({ id: reply.id });
  return r!.id;
}

/** A reply with its comment's contest (null outside contests). */
export async function findReplyWithContest(db: DbOrTx, replyId: number) {
  const [r] = await db.select({ r: reply, cid: comment.cid }).from(reply).innerJoin(comment, eq(comment.id, reply.commentId)).where(eq(reply.id, replyId));
  return r;
}

export async function deleteReply(db: DbOrTx, replyId: number): Promise<void> {
  await db.delete(reply).where(eq(reply.id, replyId));
}
