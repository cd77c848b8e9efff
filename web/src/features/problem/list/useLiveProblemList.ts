// The problem list, live: every practice verdict of a public problem pushes its counters (`problem.counts` on
// `problem-counts`), which replace that row's counts; a final verdict of the signed-in user (on their `user` topic)
// reloads their tick/minus column. The list is reloaded over REST after a resync and every 30 s while the socket is down.
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { JudgeStatus, topics, type PageOf, type ProblemCount, type ProblemListQuery, type ProblemVO, type UserProblemStatus } from '@oj/proto';
import { useLiveTopic } from '../../../lib/useLiveTopic';
import { useLatestRead, useLatestValue } from '../../../lib/useLatestRead';
import { sessionState } from '../../../stores/session';
import { getProblemList, getUserProblemStatus } from '../problem-api';

const UNFINISHED: readonly number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];
const LIST_POLL_MS = 30_000;

export interface LiveProblemList {
  data: PageOf<ProblemVO> | null;
  loading: boolean;
  /** The signed-in user's status by problem id (pid). */
  mine: Readonly<Record<string, UserProblemStatus>>;
}

export function useLiveProblemList(q: ProblemListQuery): LiveProblemList {
  const uid = useSnapshot(sessionState).user?.uid ?? null;
  const { data, setData, loading, show } = useLatestValue<PageOf<ProblemVO>>();
  const [mine, setMine] = useState<Record<string, UserProblemStatus>>({});
  const key = JSON.stringify(q);

  // Reads overlap (a pager click, a push, the poll): only the latest one's answer is shown, and a failed one keeps
  // what is shown (the client showed why).
  const latestMine = useLatestRead();
  const loadMine = useCallback(
    (rows: readonly ProblemVO[] | undefined) => latestMine(!uid || !rows || rows.length === 0 ? Promise.resolve({}) : getUserProblemStatus(rows.map((r) => r.pid)), setMine),
    [uid, latestMine],
  );

  const load = useCallback(() => show(getProblemList(JSON.parse(key) as ProblemListQuery), (d) => void loadMine(d.records)), [key, loadMine, show]);
  useEffect(() => void load(), [load]);

  const applyCounts = (c: ProblemCount) =>
    setData((d) => (d && d.records.some((r) => r.pid === c.pid) ? { ...d, records: d.records.map((r) => (r.pid === c.pid ? { ...r, ...c } : r)) } : d));

  useLiveTopic(topics.problemCounts(), {
    events: { 'problem.counts': applyCounts },
    onResync: () => void load(),
    poll: { intervalMs: LIST_POLL_MS, run: load },
  });
  useLiveTopic(uid === null ? null : topics.user(uid), {
    events: {
      'submission.status': (s) => {
        if (!UNFINISHED.includes(s.status)) void loadMine(data?.records);
      },
    },
    onResync: () => void loadMine(data?.records),
  });
  return { data, loading, mine };
}
