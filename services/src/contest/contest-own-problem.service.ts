// A contest's own problems (`POST` / `PUT /api/admin/contest/problem`): the problem form saved with the problem
// bank's rules (problem-admin.service) and, in the same transaction, its place in the contest (display id, display
// title, balloon colour). A new one is a contest problem (auth 3) — or private (2) if the form says so — and so is
// not in the public bank; the contest's boards reset as when a problem is added from the bank.
import { CONTEST_LIMITS, OjError, type ContestOwnProblemDTO, type ProblemDTO } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
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
export function problemPart(dto: ContestOwnProblemDTO): ProblemDTO {
  const { cid: _cid, displayId: _d, displayTitle: _t, color: _c, ...form } = dto;
  return form;
}

/** Before a new problem of contest `cid`'s own is made: its display id free, room left in the contest. */
export async function assertRoomFor(db: DbOrTx, cid: number, displayId: string): Promise<void> {
  const cps = await contestProblemsOf(db, cid);
  if (cps.some((cp) => cp.displayId === displayId)) throw new OjError('CONTEST_DISPLAY_ID_EXISTS', { displayId });
  if (cps.length >= CONTEST_LIMITS.maxProblems) throw new OjError('VALIDATION_FAILED', { detail: `a contest has at most ${CONTEST_LIMITS.maxProblems} problems` });
}

/** Runs a save placing a problem under `displayId`; a display id taken meanwhile answers CONTEST_DISPLAY_ID_EXISTS. */
export async function savingPlace<T>(displayId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint !== null && constraint.includes('display')) throw new OjError('CONTEST_DISPLAY_ID_EXISTS', { displayId });
    throw err;
  }
}

export function createContestOwnProblemService(ctx: ServiceContext, testdata: TestdataService): ContestOwnProblemService {
  const { db } = ctx;
  const problems = createProblemAdminService(ctx, testdata);
  const place = (dto: ContestOwnProblemDTO) => ({ displayId: dto.displayId, displayTitle: dto.displayTitle.trim(), color: dto.color?.trim() || null });

  return {
    async createContestProblem(dto, viewer) {
      const c = await managedContest(db, dto.cid, viewer);
      if (!dto.displayTitle.trim()) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'displayTitle' });
      await assertRoomFor(db, c.id, dto.displayId);
      const form = problemPart(dto);
      const auth = form.problem.auth === PRIVATE_AUTH ? PRIVATE_AUTH : CONTEST_AUTH;
      const link = async (tx: Tx, pid: number) => {
        await insertContestProblem(tx, { cid: c.id, pid, ...place(dto) });
        return boardRulesChanged(tx, c.id);
      };
      return savingPlace(dto.displayId, () => problems.create({ ...form, problem: { ...form.problem, auth } }, viewer, link));
    },

    async updateContestProblem(dto, viewer) {
      const c = await managedContest(db, dto.cid, viewer);
      if (dto.problem.id === undefined) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'id' });
      if (!dto.displayTitle.trim()) throw new OjError('PROBLEM_FIELD_REQUIRED', { field: 'displayTitle' });
      const cp = await contestProblemRow(db, c.id, dto.problem.id);
      await savingPlace(dto.displayId, () => problems.update(problemPart(dto), viewer, async (tx) => (await placeInContest(tx, cp, place(dto))).msgs));
    },
  };
}
