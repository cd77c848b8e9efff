// Discussion administration (admins): the list with search and paging, pin, disable / enable, delete (each pushed as
// `discussion.changed` to the discussion's open pages); users' reports of a discussion or one of its comments
// (`POST /api/discussion-report`), and the reports queue with resolve.
import {
  OjError,
  type AdminDiscussionBody,
  type AdminDiscussionVO,
  type AdminPageQuery,
  type DiscussionReportBody,
  type DiscussionReportVO,
  type PageOf,
  type ReportListQuery,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { pageOf, pageOffset } from '../db/paging';
import { commentRow } from '../discuss/comment-access';
import { assertDiscussionOpen, discussionRow } from '../discuss/discussion-access';
import { pushDiscussionChanged } from '../discuss/discussion.service';
import { publishAll } from '../push/push.service';
import { adminDiscussionPage, deleteDiscussions, insertReport, reportPage, setReportStatus, updateDiscussionFlags } from './discussion-admin.repo';

export interface DiscussionAdminService {
  list(q: AdminPageQuery): Promise<PageOf<AdminDiscussionVO>>;
  update(body: AdminDiscussionBody): Promise<void>;
  remove(ids: number[]): Promise<void>;
  report(body: DiscussionReportBody, viewer: Viewer): Promise<void>;
  reports(q: ReportListQuery): Promise<PageOf<DiscussionReportVO>>;
  resolve(id: number, status: boolean): Promise<void>;
}

function paging(q: { currentPage?: number; limit?: number }) {
  const current = q.currentPage ?? 1;
  const size = q.limit ?? 10;
  const offset = pageOffset(current, size);
  if (offset === null) throw new OjError('VALIDATION_FAILED', { detail: 'currentPage' });
  return { current, size, offset };
}

export function createDiscussionAdminService(ctx: ServiceContext): DiscussionAdminService {
  const { db } = ctx;
  return {
    async list(q) {
      const { current, size, offset } = paging(q);
      const { total, rows } = await adminDiscussionPage(db, q.keyword?.trim() || undefined, size, offset);
      const records = rows.map(({ d, author, reportCount }) => ({
        id: d.id,
        title: d.title,
        author,
        uid: d.uid,
        topPriority: d.topPriority,
        status: d.status,
        viewNum: d.viewNum,
        likeNum: d.likeNum,
        commentNum: d.commentNum,
        reportCount,
        gmtCreate: d.gmtCreate.toISOString(),
      }));
      return pageOf(records, total, current, size);
    },

    async update(body) {
      if (body.topPriority === undefined && body.status === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'topPriority or status' });
      const set = { ...(body.topPriority !== undefined && { topPriority: body.topPriority }), ...(body.status !== undefined && { status: body.status }) };
      const push = await db.transaction(async (tx) => {
        if (!(await updateDiscussionFlags(tx, body.id, set))) throw new OjError('DISCUSSION_NOT_FOUND');
        return [await pushDiscussionChanged(tx, body.id)];
      });
      await publishAll(ctx.transport, push, ctx.logger);
    },

    async remove(ids) {
      const push = await db.transaction(async (tx) => {
        const gone = await deleteDiscussions(tx, [...new Set(ids)]);
        if (gone.length === 0) throw new OjError('DISCUSSION_NOT_FOUND');
        const out = [];
        for (const did of gone) out.push(await pushDiscussionChanged(tx, did));
        return out;
      });
      await publishAll(ctx.transport, push, ctx.logger);
    },

    async report(body, viewer) {
      assertDiscussionOpen(ctx, viewer);
      const tags = [...new Set(body.tags ?? [])];
      const content = body.content?.trim() ?? '';
      if (tags.length === 0 && content === '') throw new OjError('REPORT_EMPTY');
      const d = await discussionRow(db, body.did, viewer);
      if (body.commentId !== undefined) {
        const c = await commentRow(db, body.commentId);
        if (c.did !== d.id) throw new OjError('COMMENT_NOT_FOUND');
      }
      await insertReport(db, { did: d.id, commentId: body.commentId ?? null, reporterUid: viewer.uid, tags, content });
    },

    async reports(q) {
      const { current, size, offset } = paging(q);
      const { total, rows } = await reportPage(db, q.status, size, offset);
      const records = rows.map(({ r, reporter, title, commentContent }) => ({
        id: r.id,
        did: r.did,
        discussionTitle: title,
        commentId: r.commentId,
        commentContent: commentContent ?? null,
        reporter,
        tags: r.tags,
        content: r.content,
        status: r.status,
        gmtCreate: r.gmtCreate.toISOString(),
      }));
      return pageOf(records, total, current, size);
    },

    async resolve(id, status) {
      if (!(await setReportStatus(db, id, status))) throw new OjError('NOT_FOUND');
    },
  };
}
