// Who may see what of a practice submission: the rules the detail, the case results, the status checks and the
// live watch share. Contest submissions follow their contest's view instead (contest/contest-view.ts).
import { isAdmin, type Viewer } from '../account/viewer';

interface Owned {
  uid: string;
}

export const isOwner = (r: Owned, viewer: Viewer | null): boolean => viewer !== null && viewer.uid === r.uid;

/** A practice submission is listed for anyone when its problem is public (auth 1); otherwise for its owner and admins. */
export function practiceVisible(problemAuth: number, r: Owned, viewer: Viewer | null): boolean {
  return problemAuth === 1 || isOwner(r, viewer) || isAdmin(viewer);
}

/** Code and compile messages: the owner, admins, or anyone when the owner shared it and the problem allows sharing. */
export function practiceCodeVisible(r: Owned & { share: boolean }, codeShare: boolean, viewer: Viewer | null): boolean {
  return isOwner(r, viewer) || isAdmin(viewer) || (r.share && codeShare);
}

/** Test data and user output of each case: admins, or the owner when the problem opens case results. */
export function practiceCaseDataVisible(r: Owned, openCaseResult: boolean, viewer: Viewer | null): boolean {
  return isAdmin(viewer) || (isOwner(r, viewer) && openCaseResult);
}

/** The queue position is told to the owner and admins only. */
export function practiceQueueVisible(r: Owned, viewer: Viewer | null): boolean {
  return isOwner(r, viewer) || isAdmin(viewer);
}
