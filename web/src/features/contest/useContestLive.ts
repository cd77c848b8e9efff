// The shell's live link to `contest:<cid>` (contest.status and contest.announcement), through the live-topic engine:
// frames in seq order, `since` after a reconnect, a REST catch-up on resync, and a 60 s poll of unread
// announcements only while the socket is down.
import { useEffect, useRef } from 'react';
import { POLLING, type ContestAnnouncementVO, type ContestStatusEvent, topics } from '@oj/proto';
import { watchTopic } from '../../lib/useLiveTopic';

export interface ContestLiveHandlers {
  onStatus: (ev: ContestStatusEvent) => void;
  onAnnouncement: (a: ContestAnnouncementVO) => void;
  /** Loads what may have been missed (unread announcements) over REST. */
  catchUp: () => Promise<void>;
}

export function useContestLive(cid: number, enabled: boolean, handlers: ContestLiveHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    // Whatever happened before we arrived (or while away) comes over REST once.
    void ref.current.catchUp();
    return watchTopic(topics.contest(cid), {
      events: {
        'contest.status': (ev) => {
          if (ev.cid === cid) ref.current.onStatus(ev);
        },
        'contest.announcement': (a) => {
          if (a.cid === cid) ref.current.onAnnouncement(a);
        },
      },
      onResync: () => void ref.current.catchUp(),
      poll: { intervalMs: POLLING.contestAnnouncementMs, run: () => ref.current.catchUp() },
    });
  }, [cid, enabled]);
}
