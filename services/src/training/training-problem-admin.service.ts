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

export interface TrainingProblemAdminService {
  adminProblemList(q: AdminTrainingProblemListQuery, viewer: Viewer): Promise<AdminTrainingProblemList>;
  updateProblem(body: TrainingProblemBody, viewer: Viewer): Promise<void>;
  removeProblem(tid: number, pid: number, viewer: Viewer): Promise<void>;
  addProblem(body: AddTrainingProblemBody, viewer: Viewer): Promise<void>;
}

const toRow = (p: ProblemRow): AdminTrainingProblemRow => ({ id: p.id, problemId: p.problemId, title: p.title, author: p.author, auth: p.auth, type: p.type, difficulty: p.difficulty });
const toMapping = (tp: TrainingProblemRow): TrainingProblem => ({ id: tp.id, tid: tp.tid, pid: tp.pid, displayId: tp.displayId, rank: tp.rank });

export function createTrainingProblemAdminService(ctx: ServiceContext): TrainingProblemAdminService {
  const { db, transport, logger } = ctx;

  /** Runs a change of training `tid`'s problems and tells its open screens, in one transaction. */
  async function change(tid: number, run: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<void>): Promise<void> {
    const msgs: PushMessage[] = await db.transaction(async (tx) => {
      await run(tx);
      return [await trainingChanged(tx, tid)];
    });
    await publishAll(transport, msgs, logger);
  }

  /** The problem an add names: `pid` (the dialog) or its display id ("add by id"); public problems only. */
  async function problemToAdd(body: AddTrainingProblemBody): Promise<ProblemRow> {
    const displayId = body.displayId?.trim();
    const p = body.pid !== undefined ? await findProblemById(db, body.pid) : displayId ? await findProblemByDisplayId(db, displayId, true) : undefined;
    if (!p) throw new OjError('PROBLEM_NOT_FOUND');
    if (p.auth !== 1 || p.gid !== null) throw new OjError('TRAINING_PROBLEM_NOT_PUBLIC');
    return p;
  }

  return {
    async adminProblemList(q, viewer) {
      requireTrainingManager(viewer);
      const t = await managedTraining(db, q.tid, viewer);
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

    async updateProblem(body, viewer) {
      requireTrainingManager(viewer);
      const t = await managedTraining(db, body.tid, viewer);
      await change(t.id, async (tx) => {
        if (!(await updateTrainingProblemRank(tx, t.id, body.pid, body.rank))) throw new OjError('TRAINING_PROBLEM_NOT_FOUND');
      });
    },

    async removeProblem(tid, pid, viewer) {
      requireTrainingManager(viewer);
      const t = await managedTraining(db, tid, viewer);
      await change(t.id, async (tx) => {
        if (!(await deleteTrainingProblem(tx, t.id, pid))) throw new OjError('TRAINING_PROBLEM_NOT_FOUND');
      });
    },

    async addProblem(body, viewer) {
      requireTrainingManager(viewer);
      const t = await managedTraining(db, body.tid, viewer);
      const p = await problemToAdd(body);
      if (await findTrainingProblem(db, t.id, p.id)) throw new OjError('TRAINING_PROBLEM_EXISTS', { problemId: p.problemId });
      if ((await countProblems(db, t.id)) >= TRAINING_LIMITS.maxProblems) throw new OjError('TRAINING_TOO_MANY_PROBLEMS', { max: TRAINING_LIMITS.maxProblems });
      await change(t.id, async (tx) => {
        if (!(await insertTrainingProblem(tx, { tid: t.id, pid: p.id, displayId: p.problemId }))) throw new OjError('TRAINING_PROBLEM_EXISTS', { problemId: p.problemId });
      });
    },
  };
}
