// The self-check table, live: the programs are ordinary submissions of the admin, whose `submission.status` frames
// arrive on the admin's `user` topic. A frame of one of the table's submissions updates its row at once; a final
// verdict reloads the table (the server decides whether it matches and the slowest accepted time). REST on mount,
// after a resync, and every 2 s while the socket is down and something is still judging.
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { JudgeStatus, POLLING, topics, type SelfCheckView } from '@oj/proto';
import { api } from '../../../lib/api';
import { useLiveTopic } from '../../../lib/useLiveTopic';
import { useLatestRead } from '../../../lib/useLatestRead';
import { sessionState } from '../../../stores/session';

const UNFINISHED: readonly number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];

export const selfCheckView = (pid: number) => api.get<SelfCheckView>('/admin/problem/self-check', { query: { pid } });
export const startSelfCheck = (pid: number) => api.post<SelfCheckView>('/admin/problem/self-check', {}, { query: { pid } });

export function useSelfCheck(pid: number): { view: SelfCheckView | null; setView: (v: SelfCheckView) => void } {
  const uid = useSnapshot(sessionState).user?.uid ?? null;
  const [view, setView] = useState<SelfCheckView | null>(null);
  const latest = useLatestRead();
  // A failed read keeps the table shown (the API client showed why).
  const reload = useCallback(() => latest(selfCheckView(pid), setView), [pid, latest]);
  useEffect(() => void reload(), [reload]);
  const judging = view?.rows.some((r) => r.submitId !== null && (r.status === null || UNFINISHED.includes(r.status))) ?? false;
  useLiveTopic(uid === null ? null : topics.user(uid), {
    events: {
      'submission.status': (d) => {
        if (!view?.rows.some((r) => r.submitId === d.submitId)) return;
        setView((v) => v && { ...v, rows: v.rows.map((r) => (r.submitId === d.submitId ? { ...r, status: d.status, time: d.time } : r)) });
        if (!UNFINISHED.includes(d.status)) void reload();
      },
    },
    onResync: () => void reload(),
    poll: { intervalMs: POLLING.submissionMs, run: () => (judging ? reload() : Promise.resolve()) },
  });
  return { view, setView };
}
