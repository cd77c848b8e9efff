// A training's problems as its admins manage them: the list with rank numbers (and the public problems that may
// still be added, for the dialog), a rank change, adding a public problem (by pid from the dialog, or by its display
// id), and removal. Each change tells the training's open screens (`training.changed`).
import {
  OjError,
  PAGE_SIZES,
  TRAINING_LIMITS,
  type AddTrainingProblemBody,
  type AdminTrainingProblemList,
  type AdminTrainingProblemListQuery,
  type AdminTrainingProblemRow,
  type PushMessage,
  type TrainingProblem,
  type TrainingProblemBody,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { pageOf, pageOffset } from '../db/paging';
import { findProblemByDisplayId, findProblemById } from '../problem/problem.repo';
import { publishAll } from '../push/push.service';
import { managedTraining } from './training-access';
import { requireTrainingManager } from './training-admin.service';
import { trainingChanged } from './training-live';
import {
  countProblems,
  deleteTrainingProblem,
  findTrainingProblem,
  insertTrainingProblem,
  listCandidates,
  listTrainingProblems,
  problemsOf,
  updateTrainingProblemRank,
  type ProblemRow,
  type TrainingProblemRow,
} from './training-problem.repo';
import type { TrainingRow } from './training.repo';

export interface TrainingProblemAdminService {
  adminProblemList(q: AdminTrainingProblemListQuery, viewer: Viewer): Promise<AdminTrainingProblemList>;
  updateProblem(body: TrainingProblemBody, viewer: Viewer): Promise<void>;
  removeProblem(tid: number, pid: number, viewer: Viewer): Promise<void>;
  addProblem(body: AddTrainingProblemBody, viewer: Viewer): Promise<void>;
}

const toRow = (p: ProblemRow): AdminTrainingProblemRow => ({ id: p.id, problemId: p.problemId, title: p.title, author: p.author, auth: p.auth, type: p.type, difficulty: p.difficulty });
const toMapping = (tp: TrainingProblemRow): TrainingProblem => ({ id: tp.id, tid: tp.tid, pid: tp.pid, displayId: tp.displayId, rank: tp.rank });

/** A training's problem changes once the caller's right to the training is settled (the site's routes and the group's). */
export interface TrainingProblemAdminCore {
  list(t: TrainingRow, q: AdminTrainingProblemListQuery): Promise<AdminTrainingProblemList>;
  updateRank(t: TrainingRow, pid: number, rank: number): Promise<void>;
  remove(t: TrainingRow, pid: number): Promise<void>;
  add(t: TrainingRow, p: ProblemRow): Promise<void>;
}

/**
 * Public in the bank: auth 1 and not a group's own problem. A group's problem approved for the bank keeps its `gid`
 * (where it came from) but is public: `is_group` decides, not `gid`.
 */
export const isBankPublic = (p: Pick<ProblemRow, 'auth' | 'isGroup'>): boolean => p.auth === 1 && !p.isGroup;

/** The public problem an add names: `pid` (the dialog) or its display id ("add by id"); TRAINING_PROBLEM_NOT_PUBLIC for another. */
export async function publicProblemToAdd(db: DbOrTx, body: Pick<AddTrainingProblemBody, 'pid' | 'displayId'>): Promise<ProblemRow> {
  const displayId = body.displayId?.trim();
  const p = body.pid !== undefined ? await findProblemById(db, body.pid) : displayId ? await findProblemByDisplayId(db, displayId, true) : undefined;
  if (!p) throw new OjError('PROBLEM_NOT_FOUND');
  if (!isBankPublic(p)) throw new OjError('TRAINING_PROBLEM_NOT_PUBLIC');
  return p;
}

export function createTrainingProblemAdminCore(ctx: ServiceContext): TrainingProblemAdminCore {
  const { db, transport, logger } = ctx;

  /** Runs a change of training `tid`'s problems and tells its open screens, in one transaction. */
  async function change(tid: number, run: (tx: Tx) => Promise<void>): Promise<void> {
    const msgs: PushMessage[] = await db.transaction(async (tx) => {
      await run(tx);
      return [await trainingChanged(tx, tid)];
    });
    await publishAll(transport, msgs, logger);
  }

  return {
    async list(t, q) {
      const current = q.currentPage ?? 1;
      const size = q.limit ?? PAGE_SIZES.adminList;
      const keyword = q.keyword?.trim() || undefined;
      const trainingProblemMap: Record<string, TrainingProblem> = {};
      for (const { tp } of await problemsOf(db, t.id)) trainingProblemMap[String(tp.pid)] = toMapping(tp);
      if (q.queryExisted) {
        const { total, rows } = await listTrainingProblems(db, t.id, keyword, size, pageOffset(current, size));
        return { problemList: pageOf(rows.map((r) => toRow(r.p)), total, current, size), trainingProblemMap };
      }
      const { total, rows } = await listCandidates(db, t.id, keyword, size, pageOffset(current, size));
      return { problemList: pageOf(rows.map(toRow), total, current, size), trainingProblemMap };
    },

    async updateRank(t, pid, rank) {
      await change(t.id, async (tx) => {
        if (!(await updateTrainingProblemRank(tx, t.id, pid, rank))) throw new OjError('TRAINING_PROBLEM_NOT_FOUND');
      });
    },

    async remove(t, pid) {
      await change(t.id, async (tx) => {
        if (!(await deleteTrainingProblem(tx, t.id, pid))) throw new OjError('TRAINING_PROBLEM_NOT_FOUND');
      });
    },

    async add(t, p) {
      if (await findTrainingProblem(db, t.id, p.id)) throw new OjError('TRAINING_PROBLEM_EXISTS', { problemId: p.problemId });
      if ((await countProblems(db, t.id)) >= TRAINING_LIMITS.maxProblems) throw new OjError('TRAINING_TOO_MANY_PROBLEMS', { max: TRAINING_LIMITS.maxProblems });
      await change(t.id, async (tx) => {
        if (!(await insertTrainingProblem(tx, { tid: t.id, pid: p.id, displayId: p.problemId }))) throw new OjError('TRAINING_PROBLEM_EXISTS', { problemId: p.problemId });
      });
    },
  };
}

export function createTrainingProblemAdminService(ctx: ServiceContext): TrainingProblemAdminService {
  const { db } = ctx;
  const core = createTrainingProblemAdminCore(ctx);
  const managed = (tid: number, viewer: Viewer) => {
    requireTrainingManager(viewer);
    return managedTraining(db, tid, viewer);
  };

  return {
    async adminProblemList(q, viewer) {
      return core.list(await managed(q.tid, viewer), q);
    },

    async updateProblem(body, viewer) {
      await core.updateRank(await managed(body.tid, viewer), body.pid, body.rank);
    },

    async removeProblem(tid, pid, viewer) {
      await core.remove(await managed(tid, viewer), pid);
    },

    async addProblem(body, viewer) {
      const t = await managed(body.tid, viewer);
      await core.add(t, await publicProblemToAdd(db, body));
    },
  };
}
