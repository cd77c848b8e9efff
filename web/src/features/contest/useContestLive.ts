// The shell's live link to `contest:<cid>` (contest.status and contest.announcement), through the live-topic engine:
// frames in seq order, `since` after a reconnect, a REST catch-up on resync, and a 60 s poll of unread
// announcements only while the socket is down.
import { useEffect, useRef } from 'react';
import { POLLING, type ContestAnnouncementVO, type ContestStatusEvent, topics } from '@oj/proto';
import { useLiveTopic } from '../../lib/useLiveTopic';

export interface ContestLiveHandlers {
  onStatus: (ev: ContestStatusEvent) => void;
  onAnnouncement: (a: ContestAnnouncementVO) => void;
  /** Loads what may have been missed (unread announcements) over REST. */
  catchUp: () => Promise<void>;
}

export function useContestLive(cid: number, enabled: boolean, handlers: ContestLiveHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  // Whatever happened before we arrived (or while away) comes over REST once.
  useEffect(() => {
    if (enabled) void ref.current.catchUp();
  }, [cid, enabled]);
  useLiveTopic(enabled ? topics.contest(cid) : null, {
    events: {
      'contest.status': (ev) => {
        if (ev.cid === cid) handlers.onStatus(ev);
      },
      'contest.announcement': (a) => {
        if (a.cid === cid) handlers.onAnnouncement(a);
      },
    },
    onResync: () => void handlers.catchUp(),
    poll: { intervalMs: POLLING.contestAnnouncementMs, run: () => handlers.catchUp() },
  });
}
