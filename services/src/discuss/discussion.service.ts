// Discussions: the host of comments (list by title with pinned ones first, read with a view count, post). The public
// discussion area follows the site switch `openPublicDiscussion` (read at call time, so an admin's change applies at
// once); a disabled discussion is shown to admins only; posting needs `discussion_add`, the posting AC gate and stays
// within the daily limit.
import { OjError, type Discussion, type DiscussionBody, type PageOf } from '@oj/proto';
import { createPostingGates } from '../account/gates';
import { isAdmin, type Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx } from '../db/client';
import { pageOffset } from '../db/paging';
import { findVisibleProblem } from '../problem/problem.service';
import { countView, discussionIdPage, discussionsSince, discussionWithAuthor, findDiscussion, insertDiscussion } from './discuss.repo';

export interface DiscussionService {
  listDiscussions(q: { currentPage?: number; limit?: number; keyword?: string; pid?: string }, viewer?: Viewer | null): Promise<PageOf<Discussion>>;
  discussion(did: number, viewer?: Viewer | null): Promise<Discussion>;
  addDiscussion(body: DiscussionBody, viewer: Viewer): Promise<Discussion>;
}

/** Discussion `did`, or DISCUSSION_NOT_FOUND (also for a disabled one unless `viewer` is an admin). */
export async function discussionRow(db: DbOrTx, did: number, viewer: Viewer | null = null) {
  if (!isInt4(did)) throw new OjError('DISCUSSION_NOT_FOUND');
  const d = await findDiscussion(db, did);
  if (!d || (d.status !== 0 && !isAdmin(viewer))) throw new OjError('DISCUSSION_NOT_FOUND');
  return d;
}

/** Refuses the public discussion area (discussions and their comments) while the site switch is off; admins pass. */
export function assertDiscussionOpen(ctx: Pick<ServiceContext, 'config'>, viewer: Viewer | null): void {
  if (!ctx.config.site.openPublicDiscussion && !isAdmin(viewer)) throw new OjError('DISCUSSION_CLOSED');
}

export function createDiscussionService(ctx: ServiceContext): DiscussionService {
  const { db } = ctx;
  const gates = createPostingGates(ctx);

  async function discussionVO(did: number): Promise<Discussion> {
    const r = await discussionWithAuthor(db, did);
    if (!r) throw new OjError('DISCUSSION_NOT_FOUND');
    const { d } = r;
    return {
      id: d.id,
      title: d.title,
      description: d.description,
      content: d.content,
      uid: d.uid,
      author: r.author,
      avatar: r.avatar,
      viewNum: d.viewNum,
      likeNum: d.likeNum,
      commentNum: d.commentNum,
      topPriority: d.topPriority,
      pid: d.pid,
      status: d.status,
      gmtCreate: d.gmtCreate.toISOString(),
    };
  }

  return {
    async listDiscussions(q, viewer = null) {
      assertDiscussionOpen(ctx, viewer);
      const size = q.limit ?? 10;
      const current = q.currentPage ?? 1;
      const offset = pageOffset(current, size);
      if (offset === null) throw new OjError('VALIDATION_FAILED', { detail: 'currentPage' });
      const { total: n, ids } = await discussionIdPage(db, { keyword: q.keyword?.trim() || undefined, pid: q.pid?.trim() || undefined }, size, offset, isAdmin(viewer));
      const records = await Promise.all(ids.map((id) => discussionVO(id)));
      return { records, total: n, size, current, pages: Math.ceil(n / size) };
    },

    async discussion(did, viewer = null) {
      assertDiscussionOpen(ctx, viewer);
      await discussionRow(db, did, viewer);
      await countView(db, did);
      return discussionVO(did);
    },

    async addDiscussion(body, viewer) {
      assertDiscussionOpen(ctx, viewer);
      const title = body.title.trim();
      if (!title) throw new OjError('DISCUSSION_TITLE_EMPTY');
      const content = body.content.trim();
      if (!content) throw new OjError('COMMENT_EMPTY');
      // The role's permission and the AC-count gate (OJ_POST_MIN_AC or the admin's switch), then the daily limit
      // (the original product's `defaultCreateDiscussionDailyLimit`: posts in the last 24 hours; admins are exempt).
      await gates.assertCanPost(viewer);
      const daily = ctx.config.discussionDailyLimit;
      if (daily > 0 && !isAdmin(viewer) && (await discussionsSince(db, viewer.uid, 24)) >= daily) throw new OjError('DISCUSSION_DAILY_LIMIT', { count: daily });
      const pid = body.pid?.trim() || null;
      if (pid !== null && !(await findVisibleProblem(db, pid, viewer))) throw new OjError('PROBLEM_NOT_FOUND');
      return discussionVO(await insertDiscussion(db, { uid: viewer.uid, title, description: body.description?.trim() ?? '', content, pid }));
    },
  };
}
