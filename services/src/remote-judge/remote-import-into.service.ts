// The training and contest variants of `import-remote-oj-problem`: the remote problem is imported into the bank and
// placed in the training (display id = its problem id) or the contest (as `displayId`) in one transaction, so a
// refused placement leaves no problem behind. A problem already in the bank (imported before) is not fetched again:
// it is added as "add from public" adds it, with that call's checks.
import {
  CONTEST_LIMITS,
  OjError,
  TRAINING_LIMITS,
  type ImportRemoteContestProblemQuery,
  type ImportRemoteTrainingProblemQuery,
} from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { managedContest } from '../contest/access';
import { createContestProblemAdminService, type ContestProblemAdminService } from '../contest/contest-problem-admin.service';
import { contestProblemsOf, insertContestProblem } from '../contest/contest-problem.repo';
import { boardRulesChanged } from '../contest/scoreboard/projector';
import { findProblemByDisplayId } from '../problem/problem.repo';
import { managedTraining } from '../training/training-access';
import { requireTrainingManager } from '../training/training-admin.service';
import { trainingChanged } from '../training/training-live';
import { createTrainingProblemAdminService, type TrainingProblemAdminService } from '../training/training-problem-admin.service';
import { countProblems, insertTrainingProblem } from '../training/training-problem.repo';
import { createRemoteImportService, type RemoteImportOptions, type RemoteImportService } from './remote-import.service';

export interface RemoteImportIntoService {
  importToTraining(q: ImportRemoteTrainingProblemQuery, viewer: Viewer): Promise<{ pid: number; problemId: string }>;
  importToContest(q: ImportRemoteContestProblemQuery, viewer: Viewer): Promise<{ pid: number; problemId: string }>;
}

export type RemoteImports = RemoteImportService & RemoteImportIntoService;

/** The three variants of `import-remote-oj-problem`. */
export function createRemoteImports(ctx: ServiceContext, opts: RemoteImportOptions = {}): RemoteImports {
  const remoteImport = createRemoteImportService(ctx, opts);
  return {
    ...remoteImport,
    ...createRemoteImportIntoService(ctx, { remoteImport, trainings: createTrainingProblemAdminService(ctx), contests: createContestProblemAdminService(ctx) }),
  };
}

interface Deps {
  remoteImport: RemoteImportService;
  trainings: Pick<TrainingProblemAdminService, 'addProblem'>;
  contests: Pick<ContestProblemAdminService, 'addProblemFromPublic'>;
}

function createRemoteImportIntoService(ctx: ServiceContext, deps: Deps): RemoteImportIntoService {
  const { db } = ctx;
  const bankCopy = (q: { name: string; problemId: string }) => findProblemByDisplayId(db, `${q.name}-${q.problemId}`, true);

  return {
    async importToTraining(q, viewer) {
      requireTrainingManager(viewer);
      const t = await managedTraining(db, q.tid, viewer);
      const existing = await bankCopy(q);
      if (existing) {
        await deps.trainings.addProblem({ tid: t.id, pid: existing.id }, viewer);
        return { pid: existing.id, problemId: existing.problemId };
      }
      // Checked before the site is asked; the insert below checks the count again inside the transaction.
      if ((await countProblems(db, t.id)) >= TRAINING_LIMITS.maxProblems) throw new OjError('TRAINING_TOO_MANY_PROBLEMS', { max: TRAINING_LIMITS.maxProblems });
      return deps.remoteImport.importProblem(q, viewer, async (tx, pid) => {
        if ((await countProblems(tx, t.id)) >= TRAINING_LIMITS.maxProblems) throw new OjError('TRAINING_TOO_MANY_PROBLEMS', { max: TRAINING_LIMITS.maxProblems });
        await insertTrainingProblem(tx, { tid: t.id, pid, displayId: `${q.name}-${q.problemId}` });
        return [await trainingChanged(tx, t.id)];
      });
    },

    async importToContest(q, viewer) {
      const c = await managedContest(db, q.cid, viewer);
      const existing = await bankCopy(q);
      if (existing) {
        await deps.contests.addProblemFromPublic({ cid: c.id, pid: existing.id, displayId: q.displayId }, viewer);
        return { pid: existing.id, problemId: existing.problemId };
      }
      const check = async (tx: typeof db) => {
        const cps = await contestProblemsOf(tx, c.id);
        if (cps.some((cp) => cp.displayId === q.displayId)) throw new OjError('CONTEST_DISPLAY_ID_EXISTS', { displayId: q.displayId });
        if (cps.length >= CONTEST_LIMITS.maxProblems) throw new OjError('VALIDATION_FAILED', { detail: `a contest has at most ${CONTEST_LIMITS.maxProblems} problems` });
      };
      await check(db);
      return deps.remoteImport.importProblem(q, viewer, async (tx, pid, title) => {
        await check(tx);
        await insertContestProblem(tx, { cid: c.id, pid, displayId: q.displayId, displayTitle: title, color: null });
        return boardRulesChanged(tx, c.id);
      });
    },
  };
}
