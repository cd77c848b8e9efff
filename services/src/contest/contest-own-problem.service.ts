// A contest's own problems (`POST` / `PUT /api/admin/contest/problem`): the problem form saved with the problem
// bank's rules (problem-admin.service) and, in the same transaction, its place in the contest (display id, display
// title, balloon colour). A new one is a contest problem (auth 3) — or private (2) if the form says so — and so is
// not in the public bank; the contest's boards reset as when a problem is added from the bank.
import { CONTEST_LIMITS, OjError, type ContestOwnProblemDTO, type ProblemDTO } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { Tx } from '../db/client';
import { createProblemAdminService } from '../problem-admin/problem-admin.service';
import type { TestdataService } from '../testdata/testdata.service';
import { managedContest } from './access';
import { contestProblemRow, placeInContest, uniqueViolation } from './contest-problem-admin.service';
import { contestProblemsOf, insertContestProblem } from './contest-problem.repo';
import { boardRulesChanged } from './scoreboard/projector';

const CONTEST_AUTH = 3;
const PRIVATE_AUTH = 2;

export interface ContestOwnProblemService {
  /** Answers the new problem's id and its bank id (`problemId`). */
  createContestProblem(dto: ContestOwnProblemDTO, viewer: Viewer): Promise<{ pid: number; problemId: string }>;
  updateContestProblem(dto: ContestOwnProblemDTO, viewer: Viewer): Promise<void>;
}

/** The problem form part of the body. */
function problemPart(dto: ContestOwnProblemDTO): ProblemDTO {
  const { cid: _cid, displayId: _d, displayTitle: _t, color: _c, ...form } = dto;
  return form;
}

export function createContestOwnProblemService(ctx: ServiceContext, testdata: TestdataService): ContestOwnProblemService {
  const { db } = ctx;
  const problems = createProblemAdminService(ctx, testdata);
  const duplicate = (dto: ContestOwnProblemDTO) => new OjError('CONTEST_DISPLAY_ID_EXISTS', { displayId: dto.displayId });
  const place = (dto: ContestOwnProblemDTO) => ({ displayId: dto.displayId, displayTitle: dto.displayTitle.trim(), color: dto.color?.trim() || null });

  async function saving<T>(dto: ContestOwnProblemDTO, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint !== null && constraint.includes('display')) throw duplicate(dto);
      throw err;
    }
  }

  return {
    async createContestProblem(dto, viewer) {
      const c = await managedContest(db, dto.cid, viewer);
      if (!dto.displayTitle.trim()) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'displayTitle' });
      const cps = await contestProblemsOf(db, c.id);
      if (cps.some((cp) => cp.displayId === dto.displayId)) throw duplicate(dto);
      if (cps.length >= CONTEST_LIMITS.maxProblems) throw new OjError('VALIDATION_FAILED', { detail: `a contest has at most ${CONTEST_LIMITS.maxProblems} problems` });
      const form = problemPart(dto);
      const auth = form.problem.auth === PRIVATE_AUTH ? PRIVATE_AUTH : CONTEST_AUTH;
      const link = async (tx: Tx, pid: number) => {
        await insertContestProblem(tx, { cid: c.id, pid, ...place(dto) });
        return boardRulesChanged(tx, c.id);
      };
      return saving(dto, () => problems.create({ ...form, problem: { ...form.problem, auth } }, viewer, link));
    },

    async updateContestProblem(dto, viewer) {
      const c = await managedContest(db, dto.cid, viewer);
      if (dto.problem.id === undefined) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'id' });
      if (!dto.displayTitle.trim()) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'displayTitle' });
      const cp = await contestProblemRow(db, c.id, dto.problem.id);
      await saving(dto, () => problems.update(problemPart(dto), viewer, async (tx) => (await placeInContest(tx, cp, place(dto))).msgs));
    },
  };
}
