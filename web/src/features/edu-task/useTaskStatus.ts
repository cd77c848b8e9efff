// The teacher's grid / monitor of a homework or exam, live: `task.activity` on `homework:<id>` / `exam:<id>` carries
// ids only, so every event (and a resync) reads the grid again (the latest read's answer wins); while the socket is
// down it is read every 15 s.
import { useCallback, useEffect, useState } from 'react';
import { EDU_LIMITS, topics, type TaskKind, type TaskStatusVO } from '@oj/proto';
import { useLatestRead } from '../../lib/useLatestRead';
import { useLiveTopic } from '../../lib/useLiveTopic';
import { taskStatus } from './task-api';

export function useTaskStatus(kind: TaskKind, id: number) {
  const [grid, setGrid] = useState<TaskStatusVO | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useLatestRead();
  const load = useCallback((silent: boolean) => latest(taskStatus(kind, id, silent), setGrid, () => setFailed(true)), [kind, id, latest]);
  useEffect(() => void load(false), [load]);
  const reload = () => void load(true);
  useLiveTopic(kind === 'exam' ? topics.exam(id) : topics.homework(id), {
    events: { 'task.activity': reload },
    onResync: reload,
    // A change committed between the first read and the subscription is caught up here.
    onSubscribed: reload,
    poll: { intervalMs: EDU_LIMITS.studentRefreshMs, run: () => load(true) },
  });
  return { grid, failed, reload: () => load(false) };
}
