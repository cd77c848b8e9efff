// The group screens' live link to `group:<gid>`: a relation that changed (`group.member`) and an announcement that
// changed (`group.announcement`), a verdict inside the group (`group.rank`), a discussion (`group.discussion`), through the live-topic engine (frames in seq order, `since` after a reconnect); a
// resync, and the 60 s poll while the socket is down, reload everything over REST.
import { POLLING, topics, type GroupMemberEvent } from '@oj/proto';
import { useLiveTopic } from '../../lib/useLiveTopic';

export interface GroupLiveHandlers {
  onMember: (ev: GroupMemberEvent) => void;
  onAnnouncement: () => void;
  onRank: () => void;
  /** A discussion of the group was posted, edited, pinned or deleted. */
  onDiscussion: () => void;
  /** Reloads the group, the caller's relation and the lists over REST. */
  reload: () => Promise<void>;
}

export function useGroupLive(gid: number, enabled: boolean, handlers: GroupLiveHandlers): void {
  useLiveTopic(enabled ? topics.group(gid) : null, {
    events: {
      'group.member': (ev) => {
        if (ev.gid === gid) handlers.onMember(ev);
      },
      'group.announcement': (ev) => {
        if (ev.gid === gid) handlers.onAnnouncement();
      },
      'group.rank': (ev) => {
        if (ev.gid === gid) handlers.onRank();
      },
      'group.discussion': (ev) => {
        if (ev.gid === gid) handlers.onDiscussion();
      },
    },
    onResync: () => void handlers.reload(),
    poll: { intervalMs: POLLING.groupMs, run: () => handlers.reload() },
  });
}
