// The signed-in user's unread message counts, live: `unread.counts` on `user:<uid>` through the live-topic engine
// (counts are absolute, so any frame replaces them), the REST snapshot after a resync or when the user changes, and
// a poll every 120 s while the socket is down. A background watch (it does not bring the realtime connection into the
// first load): its first subscription for a user reloads the counts, which may have moved since the first load.
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { decode, POLLING, topics, UnreadCounts } from '@oj/proto';
import { api } from '../../lib/api';
import { useLiveTopic } from '../../lib/useLiveTopic';
import { sessionState } from '../../stores/session';
import { applyUnread, resetUnread } from '../../stores/unread';

/** Loads the counts over REST (after a resync, a new user, and every 120 s while the socket is down). */
export async function refreshUnread(): Promise<void> {
  if (!sessionState.csrf) return;
  try {
    applyUnread(await api.get('/msg/unread', { decode: (x) => decode(UnreadCounts, x), silent: true }));
  } catch {
    // Next push or poll brings them.
  }
}

/** Mounted once in the app shell: follows the counts of whoever is signed in. */
export function useLiveUnread(): void {
  const uid = useSnapshot(sessionState).user?.uid ?? null;
  useEffect(() => {
    // Another user's counts must not linger.
    resetUnread();
    if (uid !== null) void refreshUnread();
  }, [uid]);
  const caughtUp = useRef<string | null>(null);
  useLiveTopic(uid === null ? null : topics.user(uid), {
    background: true,
    onSubscribed: () => {
      if (caughtUp.current === uid) return;
      caughtUp.current = uid;
      void refreshUnread();
    },
    events: { 'unread.counts': (data) => applyUnread(data) },
    onResync: () => void refreshUnread(),
    poll: { intervalMs: POLLING.unreadMs, run: refreshUnread },
  });
}
