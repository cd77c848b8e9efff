// What the submission and online-test paths ask of groups: the problem a submission inside a group goes to (a
// member, a problem of that group the member may open), and who may see a submission made inside a group (its owner,
// the group's members, super admins; the practice rules then decide what of it they see).
import { OjError } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { DbOrTx } from '../db/client';
import type { ProblemRow } from '../problem/problem.service';
import { isGroupAdmin } from './group-access';
import { groupOfProblem, groupProblemByDisplayId } from './group-problem.repo';
import { isMemberOf, memberView } from './group-standing';

/** Public inside the group: the one auth a member who is no admin may open. */
const PUBLIC_IN_GROUP = 1;

/** Group `gid`'s own problem `problemId`, if the caller may open (and submit) it there: public ones for members, any for its admins. */
export async function openableGroupProblem(db: DbOrTx, problemId: string, gid: number, viewer: Viewer): Promise<ProblemRow> {
  const v = await memberView(db, gid, viewer);
  const p = await groupProblemByDisplayId(db, gid, problemId);
  if (!p || (p.auth !== PUBLIC_IN_GROUP && !isGroupAdmin(v.standing))) throw new OjError('GROUP_PROBLEM_NOT_FOUND');
  return p;
}

/** An online test of group problem `problemId` (the test's `type: 'group'` names no group: the problem's own is used). */
export async function groupProblemForTest(db: DbOrTx, problemId: string, viewer: Viewer): Promise<ProblemRow> {
  const gid = await groupOfProblem(db, problemId);
  if (gid === null) throw new OjError('PROBLEM_NOT_FOUND');
  return openableGroupProblem(db, problemId, gid, viewer);
}

/** Whether `viewer` may see submission `j` made inside group `j.gid` at all. */
export async function groupSubmissionVisible(db: DbOrTx, j: { uid: string; gid: number | null }, viewer: Viewer | null): Promise<boolean> {
  if (j.gid === null) return true;
  if (viewer !== null && viewer.uid === j.uid) return true;
  return isMemberOf(db, j.gid, viewer);
}
