// Group contests (issue 19, item 7): a `contest` row with the group's `gid`, listed and managed inside the group.
// The members' list shows its visible contests; its admins create them with the contest admin's form and rules,
// and the group root or the contest's creator (while a group admin) edits, hides, deletes them and manages their
// problems (from the bank's public problems or the group's own) and announcements. The contest pages themselves
// are the site's, with the group's access rules (contest/access.ts: members only, a hidden group's invisible).
import {
  OjError,
  PAGE_SIZES,
  type AddGroupContestProblemQuery,
  type AdminContestVO,
  type ContestOwnProblemDTO,
  type ContestVO,
  type GroupContestBody,
  type GroupContestListQuery,
  type PageOf,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx, type Tx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { publishAll } from '../push/push.service';
import { isContestAdmin, loadContest, type ContestGuard, type ContestRow } from '../contest/access';
import { createContestAnnouncementService, type ContestAnnouncementService } from '../contest/announcement.service';
import { createContest, createContestAdminService, type ContestAdminService } from '../contest/contest-admin.service';
import { deleteContest, listAdminContests } from '../contest/contest-admin.repo';
import { assertRoomFor, problemPart, savingPlace } from '../contest/contest-own-problem.service';
import { putInContest } from '../contest/contest-problem-admin.service';
import { insertContestProblem } from '../contest/contest-problem.repo';
import { boardRulesChanged } from '../contest/scoreboard/projector';
import { listVisibleContests, participantCounts } from '../contest/contest.repo';
import { toAdminContestVO, toContestVO } from '../contest/contest-view';
import { setProblemAuth } from '../problem-admin/problem-admin.repo';
import type { TestdataService } from '../testdata/testdata.service';
import { groupProblemByDisplayId } from './group-problem.repo';
import { createGroupProblemService } from './group-problem.service';
import { adminView, memberView } from './group-standing';

/** A problem's auth 3: shown only inside contests. */
const CONTEST_ONLY = 3;

/**
 * A group contest the caller may manage: it exists for the caller (GROUP_NOT_FOUND otherwise), the caller is one
 * of its group's admins (GROUP_FORBIDDEN) and its root or the contest's creator (CONTEST_ADMIN_ONLY).
 */
export const managedGroupContest: ContestGuard = async (db: DbOrTx, cid: number, viewer: Viewer): Promise<ContestRow> => {
  if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
  const c = await loadContest(db, cid);
  if (c.gid === null) throw new OjError('CONTEST_NOT_FOUND');
  await adminView(db, c.gid, viewer);
  if (!isContestAdmin(viewer, c)) throw new OjError('CONTEST_ADMIN_ONLY');
  return c;
};

export interface GroupContestService
  extends Pick<ContestAdminService, 'adminGet' | 'update' | 'changeVisible' | 'adminProblemList' | 'contestProblem' | 'setContestProblem' | 'addProblemFromPublic' | 'removeProblem'> {
  /** The group's visible contests, for its members (running first, as the contest list). */
  list(q: GroupContestListQuery, viewer: Viewer): Promise<PageOf<ContestVO>>;
  /** Every contest of the group, for its admins. */
  adminList(q: GroupContestListQuery, viewer: Viewer): Promise<PageOf<AdminContestVO>>;
  create(body: GroupContestBody, viewer: Viewer): Promise<{ cid: number }>;
  remove(cid: number, viewer: Viewer): Promise<void>;
  addProblemFromGroup(q: AddGroupContestProblemQuery, viewer: Viewer): Promise<void>;
  /**
   * `POST /api/group/contest-problem`: a new group problem (contest only) made inside the contest and placed in it
   * under its display id, all in one transaction.
   */
  createProblem(dto: ContestOwnProblemDTO, viewer: Viewer): Promise<{ pid: number; problemId: string }>;
  announcements: Pick<ContestAnnouncementService, 'adminList' | 'create' | 'update'>;
  removeAnnouncement(aid: number, cid: number, viewer: Viewer): Promise<void>;
}

export function createGroupContestService(ctx: ServiceContext, testdata: TestdataService): GroupContestService {
  const { db } = ctx;
  const groupProblems = createGroupProblemService(ctx, testdata);
  const admin = createContestAdminService(ctx, managedGroupContest);
  const announcements = createContestAnnouncementService(ctx, managedGroupContest);
  const page = (q: GroupContestListQuery) => ({ current: q.currentPage ?? 1, size: q.limit ?? PAGE_SIZES.contestList });

  return {
    adminGet: admin.adminGet,
    update: admin.update,
    changeVisible: admin.changeVisible,
    adminProblemList: admin.adminProblemList,
    contestProblem: admin.contestProblem,
    setContestProblem: admin.setContestProblem,
    addProblemFromPublic: admin.addProblemFromPublic,
    removeProblem: admin.removeProblem,
    announcements,

    async list(q, viewer) {
      await memberView(db, q.gid, viewer);
      const { current, size } = page(q);
      const { total, rows } = await listVisibleContests(db, { gid: q.gid, now: new Date() }, size, pageOffset(current, size));
      const counts = await participantCounts(db, rows.map((r) => r.id));
      return pageOf(rows.map((c) => toContestVO(c, counts.get(c.id) ?? 0)), total, current, size);
    },

    async adminList(q, viewer) {
      await adminView(db, q.gid, viewer);
      const { current, size } = page(q);
      const { total, rows } = await listAdminContests(db, { uid: null, gid: q.gid }, size, pageOffset(current, size));
      const counts = await participantCounts(db, rows.map((r) => r.id));
      return pageOf(rows.map((c) => toAdminContestVO(c, counts.get(c.id) ?? 0)), total, current, size);
    },

    async create(body, viewer) {
      if (body.gid === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'gid' });
      const { group } = await adminView(db, body.gid, viewer);
      const { gid: _gid, ...form } = body;
      return { cid: await createContest(db, form, viewer, group.id) };
    },

    async remove(cid, viewer) {
      await db.transaction(async (tx) => {
        const c = await managedGroupContest(tx, cid, viewer);
        await deleteContest(tx, c.id);
      });
    },

    async addProblemFromGroup(q, viewer) {
      const c = await managedGroupContest(db, q.cid, viewer);
      const p = await groupProblemByDisplayId(db, c.gid!, q.problemId.trim());
      if (!p) throw new OjError('GROUP_PROBLEM_NOT_FOUND');
      await publishAll(ctx.transport, await putInContest(ctx.db, c, p, { displayId: q.displayId }), ctx.logger);
      if (q.contestOnly && p.auth !== CONTEST_ONLY) await setProblemAuth(db, p.id, CONTEST_ONLY, viewer.username);
    },

    async createProblem(dto, viewer) {
      const c = await managedGroupContest(db, dto.cid, viewer);
      const displayId = dto.displayId.trim();
      const displayTitle = dto.displayTitle.trim();
      if (!displayTitle) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'displayTitle' });
      await assertRoomFor(db, c.id, displayId);
      const place = async (tx: Tx, pid: number) => {
        // The contest checked again inside the transaction: it may have gone meanwhile.
        await managedGroupContest(tx, c.id, viewer);
        await insertContestProblem(tx, { cid: c.id, pid, displayId, displayTitle, color: dto.color?.trim() || null });
        return boardRulesChanged(tx, c.id);
      };
      return savingPlace(displayId, () => groupProblems.createInContest(problemPart(dto), c.gid!, viewer, place));
    },

    async removeAnnouncement(aid, cid, viewer) {
      await managedGroupContest(db, cid, viewer);
      await announcements.remove(aid, viewer);
    },
  };
}
