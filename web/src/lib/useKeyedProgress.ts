// Progress of one long server call (an import, a test-data upload) pushed on the caller's `user` topic under a key
// the page chose and sent with the call (`?progressKey=`): the last frame with that key, or null. Progress is
// transient: nothing to reload after a resync, and without a socket the page shows its own upload bar and waits.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { topics, type PushEventData } from '@oj/proto';
import { sessionState } from '../stores/session';
import { useLiveTopic } from './useLiveTopic';

type ProgressEvent = 'import.progress' | 'testdata.progress';

/** A fresh key for one call. */
export const newProgressKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function useKeyedProgress<E extends ProgressEvent>(event: E, key: string | null): PushEventData<E> | null {
  const uid = useSnapshot(sessionState).user?.uid ?? null;
  const [progress, setProgress] = useState<PushEventData<E> | null>(null);
  const onFrame = (d: PushEventData<E>) => {
    if (d.key === key) setProgress(d);
  };
  useLiveTopic(key === null || uid === null ? null : topics.user(uid), {
    events: { [event]: onFrame } as { [K in E]: (d: PushEventData<E>) => void },
    onResync: () => undefined,
  });
  return key === null || progress?.key !== key ? null : progress;
}
