// A group's trainings (issue 19, item 6): the members' list with their progress, and for the group's admins the admin
// table, the form, the visible switch, delete and the training's problems (from the public bank, or the group's own
// problems by display id). The group's root acts on every training of the group, another group admin on the ones they
// created (training-access.ts `trainingRights`); the training's own pages, submit and live topic are the site's
// training code, which applies the group's rules to a group's training.
import {
  OjError,
  PAGE_SIZES,
  TRAINING_LIMITS,
  type AddTrainingProblemBody,
  type AdminTrainingDTO,
  type AdminTrainingProblemList,
  type AdminTrainingProblemListQuery,
  type AdminTrainingVO,
  type ChangeTrainingStatusQuery,
  type GroupPageQuery,
  type GroupTrainingBody,
  type GroupTrainingProblemFromGroupQuery,
  type PageOf,
  type TrainingProblemBody,
  type TrainingVO,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { pageOf, pageOffset } from '../db/paging';
import { createTrainingAdminCore, toAdminTrainingVO } from '../training/training-admin.service';
import { managedTraining } from '../training/training-access';
import { createTrainingProblemAdminCore, publicProblemToAdd } from '../training/training-problem-admin.service';
import { solvedCounts } from '../training/training-rank.repo';
import { toTrainingVO } from '../training/training.service';
import { listTrainings } from '../training/training.repo';
import { groupProblemByDisplayId } from './group-problem.repo';
import { adminView, memberView } from './group-standing';

/** A group problem members may open (public in the group): the one kind a training of the group may hold. */
const PUBLIC_IN_GROUP = 1;

export interface GroupTrainingService {
  /** `get-training-list?gid=`: the group's visible trainings, with the caller's progress. */
  list(q: GroupPageQuery, viewer: Viewer): Promise<PageOf<TrainingVO>>;
  /** `get-admin-training-list?gid=`: every training of the group (the group's admins). */
  adminList(q: GroupPageQuery, viewer: Viewer): Promise<PageOf<AdminTrainingVO>>;
  get(tid: number, viewer: Viewer): Promise<AdminTrainingDTO>;
  create(body: GroupTrainingBody, viewer: Viewer): Promise<{ tid: number }>;
  update(body: GroupTrainingBody, viewer: Viewer): Promise<void>;
  remove(tid: number, viewer: Viewer): Promise<void>;
  changeStatus(q: ChangeTrainingStatusQuery, viewer: Viewer): Promise<void>;
  problemList(q: AdminTrainingProblemListQuery, viewer: Viewer): Promise<AdminTrainingProblemList>;
  updateProblem(body: TrainingProblemBody, viewer: Viewer): Promise<void>;
  removeProblem(tid: number, pid: number, viewer: Viewer): Promise<void>;
  addFromPublic(body: AddTrainingProblemBody, viewer: Viewer): Promise<void>;
  addFromGroup(q: GroupTrainingProblemFromGroupQuery, viewer: Viewer): Promise<void>;
}

export function createGroupTrainingService(ctx: ServiceContext): GroupTrainingService {
  const { db } = ctx;
  const core = createTrainingAdminCore(ctx);
  const problems = createTrainingProblemAdminCore(ctx);
  const managed = (tid: number, viewer: Viewer) => managedTraining(db, tid, viewer, true);

  return {
    async list(q, viewer) {
      const { group } = await memberView(db, q.gid, viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? TRAINING_LIMITS.listPageSize;
      const { total, rows } = await listTrainings(db, { visibleOnly: true, gid: group.id }, size, pageOffset(current, size));
      const solved = await solvedCounts(db, viewer.uid, rows.map((r) => r.t.id), group.id);
      return pageOf(rows.map((r) => toTrainingVO(r, solved.get(r.t.id) ?? 0)), total, current, size);
    },

    async adminList(q, viewer) {
      const { group } = await adminView(db, q.gid, viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.adminList;
      const { total, rows } = await listTrainings(db, { visibleOnly: false, gid: group.id }, size, pageOffset(current, size));
      return pageOf(rows.map(toAdminTrainingVO), total, current, size);
    },

    async get(tid, viewer) {
      return core.get(await managed(tid, viewer));
    },

    async create(body, viewer) {
      const gid = body.training.gid;
      if (gid === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'training.gid' });
      const { group } = await adminView(db, gid, viewer);
      return core.create(body, viewer, group.id);
    },

    async update(body, viewer) {
      const tid = body.training.id;
      if (tid === undefined) throw new OjError('VALIDATION_FAILED', { detail: 'training.id' });
      await core.update(await managed(tid, viewer), body);
    },

    async remove(tid, viewer) {
      await core.remove(await managed(tid, viewer));
    },

    async changeStatus(q, viewer) {
      await core.changeStatus(await managed(q.tid, viewer), q.status);
    },

    async problemList(q, viewer) {
      return problems.list(await managed(q.tid, viewer), q);
    },

    async updateProblem(body, viewer) {
      await problems.updateRank(await managed(body.tid, viewer), body.pid, body.rank);
    },

    async removeProblem(tid, pid, viewer) {
      await problems.remove(await managed(tid, viewer), pid);
    },

    async addFromPublic(body, viewer) {
      const t = await managed(body.tid, viewer);
      await problems.add(t, await publicProblemToAdd(db, body));
    },

    async addFromGroup(q, viewer) {
      const t = await managed(q.tid, viewer);
      const p = t.gid === null ? undefined : await groupProblemByDisplayId(db, t.gid, q.problemId.trim());
      if (!p) throw new OjError('GROUP_PROBLEM_NOT_FOUND');
      if (p.auth !== PUBLIC_IN_GROUP) throw new OjError('TRAINING_PROBLEM_NOT_PUBLIC');
      await problems.add(t, p);
    },
  };
}
