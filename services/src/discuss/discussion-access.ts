// Who may read a discussion of the public area: the site switch `openPublicDiscussion` (read at call time, so an
// admin's change applies at once; admins pass), and a disabled discussion only for admins. A group's discussion
// (`gid` set) follows the group's rules instead: the switch `openGroupDiscussion`, then the group's members (a hidden
// group does not exist for strangers). Shared by the discussion, comment, reply, like and report services and by the
// topic `discussion:<did>`.
import { OjError } from '@oj/proto';
import { isAdmin, type Viewer } from '../account/viewer';
import { isSuperAdmin } from '../group/group-access';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx } from '../db/client';
import { isMemberOf, memberView } from '../group/group-standing';
import { findDiscussion, type DiscussionRow } from './discussion.repo';

/** Refuses the public discussion area (discussions and their comments) while the site switch is off; admins pass. */
export function assertDiscussionOpen(ctx: Pick<ServiceContext, 'config'>, viewer: Viewer | null): void {
  if (!ctx.config.site.openPublicDiscussion && !isAdmin(viewer)) throw new OjError('DISCUSSION_CLOSED');
}

/** Discussion `did`, or DISCUSSION_NOT_FOUND (also for a disabled one unless `viewer` is an admin). */
export async function discussionRow(db: DbOrTx, did: number, viewer: Viewer | null = null): Promise<DiscussionRow> {
  if (!isInt4(did)) throw new OjError('DISCUSSION_NOT_FOUND');
  const d = await findDiscussion(db, did);
  if (!d || (d.status !== 0 && !isAdmin(viewer))) throw new OjError('DISCUSSION_NOT_FOUND');
  return d;
}

/** Refuses the groups' discussions while the site switch is off; super admins pass. */
export function assertGroupDiscussionOpen(ctx: Pick<ServiceContext, 'config'>, viewer: Viewer | null): void {
  if (!ctx.config.site.openGroupDiscussion && !isSuperAdmin(viewer)) throw new OjError('GROUP_DISCUSSION_CLOSED');
}

/**
 * The discussion when `viewer` may read it now, else the catalogued refusal: a public one by the public area's switch
 * and visibility, a group's one by the group switch and membership (anonymous callers must log in first). `db` lets a
 * caller read inside its transaction.
 */
export async function readableDiscussion(ctx: Pick<ServiceContext, 'config' | 'db'>, did: number, viewer: Viewer | null, db: DbOrTx = ctx.db): Promise<DiscussionRow> {
  const d = isInt4(did) ? await findDiscussion(db, did) : undefined;
  if (d?.gid == null) {
    assertDiscussionOpen(ctx, viewer);
    return discussionRow(db, did, viewer);
  }
  assertGroupDiscussionOpen(ctx, viewer);
  if (!viewer) throw new OjError('AUTH_NOT_LOGGED_IN');
  await memberView(db, d.gid, viewer);
  if (d.status !== 0 && !isSuperAdmin(viewer)) throw new OjError('DISCUSSION_NOT_FOUND');
  return d;
}

/** Whether `viewer` may follow `discussion:<did>`: whoever may read it. */
export async function mayReadDiscussion(ctx: Pick<ServiceContext, 'config' | 'db'>, did: number, viewer: Viewer | null): Promise<boolean> {
  const d = isInt4(did) ? await findDiscussion(ctx.db, did) : undefined;
  if (!d) return false;
  if (d.gid == null) return (ctx.config.site.openPublicDiscussion || isAdmin(viewer)) && (d.status === 0 || isAdmin(viewer));
  if (!ctx.config.site.openGroupDiscussion && !isSuperAdmin(viewer)) return false;
  return (d.status === 0 || isSuperAdmin(viewer)) && (await isMemberOf(ctx.db, d.gid, viewer));
}
