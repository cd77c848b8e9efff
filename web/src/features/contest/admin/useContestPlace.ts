// The problem form inside a contest (/admin/contest/:contestId/problem/create and …/edit/:pid): the problem's place
// in the contest — display id (the next free letter suggested for a new one), display title and balloon colour.
import { useEffect, useState } from 'react';
import type { ProblemContestCalls } from '../../problem-admin/form/problem-form-target';
import { DISPLAY_ID_PATTERN, displayIdTaken, nextDisplayId } from './contest-form';

export interface ContestPlace {
  displayId: string;
  displayTitle: string;
  color: string | null;
  /** The display ids the contest's other problems use. */
  taken: string[];
}

/**
 * The place of problem `pid` (null: a new problem) in contest `cid` (null: not in a contest), read through `calls`
 * (the site's contest admin or a group's); `failed` on a refusal.
 */
export function useContestPlace(cid: number | null, pid: number | null, calls: Pick<ProblemContestCalls, 'displayIds' | 'place'>) {
  const [place, setPlace] = useState<ContestPlace | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (cid === null) return;
    let live = true;
    const load = async (): Promise<ContestPlace> => {
      const ids = await calls.displayIds(cid);
      if (pid === null) return { displayId: nextDisplayId(ids), displayTitle: '', color: null, taken: ids };
      const cp = await calls.place(cid, pid);
      return { displayId: cp.displayId, displayTitle: cp.displayTitle, color: cp.color, taken: ids.filter((d) => d !== cp.displayId) };
    };
    load().then(
      (p) => live && setPlace(p),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [cid, pid, calls]);
  return { place, setPlace, failed };
}

/** The first broken rule of the place (spec: display id and display title are required), or null. */
export function placeProblem(p: ContestPlace): { id: 'contest.adminProblems.displayIdInvalid' | 'contest.adminProblems.displayTitleRequired' | 'error.CONTEST_DISPLAY_ID_EXISTS'; values?: Record<string, string> } | null {
  if (!DISPLAY_ID_PATTERN.test(p.displayId.trim())) return { id: 'contest.adminProblems.displayIdInvalid' };
  if (displayIdTaken(p.taken, p.displayId)) return { id: 'error.CONTEST_DISPLAY_ID_EXISTS', values: { displayId: p.displayId.trim() } };
  if (!p.displayTitle.trim()) return { id: 'contest.adminProblems.displayTitleRequired' };
  return null;
}
