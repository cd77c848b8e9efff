// Discussions: the minimal host of comments (list by title, read with a view count, post).
import { OjError, type Discussion, type DiscussionBody, type PageOf } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx } from '../db/client';
import { pageOffset } from '../db/paging';
import { countView, discussionIdPage, discussionWithAuthor, findDiscussion, insertDiscussion } from './discuss.repo';

export interface DiscussionService {
  listDiscussions(q: { currentPage?: number; limit?: number; keyword?: string }): Promise<PageOf<Discussion>>;
  discussion(did: number): Promise<Discussion>;
  addDiscussion(body: DiscussionBody, viewer: Viewer): Promise<Discussion>;
}

/** Discussion `did`, or DISCUSSION_NOT_FOUND. */
export async function discussionRow(db: DbOrTx, did: number) {
  if (!isInt4(did)) throw new OjError('DISCUSSION_NOT_FOUND');
  const d = await findDiscussion(db, did);
  if (!d) throw new OjError('DISCUSSION_NOT_FOUND');
  return d;
}

export function createDiscussionService(ctx: ServiceContext): DiscussionService {
  const { db } = ctx;

  async function discussionVO(did: number): Promise<Discussion> {
    const r = await discussionWithAuthor(db, did);
    if (!r) throw new OjError('DISCUSSION_NOT_FOUND');
    const { d } = r;
    return { id: d.id, title: d.title, description: d.description, content: d.content, uid: d.uid, author: r.author, avatar: r.avatar, viewNum: d.viewNum, likeNum: d.likeNum, commentNum: d.commentNum, gmtCreate: d.gmtCreate.toISOString() };
  }

  return {
    async listDiscussions(q) {
      const size = q.limit ?? 10;
      const current = q.currentPage ?? 1;
      const offset = pageOffset(current, size);
      if (offset === null) throw new OjError('VALIDATION_FAILED', { detail: 'currentPage' });
      const { total: n, ids } = await discussionIdPage(db, q.keyword?.trim() || undefined, size, offset);
      const records = await Promise.all(ids.map((id) => discussionVO(id)));
      return { records, total: n, size, current, pages: Math.ceil(n / size) };
    },

    async discussion(did) {
      await discussionRow(db, did);
      await countView(db, did);
      return discussionVO(did);
    },

    async addDiscussion(body, viewer) {
      const title = body.title.trim();
      if (!title) throw new OjError('DISCUSSION_TITLE_EMPTY');
      const content = body.content.trim();
      if (!content) throw new OjError('COMMENT_EMPTY');
      return discussionVO(await insertDiscussion(db, { uid: viewer.uid, title, description: body.description?.trim() ?? '', content }));
    },
  };
}
