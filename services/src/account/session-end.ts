// Account changes that end the user's other sessions at once: a new password (settings), a password reset (every
// session, the caller has none), a new email (the address that can reset the password). In one transaction the
// change is written, the session epoch bumped (every token of an older epoch fails its check) and `session.revoked`
// pushed on `user:<uid>`: every gateway forgets its cached checks of the user and drops the user's sockets whose
// session no longer stands, except those of the surviving session (`keep`), which it moves to the renewed id.
import type { SessionRevokedData } from '@oj/proto';
import type { ServiceContext } from '../context';
import type { users } from '../db/schema';
import { publishAll } from '../push/push.service';
import { revokeSessions } from '../user-admin/revoke';
import { updateUserBumpingEpoch } from './account.repo';
import { renewedSessionId } from './account.service';

/**
 * Writes `set` to user `uid` and ends the user's sessions but `current` (null: all of them); answers the id
 * `current` goes on under (null when none survives). `forget` drops this process's cached session checks at once.
 */
export async function changeEndingSessions(
  ctx: Pick<ServiceContext, 'db' | 'transport' | 'logger'>,
  uid: string,
  set: Partial<typeof users.$inferInsert>,
  reason: SessionRevokedData['reason'],
  current: string | null,
  forget: (uid: string) => void,
): Promise<string | null> {
  const { keep, msg } = await ctx.db.transaction(async (tx) => {
    const epoch = await updateUserBumpingEpoch(tx, uid, set);
    const kept = current === null ? null : renewedSessionId(current, epoch);
    return { keep: kept, msg: await revokeSessions(tx, uid, reason, kept ?? undefined) };
  });
  forget(uid);
  await publishAll(ctx.transport, [msg], ctx.logger);
  return keep;
}
