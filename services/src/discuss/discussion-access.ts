// Who may read a discussion of the public area: the site switch `openPublicDiscussion` (read at call time, so an
// admin's change applies at once; admins pass), and a disabled discussion only for admins. Shared by the discussion,
// comment, reply, like and report services and by the topic `discussion:<did>`.
import { OjError } from '@oj/proto';
import { isAdmin, type Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import { isInt4, type DbOrTx } from '../db/client';
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

/** The discussion when `viewer` may read it now (switch and visibility), else the catalogued refusal. */
export async function readableDiscussion(ctx: Pick<ServiceContext, 'config' | 'db'>, did: number, viewer: Viewer | null): Promise<DiscussionRow> {
  assertDiscussionOpen(ctx, viewer);
  return discussionRow(ctx.db, did, viewer);
}
