// A contest's problems as contestants see them: the list with AC / total counts and one problem's page, the counts
// cut at the seal for everyone but the contest's admins (contest-counts.ts).
import { OjError, type ContestProblemInfo, type ContestProblemVO } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { isInt4, type DbOrTx } from '../db/client';
import { languagesAndTemplatesOf } from '../problem/code-template.repo';
import { tagsOf } from '../problem/problem.repo';
import { toProblem } from '../problem/problem.service';
import { assertEnter, isBoardSealed, isContestAdmin, loadContest, outsideOpen, type ContestRow } from './access';
import { acAndTotal, problemCountOf, type RecordCounter } from './contest-counts';
import { contestProblemsOf, findContestProblemWithProblem } from './contest-problem.repo';
import { compareDisplayId, toContestProblem } from './contest-view';

export interface ContestProblemService {
  /** Open to anonymous callers only when the contest's outside board is open and it has started. */
  problems(q: { cid: number; containsEnd?: boolean }, viewer: Viewer | null): Promise<ContestProblemVO[]>;
  problemDetail(q: { cid: number; displayId: string; containsEnd?: boolean }, viewer: Viewer): Promise<ContestProblemInfo>;
}

/** The contest's problems in display-id order with their counts; `viewer` null is the public view (sealed for all). */
export async function contestProblemList(db: DbOrTx, countRecords: RecordCounter, c: ContestRow, viewer: Viewer | null, containsEnd: boolean): Promise<ContestProblemVO[]> {
  const cps = await contestProblemsOf(db, c.id);
  const sealed = !isContestAdmin(viewer, c) && isBoardSealed(c);
  const counts = acAndTotal(await countRecords(c, sealed, containsEnd));
  return cps
    .sort((a, b) => compareDisplayId(a.displayId, b.displayId))
    .map((cp) => ({ ...toContestProblem(cp), ac: counts.get(cp.displayId)?.ac ?? 0, total: counts.get(cp.displayId)?.total ?? 0 }));
}

export function createContestProblemService(db: DbOrTx, countRecords: RecordCounter): ContestProblemService {
  return {
    async problems(q, viewer) {
      if (!isInt4(q.cid)) throw new OjError('CONTEST_NOT_FOUND');
      const c = await loadContest(db, q.cid);
      try {
        await assertEnter(db, c, viewer);
      } catch (err) {
        // The outside board's readers (anonymous or not) may see the list once it is open and started.
        if (!outsideOpen(c)) throw err;
      }
      return contestProblemList(db, countRecords, c, viewer, q.containsEnd ?? false);
    },

    async problemDetail(q, viewer) {
      if (!isInt4(q.cid)) throw new OjError('CONTEST_NOT_FOUND');
      const c = await loadContest(db, q.cid);
      await assertEnter(db, c, viewer);
      const hit = await findContestProblemWithProblem(db, c.id, q.displayId);
      if (!hit) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
      const { cp, p } = hit;
      const { languages, templates } = await languagesAndTemplatesOf(db, p.id);
      const tags = (await tagsOf(db, [p.id])).get(p.id) ?? [];
      // The counts are the contest's own, cut at the seal for contestants.
      const sealed = !isContestAdmin(viewer, c) && isBoardSealed(c);
      return {
        problem: { ...toProblem(p), title: cp.displayTitle },
        tags,
        languages,
        problemCount: problemCountOf(p.id, await countRecords(c, sealed, q.containsEnd ?? false, cp.displayId)),
        codeTemplate: templates,
        displayId: cp.displayId,
        displayTitle: cp.displayTitle,
        color: cp.color,
      };
    },
  };
}
