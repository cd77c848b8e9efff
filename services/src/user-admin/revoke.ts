// Ending a user's sessions when an admin changes what the session was granted: the user's session epoch is bumped
// (every older token fails its check) and `session.revoked` is pushed on `user:<uid>`, on which every gateway drops
// its cached checks of the user and its sockets of the user's old sessions.
import { topics, type PushMessage, type SessionRevokedData } from '@oj/proto';
import type { Tx } from '../db/client';
import { appendPush } from '../push/push.service';

export async function revokeSessions(tx: Tx, uid: string, reason: SessionRevokedData['reason'], keep?: string): Promise<PushMessage> {
  return appendPush(tx, topics.user(uid), 'session.revoked', { uid, reason, ...(keep !== undefined && { keep }) });
}
