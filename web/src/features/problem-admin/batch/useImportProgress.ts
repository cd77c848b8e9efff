// The server's steps of one import (`import.progress` on the importer's `user` topic, filtered by the key the page
// sent). Without a socket the page shows the upload bar and then waits for the answer.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { topics, type ImportProgress } from '@oj/proto';
import { useLiveTopic } from '../../../lib/useLiveTopic';
import { sessionState } from '../../../stores/session';

export function useImportProgress(key: string | null): ImportProgress | null {
  const uid = useSnapshot(sessionState).user?.uid ?? null;
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  useLiveTopic(key === null || uid === null ? null : topics.user(uid), {
    events: { 'import.progress': (d) => d.key === key && setProgress(d) },
    // Progress is transient: nothing to reload.
    onResync: () => undefined,
  });
  return key === null || progress?.key !== key ? null : progress;
}
