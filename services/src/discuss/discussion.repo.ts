// The SQL of discussions: the list with its filters, one discussion with its author and category, writing, likes and
// the view count (once per viewer per period).
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { escapeLike } from '../db/paging';
import { discussion, discussionCategory, discussionLike, discussionView, users } from '../db/schema';

export type DiscussionRow = typeof discussion.$inferSelect;

export async function findDiscussion(db: DbOrTx, did: number): Promise<DiscussionRow | undefined> {
  const [d] = await db.select().from(discussion).where(eq(discussion.id, did));
  return d;
}

/** A discussion with what its pages show about the author and the category. */
const withAuthor = {
  d: discussion,
  author: users.username,
  avatar: users.avatar,
  titleName: users.titleName,
  titleColor: users.titleColor,
  categoryName: discussionCategory.name,
};

export type DiscussionWithAuthor = Awaited<ReturnType<typeof discussionWithAuthor>>;

export async function discussionWithAuthor(db: DbOrTx, did: number) {
  const [r] = await db
    .select(withAuthor)
    .from(discussion)
    .innerJoin(users, eq(users.uuid, discussion.uid))
    .leftJoin(discussionCategory, eq(discussionCategory.id, discussion.categoryId))
    .where(eq(discussion.id, did));
  return r;
}

export interface DiscussionFilter {
  /** In the title or the description. */
  keyword?: string;
  pid?: string;
  categoryId?: number;
  uid?: string;
  /** Disabled ones too (admins). */
  withDisabled: boolean;
  /** A group's discussions; without it only the public area's (no group). */
  gid?: number;
}

function listWhere(f: DiscussionFilter): SQL | undefined {
  const like = f.keyword ? `%${escapeLike(f.keyword)}%` : undefined;
  return and(
    like ? or(ilike(discussion.title, like), ilike(discussion.description, like)) : undefined,
    f.pid ? eq(discussion.pid, f.pid) : undefined,
    f.categoryId !== undefined ? eq(discussion.categoryId, f.categoryId) : undefined,
    f.uid ? eq(discussion.uid, f.uid) : undefined,
    f.withDisabled ? undefined : eq(discussion.status, 0),
    f.gid !== undefined ? eq(discussion.gid, f.gid) : isNull(discussion.gid),
  );
}

/** One page of the discussions matching `f`, pinned first then newest first, and the total. */
export async function discussionPage(db: DbOrTx, f: DiscussionFilter, size: number, offset: number) {
  const where = listWhere(f);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(discussion).where(where);
  const rows = await db
    .select(withAuthor)
    .from(discussion)
    .innerJoin(users, eq(users.uuid, discussion.uid))
    .leftJoin(discussionCategory, eq(discussionCategory.id, discussion.categoryId))
    .where(where)
    .orderBy(desc(discussion.topPriority), desc(discussion.id))
    .limit(size)
    .offset(offset);
  return { total: n, rows };
}

/** Discussions `uid` posted in the last `hours` hours. */
export async function discussionsSince(db: DbOrTx, uid: string, hours: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(discussion)
    .where(and(eq(discussion.uid, uid), sql`${discussion.gmtCreate} > now() - make_interval(hours => ${hours}::int)`));
  return row?.n ?? 0;
}

export async function insertDiscussion(
  db: DbOrTx,
  v: { uid: string; title: string; description: string; content: string; pid: string | null; categoryId: number | null; gid?: number },
): Promise<number> {
  const [d] = await db.insert(discussion).values(v).returning({ id: discussion.id });
  return d!.id;
}

export async function updateDiscussionText(db: DbOrTx, did: number, v: { title: string; description: string; content: string }): Promise<void> {
  await db
    .update(discussion)
    .set({ ...v, gmtModified: new Date() })
    .where(eq(discussion.id, did));
}

export async function setDiscussionTop(db: DbOrTx, did: number, topPriority: boolean): Promise<void> {
  await db.update(discussion).set({ topPriority }).where(eq(discussion.id, did));
}

/** Deletes a discussion (its comments, replies, likes, views and reports go with it). */
export async function deleteDiscussion(db: DbOrTx, did: number): Promise<void> {
  await db.delete(discussion).where(eq(discussion.id, did));
}

/** Likes (or unlikes) a discussion once per user: its new like count, or null when nothing changed. */
export async function setDiscussionLike(tx: Tx, uid: string, did: number, like: boolean): Promise<number | null> {
  const mark = like
    ? await tx.insert(discussionLike).values({ uid, did }).onConflictDoNothing().returning({ did: discussionLike.did })
    : await tx.delete(discussionLike).where(and(eq(discussionLike.uid, uid), eq(discussionLike.did, did))).returning({ did: discussionLike.did });
  if (!mark.length) return null;
  const step = like ? sql`${discussion.likeNum} + 1` : sql`greatest(${discussion.likeNum} - 1, 0)`;
  const [row] = await tx.update(discussion).set({ likeNum: step }).where(eq(discussion.id, did)).returning({ likeNum: discussion.likeNum });
  return row?.likeNum ?? 0;
}

export async function hasLiked(db: DbOrTx, uid: string, did: number): Promise<boolean> {
  const [row] = await db
    .select({ did: discussionLike.did })
    .from(discussionLike)
    .where(and(eq(discussionLike.uid, uid), eq(discussionLike.did, did)));
  return row !== undefined;
}

/**
 * Counts a view of `did` by `viewer` unless the same viewer's last counted view is younger than `periodHours`; one
 * statement, so two tabs opened at once count once. Whether it counted.
 */
export async function countViewOnce(db: DbOrTx, did: number, viewer: string, periodHours: number): Promise<boolean> {
  const rows = await db.execute<{ id: number }>(sql`
    with hit as (
      insert into ${discussionView} as v (did, viewer, counted_at) values (${did}, ${viewer}, now())
      on conflict (did, viewer) do update set counted_at = now()
        where v.counted_at <= now() - make_interval(hours => ${periodHours}::int)
      returning 1
    )
    update ${discussion} set view_num = view_num + 1 where id = ${did} and exists (select 1 from hit) returning id`);
  return rows.length > 0;
}
