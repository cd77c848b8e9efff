// The admin problem list's live column: `judge.queue` on `judge-status` (each frame is the whole set of problems
// with something unjudged, so it replaces what was there), the REST snapshot on mount and after a resync, and a
// poll every 5 s while the socket is down.
import { useCallback, useEffect, useState } from 'react';
import { POLLING, topics } from '@oj/proto';
import { useLiveTopic } from '../../../lib/useLiveTopic';
import { useLatestRead } from '../../../lib/useLatestRead';
import { judgeQueue, queueMap, type QueueByPid } from './list-api';

export function useJudgeQueue(): QueueByPid {
  const [queue, setQueue] = useState<QueueByPid>(new Map());
  const latest = useLatestRead();
  // A failed read keeps the column: the next frame or poll brings it.
  const reload = useCallback(() => latest(judgeQueue(), (q) => setQueue(queueMap(q))), [latest]);
  useEffect(() => void reload(), [reload]);
  useLiveTopic(topics.judgeStatus(), {
    events: { 'judge.queue': (data) => setQueue(queueMap(data.problems)) },
    onResync: () => void reload(),
    poll: { intervalMs: POLLING.judgeQueueMs, run: reload },
  });
  return queue;
}
