// Who may post discussions and comment, for the discussion/comment services:
// - the role must hold the permission (`discussion_add` for posting; `comment_add` for comments and replies):
//   no_discuss_user (1004) and no_submit_no_discuss_user (1006) may comment but not post; mute_user (1005) and
//   no_submit_mute_user (1007) may do neither;
// - then, unless the viewer is admin-side, the number of distinct accepted problems must reach the configured gate
//   (`OJ_POST_MIN_AC` / `OJ_COMMENT_MIN_AC`, default 10 each).
import { OjError } from '@oj/proto';
import type { ServiceContext } from '../context';
import { acceptedProblemCount } from '../submission/submission.repo';
import { isAdmin, type Viewer } from './viewer';

/** Role check only: may this viewer post discussions at all? */
export const canPost = (viewer: Viewer | null): boolean => viewer !== null && viewer.permissions.includes('discussion_add');
/** Role check only: may this viewer comment and reply at all? */
export const canComment = (viewer: Viewer | null): boolean => viewer !== null && viewer.permissions.includes('comment_add');

export interface PostingGates {
  /** Distinct problems the user has accepted (outside and inside contests). */
  acCount(uid: string): Promise<number>;
  /** Throws AUTH_NOT_LOGGED_IN, ACCOUNT_MUTED or ACCOUNT_POST_AC_REQUIRED. */
  assertCanPost(viewer: Viewer | null): Promise<void>;
  /** Same for comments and replies. */
  assertCanComment(viewer: Viewer | null): Promise<void>;
}

export function createPostingGates(ctx: Pick<ServiceContext, 'db' | 'config'>): PostingGates {
  const acCount = (uid: string) => acceptedProblemCount(ctx.db, uid);
  async function gate(viewer: Viewer | null, allowed: (v: Viewer | null) => boolean, min: number): Promise<void> {
    if (!viewer) throw new OjError('AUTH_NOT_LOGGED_IN');
    if (!allowed(viewer)) throw new OjError('ACCOUNT_MUTED');
    if (isAdmin(viewer) || min <= 0) return;
    if ((await acCount(viewer.uid)) < min) throw new OjError('ACCOUNT_POST_AC_REQUIRED', { count: min });
  }
  return {
    acCount,
    assertCanPost: (v) => gate(v, canPost, ctx.config.postMinAc),
    assertCanComment: (v) => gate(v, canComment, ctx.config.commentMinAc),
  };
}
