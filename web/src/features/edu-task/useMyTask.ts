// A student's own homework or exam (/homework/:id, /exam/:id), live: their verdicts arrive on their own `user:<uid>`
// topic (an unreleased exam's masked as "submitted" by the server), which carries no task, so every status event of
// theirs (and a resync) reads the page again (the latest read's answer wins); while the socket is down it is read
// every 15 s.
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { EDU_LIMITS, topics, type MyTaskVO, type TaskKind } from '@oj/proto';
import { ApiError } from '../../lib/api';
import { useLatestRead } from '../../lib/useLatestRead';
import { useLiveTopic } from '../../lib/useLiveTopic';
import { sessionState } from '../../stores/session';
import { myTask } from './task-api';

export function useMyTask(kind: TaskKind, id: number, failedMessage: string) {
  const uid = useSnapshot(sessionState).user?.uid ?? null;
  const [task, setTask] = useState<MyTaskVO | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useLatestRead();
  const load = useCallback(
    () => latest(myTask(kind, id), setTask, (e: unknown) => setError(e instanceof ApiError ? e.message : failedMessage)),
    [kind, id, failedMessage, latest],
  );
  useEffect(() => void load(), [load]);
  const reload = () => void load();
  useLiveTopic(uid === null ? null : topics.user(uid), {
    events: { 'submission.status': reload },
    onResync: reload,
    // A verdict committed between the first read and the subscription is caught up here.
    onSubscribed: reload,
    poll: { intervalMs: EDU_LIMITS.studentRefreshMs, run: load },
  });
  return { task, error };
}
