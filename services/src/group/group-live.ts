// What a group pushes on `group:<gid>` (docs/realtime.md): a relation that changed (`group.member`: the user's uid
// and new auth, 0 when gone), an announcement that changed (`group.announcement`: its id), a discussion that changed
// (`group.discussion`: its id) and a verdict inside the
// group that moves its rank (`group.rank`). Written in the
// change's transaction, published after it commits; the screens reload their lists over REST, where every rule applies.
import { topics, type PushMessage } from '@oj/proto';
import type { Tx } from '../db/client';
import { appendPush } from '../push/push.service';

export const memberPush = (tx: Tx, gid: number, uid: string, auth: number): Promise<PushMessage> => appendPush(tx, topics.group(gid), 'group.member', { gid, uid, auth });

export const announcementPush = (tx: Tx, gid: number, id: number): Promise<PushMessage> => appendPush(tx, topics.group(gid), 'group.announcement', { gid, id });

/** A group discussion posted, edited, pinned or deleted: open Discussion tabs read their page again. */
export const discussionPush = (tx: Tx, gid: number, did: number): Promise<PushMessage> => appendPush(tx, topics.group(gid), 'group.discussion', { gid, did });

/** A practice verdict of a submission made inside group `gid`: the group's rank pages read again. */
export const rankPush = (tx: Tx, gid: number): Promise<PushMessage> => appendPush(tx, topics.group(gid), 'group.rank', { gid });
