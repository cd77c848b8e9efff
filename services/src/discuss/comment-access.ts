// Who may post, see and delete comments and replies: the content limits, the posting permission and AC-count gate,
// the audience of a contest's Q&A, and the delete rights. Shared by the comment and reply services.
import { COMMENT_MAX_LENGTH, CONTEST_STATUS, isAdminRole, OjError, type Permission } from '@oj/proto';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx } from '../db/client';
import { assertEnter, contestStatus, isContestAdmin, loadContest, type ContestRow } from '../contest/access';
import { acceptedProblemCount } from '../submission/submission.repo';
import { byUserOrContestAdmins, countComments, findComment, type AuthorFilter } from './discuss.repo';

type Rules = Pick<ServiceContext, 'db' | 'config'>;

/** Trimmed content, or the catalogue's error. */
export function checkContent(raw: string): string {
  const content = raw.trim();
  if (content.length === 0) throw new OjError('COMMENT_EMPTY');
  if (content.length > COMMENT_MAX_LENGTH) throw new OjError('COMMENT_TOO_LONG', { max: COMMENT_MAX_LENGTH });
  return content;
}

/** Permission (muted roles lack comment_add/reply_add) and the AC-count gate; admins skip the gate. */
export async function checkMayPost({ db, config }: Rules, viewer: Viewer, perm: Permission): Promise<void> {
  if (!viewer.permissions.includes(perm)) throw new OjError('COMMENT_FORBIDDEN');
  const min = config.commentMinAc ?? 0;
  if (min <= 0 || isAdminRole(viewer.roles)) return;
  if ((await acceptedProblemCount(db, viewer.uid)) < min) throw new OjError('COMMENT_AC_REQUIRED', { count: min });
}

export async function commentRow(db: DbOrTx, id: number) {
  if (!isInt4(id)) throw new OjError('COMMENT_NOT_FOUND');
  const c = await findComment(db, id);
  if (!c) throw new OjError('COMMENT_NOT_FOUND');
  return c;
}

/** The author, a site admin outside contests, or the contest's admins for its comments. */
export async function mayDelete(db: DbOrTx, ownerUid: string, cid: number | null, viewer: Viewer): Promise<boolean> {
  if (ownerUid === viewer.uid) return true;
  if (cid === null) return isAdminRole(viewer.roles);
  const c = await loadContest(db, cid).catch(() => null);
  return c !== null && isContestAdmin(viewer, c);
}

/**
 * The contest of a contest comment, if `viewer` may take part in its Q&A (site switch on, entered), and the
 * authors whose comments and replies the viewer sees: null for all (contest admins, or the contest ended),
 * else the viewer and the contest admins (the creator and super admins).
 */
export async function contestScope({ db, config }: Rules, cid: number, viewer: Viewer | null): Promise<{ c: ContestRow; authors: AuthorFilter | null }> {
  if (!config.site.openContestComment) throw new OjError('CONTEST_FORBIDDEN');
  if (!isInt4(cid)) throw new OjError('CONTEST_NOT_FOUND');
  const c = await loadContest(db, cid);
  await assertEnter(db, c, viewer);
  if (isContestAdmin(viewer, c) || contestStatus(c) === CONTEST_STATUS.ENDED) return { c, authors: null };
  return { c, authors: byUserOrContestAdmins(viewer!.uid, c.uid) };
}

/** Whether comment `id` is among those `authors` lets the viewer see. */
export async function visibleTo(db: DbOrTx, id: number, authors: AuthorFilter): Promise<boolean> {
  return (await countComments(db, { id, authors })) > 0;
}

/**
 * Comment `id`, refused unless `viewer` may see it when it is in a contest's Q&A: only those who may take part in
 * the Q&A (a private contest's registered users and its admins, also after the end), and then only a comment they
 * can see (during the contest: their own and the contest admins').
 */
export async function reachableComment(ctx: Rules, id: number, viewer: Viewer) {
  const c = await commentRow(ctx.db, id);
  if (c.cid !== null) {
    const scope = await contestScope(ctx, c.cid, viewer);
    if (scope.authors && !(await visibleTo(ctx.db, c.id, scope.authors))) throw new OjError('COMMENT_NOT_FOUND');
  }
  return c;
}
