// A contest's problems as contestants see them: the list with AC / total counts and one problem's page, the counts
// cut at the seal for everyone but the contest's admins (contest-counts.ts).
import { OjError, type ContestProblemInfo, type ContestProblemVO } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import { isInt4, type DbOrTx } from '../db/client';
import { languagesAndTemplatesOf } from '../problem/code-template.repo';
import { tagsOf } from '../problem/problem.repo';
import { toProblem } from '../problem/problem.service';
import { assertEnter, isBoardSealed, isContestAdmin, outsideOpen, type ContestRow } from './access';
import { acAndTotal, problemCountOf, type RecordCounter } from './contest-counts';
import { contestProblemsOf, findContestProblemWithProblem } from './contest-problem.repo';
import type { ContestReads } from './contest-reads';
import { compareDisplayId, toContestProblem } from './contest-view';

export interface ContestProblemService {
  /** Open to anonymous callers only when the contest's outside board is open and it has started. */
  problems(q: { cid: number; containsEnd?: boolean }, viewer: Viewer | null): Promise<ContestProblemVO[]>;
  problemDetail(q: { cid: number; displayId: string; containsEnd?: boolean }, viewer: Viewer): Promise<ContestProblemInfo>;
}

/** The contest's problems in display-id order with their counts; `viewer` null is the public view (sealed for all). */
export async function contestProblemList(
  db: DbOrTx,
  countRecords: RecordCounter,
  c: ContestRow,
  viewer: Viewer | null,
  containsEnd: boolean,
  reads?: ContestReads,
): Promise<ContestProblemVO[]> {
  const load = () => contestProblemsOf(db, c.id);
  const cps = (reads ? await reads.part(c.id, 'problems', load) : await load()) ?? [];
  const sealed = !isContestAdmin(viewer, c) && isBoardSealed(c);
  const counts = acAndTotal(await countRecords(c, sealed, containsEnd));
  return [...cps]
    .sort((a, b) => compareDisplayId(a.displayId, b.displayId))
    .map((cp) => ({ ...toContestProblem(cp), ac: counts.get(cp.displayId)?.ac ?? 0, total: counts.get(cp.displayId)?.total ?? 0 }));
}

/** A contest problem's page as it stands in the database: the same for every viewer (cached by `reads`). */
async function problemPageOf(db: DbOrTx, cid: number, displayId: string) {
  const hit = await findContestProblemWithProblem(db, cid, displayId);
  if (!hit) return undefined;
  const { languages, templates } = await languagesAndTemplatesOf(db, hit.p.id);
  const tags = (await tagsOf(db, [hit.p.id])).get(hit.p.id) ?? [];
  return { ...hit, languages, templates, tags };
}

/** `reads`: the cached contest rows, registrations and problem pages (contest-reads.ts). */
export function createContestProblemService(db: DbOrTx, countRecords: RecordCounter, reads: ContestReads): ContestProblemService {
  return {
    async problems(q, viewer) {
      if (!isInt4(q.cid)) throw new OjError('CONTEST_NOT_FOUND');
      const c = await reads.contest(q.cid);
      try {
        await assertEnter(db, c, viewer, (cid, uid) => reads.registered(cid, uid));
      } catch (err) {
        // The outside board's readers (anonymous or not) may see the list once it is open and started.
        if (!outsideOpen(c)) throw err;
      }
      return contestProblemList(db, countRecords, c, viewer, q.containsEnd ?? false, reads);
    },

    async problemDetail(q, viewer) {
      if (!isInt4(q.cid)) throw new OjError('CONTEST_NOT_FOUND');
      const c = await reads.contest(q.cid);
      await assertEnter(db, c, viewer, (cid, uid) => reads.registered(cid, uid));
      const page = await reads.part(c.id, `problem:${q.displayId}`, () => problemPageOf(db, c.id, q.displayId));
      if (!page) throw new OjError('CONTEST_PROBLEM_NOT_FOUND');
      const { cp, p, languages, templates, tags } = page;
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
