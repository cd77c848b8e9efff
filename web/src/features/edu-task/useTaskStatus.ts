// The teacher's grid / monitor of a homework or exam, live: `task.activity` on `homework:<id>` / `exam:<id>` carries
// ids only, so every event (and a resync) reads the grid again; while the socket is down it is read every 15 s.
import { useCallback, useEffect, useState } from 'react';
import { EDU_LIMITS, topics, type TaskKind, type TaskStatusVO } from '@oj/proto';
import { useLiveTopic } from '../../lib/useLiveTopic';
import { taskStatus } from './task-api';

export function useTaskStatus(kind: TaskKind, id: number) {
  const [grid, setGrid] = useState<TaskStatusVO | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback((silent: boolean) => taskStatus(kind, id, silent).then(setGrid, () => setFailed(true)), [kind, id]);
  useEffect(() => void load(false), [load]);
  const reload = () => void load(true);
  useLiveTopic(kind === 'exam' ? topics.exam(id) : topics.homework(id), {
    events: { 'task.activity': reload },
    onResync: reload,
    poll: { intervalMs: EDU_LIMITS.studentRefreshMs, run: () => load(true) },
  });
  return { grid, failed, reload: () => load(false) };
}
