// Trainings, the users' side: the categories, the list (progress for a signed-in caller), the details, registration to
// a private training with its password, the problem list with the caller's status, the rank, and who may follow
// `training:<tid>` (the audience of the rank). Rules: training-access.ts; the rank's order: training-rank.ts.
import {
  JudgeStatus,
  OjError,
  TRAINING_LIMITS,
  topics,
  type PageOf,
  type RegisterTrainingBody,
  type TrainingAuth,
  type TrainingCategory,
  type TrainingDetail,
  type TrainingListQuery,
  type TrainingProblemVO,
  type TrainingRankPage,
  type TrainingRankQuery,
  type TrainingVO,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { verifyPassword } from '../account/password';
import type { ServiceContext } from '../context';
import { isInt4 } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { tagsOf } from '../problem/problem.repo';
import { toProblemVO } from '../problem/problem.service';
import { latestSeqOf } from '../push/push.repo';
import { publishAll } from '../push/push.service';
import { accessibleTraining, groupOfTraining, hasAccess, isPrivate, trainingRights, visibleTraining } from './training-access';
import { listCategories, type TrainingCategoryRow } from './training-category.repo';
import { memberJoined } from './training-live';
import { columnsOf, problemsOf } from './training-problem.repo';
import { buildRank, cellOf } from './training-rank';
import { rankMembers, solvedCounts, standings } from './training-rank.repo';
import { addRegistration, findTrainingListed, isRegistered, listTrainings, type TrainingListed } from './training.repo';

export interface TrainingService {
  /** `get-training-category`: every category. */
  categories(): Promise<TrainingCategory[]>;
  /** `get-training-list`: visible trainings by rank; `acCount` only for a signed-in caller. */
  list(q: TrainingListQuery, viewer: Viewer | null): Promise<PageOf<TrainingVO>>;
  detail(tid: number, viewer: Viewer): Promise<TrainingDetail>;
  /** Registers the caller to a private training with its password (spec §4: that enables its tabs). */
  register(body: RegisterTrainingBody, viewer: Viewer): Promise<void>;
  access(tid: number, viewer: Viewer): Promise<{ access: boolean }>;
  problems(tid: number, viewer: Viewer): Promise<TrainingProblemVO[]>;
  rank(q: TrainingRankQuery, viewer: Viewer): Promise<TrainingRankPage>;
  /** Whether `viewer` may follow `training:<tid>`: whoever may read its rank. */
  canWatch(tid: number, viewer: Viewer | null): Promise<boolean>;
}

export const toCategory = (c: TrainingCategoryRow): TrainingCategory => ({ id: c.id, name: c.name, color: c.color, gid: c.gid });

export function toTrainingVO(l: TrainingListed, acCount: number | null): TrainingVO {
  const { t } = l;
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    author: t.author,
    auth: t.auth as TrainingAuth,
    categoryId: t.categoryId,
    categoryName: l.categoryName,
    categoryColor: l.categoryColor,
    rank: t.rank,
    problemCount: l.problemCount,
    acCount,
    gid: t.gid,
    gmtModified: t.gmtModified.toISOString(),
  };
}

export function createTrainingService(ctx: ServiceContext): TrainingService {
  const { db, transport, logger } = ctx;

  return {
    async categories() {
      return (await listCategories(db)).map(toCategory);
    },

    async list(q, viewer) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? TRAINING_LIMITS.listPageSize;
      const keyword = q.keyword?.trim();
      const { total, rows } = await listTrainings(
        db,
        { visibleOnly: true, ...(keyword && { keyword }), ...(q.categoryId !== undefined && { categoryId: q.categoryId }), ...(q.auth && { auth: q.auth }) },
        size,
        pageOffset(current, size),
      );
      const solved = viewer ? await solvedCounts(db, viewer.uid, rows.map((r) => r.t.id)) : null;
      return pageOf(rows.map((r) => toTrainingVO(r, solved ? (solved.get(r.t.id) ?? 0) : null)), total, current, size);
    },

    async detail(tid, viewer) {
      // The seq first: whatever changes after it is replayed to the page's live hook, nothing falls in between.
      const seq = isInt4(tid) ? await latestSeqOf(db, topics.training(tid)) : 0;
      const t = await visibleTraining(db, tid, viewer);
      const listed = await findTrainingListed(db, t.id);
      if (!listed) throw new OjError('TRAINING_NOT_FOUND');
      const solved = await solvedCounts(db, viewer.uid, [t.id], groupOfTraining(t));
      const { admin } = await trainingRights(db, t, viewer);
      return { ...toTrainingVO(listed, solved.get(t.id) ?? 0), access: await hasAccess(db, t, viewer), admin, seq };
    },

    async register(body, viewer) {
      const password = body.password ?? '';
      if (!password.trim()) throw new OjError('TRAINING_PASSWORD_REQUIRED');
      const t = await visibleTraining(db, body.tid, viewer);
      if (!isPrivate(t)) throw new OjError('TRAINING_NOT_PRIVATE');
      if (await isRegistered(db, t.id, viewer.uid)) throw new OjError('TRAINING_ALREADY_REGISTERED');
      if (!t.privatePwd || !(await verifyPassword(password, t.privatePwd))) throw new OjError('TRAINING_PASSWORD_WRONG');
      const pushes = await db.transaction(async (tx) => {
        if (!(await addRegistration(tx, t.id, viewer.uid))) throw new OjError('TRAINING_ALREADY_REGISTERED');
        return [await memberJoined(tx, t.id, viewer.uid)];
      });
      await publishAll(transport, pushes, logger);
    },

    async access(tid, viewer) {
      const t = await visibleTraining(db, tid, viewer);
      return { access: await hasAccess(db, t, viewer) };
    },

    async problems(tid, viewer) {
      const t = await accessibleTraining(db, tid, viewer);
      const list = await problemsOf(db, t.id);
      const pids = list.map((r) => r.p.id);
      const [tagMap, mine] = await Promise.all([tagsOf(db, pids), standings(db, pids, { uids: [viewer.uid] }, groupOfTraining(t))]);
      const status = new Map(mine.map((s) => [s.pid, cellOf(s).status]));
      return list.map(({ tp, p }) => ({ ...toProblemVO(p, tagMap.get(p.id) ?? []), rank: tp.rank, myStatus: status.get(p.id) ?? JudgeStatus.NOT_SUBMITTED }));
    },

    async rank(q, viewer) {
      const t = await accessibleTraining(db, q.tid, viewer);
      const current = q.currentPage ?? 1;
      const size = q.limit ?? TRAINING_LIMITS.rankPageSize;
      const columns = await columnsOf(db, t.id);
      const [members, rows] = await Promise.all([rankMembers(db, t.id, t.uid), standings(db, columns.map((c) => c.pid), { members: t.id }, groupOfTraining(t))]);
      const { admin } = await trainingRights(db, t, viewer);
      const ranked = buildRank(members, rows, { displayIds: new Map(columns.map((c) => [c.pid, c.problemId])), admin, keyword: q.keyword });
      const offset = pageOffset(current, size) ?? ranked.length;
      return { ...pageOf(ranked.slice(offset, offset + size), ranked.length, current, size), problems: columns };
    },

    async canWatch(tid, viewer) {
      if (!viewer || !isInt4(tid)) return false;
      const t = await visibleTraining(db, tid, viewer).catch(() => null);
      return t !== null && hasAccess(db, t, viewer);
    },
  };
}
