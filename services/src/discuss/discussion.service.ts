// Discussions of the public area: the list (keyword, problem, category, the caller's own; pinned first), the detail
// (a view counts once per viewer per VIEW_PERIOD_HOURS), posting, the author's edit and the author's or an admin's
// delete. The switch, the disabled state and who may read: discussion-access.ts; what may be written:
// discussion-form.ts. Posting needs `discussion_add`, the posting AC gate and stays within the daily limit; every
// change is pushed on `discussion:<did>` so an open page follows it.
import { createHash } from 'node:crypto';
import { OjError, topics, type Discussion, type DiscussionBody, type DiscussionListQuery, type DiscussionUpdateBody, type PageOf, type PushMessage } from '@oj/proto';
import { createPostingGates } from '../account/gates';
import { isAdmin, type Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { isAdminOf } from '../group/group-standing';
import { findVisibleProblem } from '../problem/problem.service';
import { appendPush, publishAll } from '../push/push.service';
import { categoryExists } from './category.repo';
import { assertDiscussionOpen, mayReadDiscussion, readableDiscussion } from './discussion-access';
import { checkDiscussionText } from './discussion-form';
import { discussionCards, discussionDetail } from './discussion-view';
import { countViewOnce, deleteDiscussion, discussionPage, discussionsSince, discussionWithAuthor, hasLiked, insertDiscussion, updateDiscussionText } from './discussion.repo';
import { discussionPush } from '../group/group-live';

/** A reader's views of one discussion count once in this many hours. */
export const VIEW_PERIOD_HOURS = 24;

export interface DiscussionService {
  listDiscussions(q: DiscussionListQuery, viewer?: Viewer | null): Promise<PageOf<Discussion>>;
  /** `reader`: who an anonymous caller is for the view count (the client's address; stored hashed). */
  discussion(did: number, viewer?: Viewer | null, reader?: string): Promise<Discussion>;
  addDiscussion(body: DiscussionBody, viewer: Viewer): Promise<Discussion>;
  updateDiscussion(body: DiscussionUpdateBody, viewer: Viewer): Promise<void>;
  deleteDiscussion(did: number, viewer: Viewer): Promise<void>;
  /** Whether `viewer` may follow `discussion:<did>` (as they may read it). */
  canWatch(did: number, viewer: Viewer | null): Promise<boolean>;
}

/** Stores `discussion.changed` on the discussion's topic: its open pages reload it. */
export const pushDiscussionChanged = (tx: Tx, did: number): Promise<PushMessage> => appendPush(tx, topics.discussion(did), 'discussion.changed', { did });

const viewerKey = (viewer: Viewer | null, reader: string | undefined): string =>
  viewer ? `u:${viewer.uid}` : `a:${createHash('sha256').update(`discussion-view:${reader ?? '-'}`).digest('hex').slice(0, 32)}`;

/**
 * Who may post a new discussion (public or a group's): the role's permission and the AC-count gate (OJ_POST_MIN_AC or
 * the admin's switch), then the daily limit (the original product's `defaultCreateDiscussionDailyLimit`: posts in the
 * last 24 hours; admins are exempt).
 */
export function createDiscussionPostGate(ctx: ServiceContext): (viewer: Viewer) => Promise<void> {
  const gates = createPostingGates(ctx);
  return async (viewer) => {
    await gates.assertCanPost(viewer);
    const daily = ctx.config.discussionDailyLimit;
    if (daily > 0 && !isAdmin(viewer) && (await discussionsSince(ctx.db, viewer.uid, 24)) >= daily) throw new OjError('DISCUSSION_DAILY_LIMIT', { count: daily });
  };
}

export function createDiscussionService(ctx: ServiceContext): DiscussionService {
  const { db, transport, logger } = ctx;
  const assertMayPost = createDiscussionPostGate(ctx);

  async function detail(did: number, viewer: Viewer | null): Promise<Discussion> {
    const row = await discussionWithAuthor(db, did);
    if (!row) throw new OjError('DISCUSSION_NOT_FOUND');
    return discussionDetail(db, row, viewer ? await hasLiked(db, viewer.uid, did) : false);
  }

  /** Runs `change` in a transaction and publishes the `discussion.changed` it stores (and a group's `group.discussion`). */
  async function changed(d: { id: number; gid: number | null }, change: (tx: Tx) => Promise<void>): Promise<void> {
    const pushes = await db.transaction(async (tx) => {
      await change(tx);
      const page = await pushDiscussionChanged(tx, d.id);
      return d.gid === null ? [page] : [page, await discussionPush(tx, d.gid, d.id)];
    });
    await publishAll(transport, pushes, logger);
  }

  return {
    async listDiscussions(q, viewer = null) {
      assertDiscussionOpen(ctx, viewer);
      const size = q.limit ?? 10;
      const current = q.currentPage ?? 1;
      const offset = pageOffset(current, size);
      if (offset === null) throw new OjError('VALIDATION_FAILED', { detail: 'currentPage' });
      const pid = q.pid?.trim() || undefined;
      // A problem's discussions: the problem must be one the caller may see (a page at an unknown id says so).
      if (pid !== undefined && !(await findVisibleProblem(db, pid, viewer))) throw new OjError('PROBLEM_NOT_FOUND');
      const filter = {
        keyword: q.keyword?.trim() || undefined,
        pid,
        categoryId: q.cid,
        uid: q.onlyMine && viewer ? viewer.uid : undefined,
        withDisabled: isAdmin(viewer),
      };
      const { total, rows } = await discussionPage(db, filter, size, offset);
      return pageOf(await discussionCards(db, rows), total, current, size);
    },

    async discussion(did, viewer = null, reader) {
      await readableDiscussion(ctx, did, viewer);
      await countViewOnce(db, did, viewerKey(viewer, reader), VIEW_PERIOD_HOURS);
      return detail(did, viewer);
    },

    async addDiscussion(body, viewer) {
      assertDiscussionOpen(ctx, viewer);
      // Who may post comes first (createDiscussionPostGate), then what was written.
      await assertMayPost(viewer);
      const pid = body.pid?.trim() || null;
      const text = checkDiscussionText(body, pid);
      if (body.categoryId == null) throw new OjError('DISCUSSION_FIELD_REQUIRED', { field: 'category' });
      if (!(await categoryExists(db, body.categoryId))) throw new OjError('DISCUSSION_CATEGORY_NOT_FOUND');
      if (pid !== null && !(await findVisibleProblem(db, pid, viewer))) throw new OjError('PROBLEM_NOT_FOUND');
      const did = await insertDiscussion(db, { uid: viewer.uid, ...text, pid, categoryId: body.categoryId });
      return detail(did, viewer);
    },

    async updateDiscussion(body, viewer) {
      const d = await readableDiscussion(ctx, body.id, viewer);
      if (d.uid !== viewer.uid) throw new OjError('DISCUSSION_EDIT_FORBIDDEN');
      // The category and the problem stay as posted (the edit dialog locks the category).
      const text = checkDiscussionText(body, d.pid);
      await changed(d, (tx) => updateDiscussionText(tx, d.id, text));
    },

    async deleteDiscussion(did, viewer) {
      const d = await readableDiscussion(ctx, did, viewer);
      // A group's discussion is moderated by its group's admins (and super admins), not by the site's admins.
      const moderator = d.gid == null ? isAdmin(viewer) : await isAdminOf(db, d.gid, viewer);
      if (d.uid !== viewer.uid && !moderator) throw new OjError('DISCUSSION_DELETE_FORBIDDEN');
      await changed(d, (tx) => deleteDiscussion(tx, d.id));
    },

    canWatch: (did, viewer) => mayReadDiscussion(ctx, did, viewer),
  };
}
