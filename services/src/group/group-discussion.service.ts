// A group's discussions (issue 19, item 8): rows of `discussion` with the group's `gid`, open only while the site
// switch `openGroupDiscussion` is on (super admins pass). Members list, read and post them (the public area's posting
// gates and daily limit apply); the author edits and deletes their own; the group's admins (auth ≥ 4) and super
// admins moderate: they see disabled ones in their list, delete any and pin (`topPriority`). Reading one discussion,
// its comments, replies and likes goes through the public routes, which apply these rules to a discussion with a gid
// (discuss/discussion-access.ts). Every change is pushed on `discussion:<did>`.
import { OjError, type Discussion, type GroupDiscussionBody, type GroupDiscussionListQuery, type GroupDiscussionUpdateBody, type PageOf } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type Tx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { categoryExists } from '../discuss/category.repo';
import { assertGroupDiscussionOpen } from '../discuss/discussion-access';
import { checkDiscussionText } from '../discuss/discussion-form';
import { discussionCards } from '../discuss/discussion-view';
import { deleteDiscussion, discussionPage, findDiscussion, insertDiscussion, setDiscussionTop, updateDiscussionText, type DiscussionRow } from '../discuss/discussion.repo';
import { createDiscussionPostGate, pushDiscussionChanged } from '../discuss/discussion.service';
import { findVisibleProblem } from '../problem/problem.service';
import { publishAll } from '../push/push.service';
import { isGroupAdmin } from './group-access';
import { discussionPush } from './group-live';
import { adminView, memberView } from './group-standing';

export interface GroupDiscussionService {
  list(q: GroupDiscussionListQuery, viewer: Viewer): Promise<PageOf<Discussion>>;
  adminList(q: GroupDiscussionListQuery, viewer: Viewer): Promise<PageOf<Discussion>>;
  /** Answers the new discussion's id (the original answered null). */
  add(body: GroupDiscussionBody, viewer: Viewer): Promise<{ id: number }>;
  update(body: GroupDiscussionUpdateBody, viewer: Viewer): Promise<void>;
  remove(did: number, viewer: Viewer): Promise<void>;
}

export function createGroupDiscussionService(ctx: ServiceContext): GroupDiscussionService {
  const { db } = ctx;
  const assertMayPost = createDiscussionPostGate(ctx);

  async function page(q: GroupDiscussionListQuery, withDisabled: boolean): Promise<PageOf<Discussion>> {
    const size = q.limit ?? 10;
    const current = q.currentPage ?? 1;
    const offset = pageOffset(current, size);
    if (offset === null) throw new OjError('VALIDATION_FAILED', { detail: 'currentPage' });
    const filter = { gid: q.gid, pid: q.pid?.trim() || undefined, withDisabled };
    const { total, rows } = await discussionPage(db, filter, size, offset);
    return pageOf(await discussionCards(db, rows), total, current, size);
  }

  /** A discussion of a group the caller is a member of (a public one is not found here), and whether they moderate it. */
  async function groupDiscussion(did: number, viewer: Viewer): Promise<{ d: DiscussionRow & { gid: number }; moderator: boolean }> {
    assertGroupDiscussionOpen(ctx, viewer);
    const d = isInt4(did) ? await findDiscussion(db, did) : undefined;
    if (!d || d.gid === null) throw new OjError('DISCUSSION_NOT_FOUND');
    const { standing } = await memberView(db, d.gid, viewer);
    const moderator = isGroupAdmin(standing);
    if (d.status !== 0 && !moderator) throw new OjError('DISCUSSION_NOT_FOUND');
    return { d: { ...d, gid: d.gid }, moderator };
  }

  /** `change` in a transaction with its pushes: `discussion.changed` for the page, `group.discussion` for the tab. */
  async function changed(d: { id: number; gid: number }, change: (tx: Tx) => Promise<void>): Promise<void> {
    const pushes = await db.transaction(async (tx) => {
      await change(tx);
      return [await pushDiscussionChanged(tx, d.id), await discussionPush(tx, d.gid, d.id)];
    });
    await publishAll(ctx.transport, pushes, ctx.logger);
  }

  return {
    async list(q, viewer) {
      assertGroupDiscussionOpen(ctx, viewer);
      await memberView(db, q.gid, viewer);
      return page(q, false);
    },

    async adminList(q, viewer) {
      assertGroupDiscussionOpen(ctx, viewer);
      await adminView(db, q.gid, viewer);
      return page(q, true);
    },

    async add(body, viewer) {
      assertGroupDiscussionOpen(ctx, viewer);
      const { group } = await memberView(db, body.gid, viewer);
      await assertMayPost(viewer);
      const pid = body.pid?.trim() || null;
      const text = checkDiscussionText(body, pid);
      // The category is optional in a group (the original group form has none); one given must exist.
      const categoryId = body.categoryId ?? null;
      if (categoryId !== null && !(await categoryExists(db, categoryId))) throw new OjError('DISCUSSION_CATEGORY_NOT_FOUND');
      if (pid !== null && !(await findVisibleProblem(db, pid, viewer))) throw new OjError('PROBLEM_NOT_FOUND');
      const { id, push } = await db.transaction(async (tx) => {
        const did = await insertDiscussion(tx, { uid: viewer.uid, ...text, pid, categoryId, gid: group.id });
        return { id: did, push: await discussionPush(tx, group.id, did) };
      });
      await publishAll(ctx.transport, [push], ctx.logger);
      return { id };
    },

    async update(body, viewer) {
      const { d, moderator } = await groupDiscussion(body.id, viewer);
      const editsText = body.title !== undefined || body.content !== undefined;
      // The author's edit needs the role's `discussion_edit` as the public route (muted roles lack it).
      if (editsText && (d.uid !== viewer.uid || !viewer.permissions.includes('discussion_edit'))) throw new OjError('DISCUSSION_EDIT_FORBIDDEN');
      if (body.topPriority !== undefined && !moderator) throw new OjError('GROUP_FORBIDDEN');
      if (!editsText && body.topPriority === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'nothing to change' });
      // The problem stays as posted; checked before the transaction so a bad text changes nothing.
      const text = editsText ? checkDiscussionText({ title: body.title ?? '', description: body.description, content: body.content ?? '' }, d.pid) : null;
      await changed(d, async (tx) => {
        if (text) await updateDiscussionText(tx, d.id, text);
        if (body.topPriority !== undefined) await setDiscussionTop(tx, d.id, body.topPriority);
      });
    },

    async remove(did, viewer) {
      const { d, moderator } = await groupDiscussion(did, viewer);
      // The author with the role's `discussion_del` (as the public route), or a moderator.
      const author = d.uid === viewer.uid && viewer.permissions.includes('discussion_del');
      if (!author && !moderator) throw new OjError('DISCUSSION_DELETE_FORBIDDEN');
      await changed(d, (tx) => deleteDiscussion(tx, d.id));
    },
  };
}
