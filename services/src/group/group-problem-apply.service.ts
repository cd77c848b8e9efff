// The site's examination of group problems applying to be public (`/admin/group-problem/apply`, root and problem
// admins): the list of applications (open ones first) and the decision. Approved (2): the problem becomes public and
// leaves its group's lists (its `gid` stays as where it came from); refused (3): it stays the group's, and its
// authors may apply again; 1: back to applying.
import { GROUP_PAGE_SIZES, OjError, ROLE, type ChangeGroupProblemProgressBody, type GroupApplyProblemListQuery, type GroupApplyProblemRow, type PageOf } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4 } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { findProblemById } from '../problem/problem.repo';
import { applyPage, setApplyProgress } from './group-problem.repo';
import { groupNames } from './group.repo';

export interface GroupProblemApplyService {
  list(q: GroupApplyProblemListQuery, viewer: Viewer): Promise<PageOf<GroupApplyProblemRow>>;
  changeProgress(body: ChangeGroupProblemProgressBody, viewer: Viewer): Promise<void>;
}

function requireExaminer(v: Viewer): void {
  if (!v.roles.includes(ROLE.ROOT) && !v.roles.includes(ROLE.PROBLEM_ADMIN)) throw new OjError('AUTH_FORBIDDEN');
}

export function createGroupProblemApplyService(ctx: ServiceContext): GroupProblemApplyService {
  const { db } = ctx;
  return {
    async list(q, viewer) {
      requireExaminer(viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? GROUP_PAGE_SIZES.adminProblems;
      const keyword = q.keyword?.trim();
      const { total, rows } = await applyPage(db, { ...(keyword && { keyword }), ...(q.gid !== undefined && { gid: q.gid }) }, size, pageOffset(current, size));
      const names = await groupNames(db, [...new Set(rows.flatMap((r) => (r.gid === null ? [] : [r.gid])))]);
      const records = rows.map((p) => ({
        id: p.id,
        problemId: p.problemId,
        title: p.title,
        author: p.author,
        gid: p.gid,
        groupName: p.gid === null ? null : (names.get(p.gid) ?? null),
        applyPublicProgress: p.applyPublicProgress ?? 0,
        gmtModified: p.gmtModified.toISOString(),
      }));
      return pageOf(records, total, current, size);
    },

    async changeProgress(body, viewer) {
      requireExaminer(viewer);
      const p = isInt4(body.pid) ? await findProblemById(db, body.pid) : undefined;
      if (!p || p.applyPublicProgress === null) throw new OjError('PROBLEM_NOT_FOUND');
      await setApplyProgress(db, p.id, body.progress, viewer.username);
      ctx.logger.info({ pid: p.id, gid: p.gid, progress: body.progress, by: viewer.username }, 'group problem application examined');
    },
  };
}
