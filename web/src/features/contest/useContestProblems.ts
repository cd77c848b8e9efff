// The contest's problem tab: its problems with their counts and my status on each, read again when one of my
// submissions gets its verdict (pushed on my `user:` topic), so my column and the counts move while the tab is open.
// The latest read wins; a failed re-read keeps what is shown.
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { isInProgress, topics, type ContestProblemVO, type UserProblemStatus } from '@oj/proto';
import { useLatestRead } from '../../lib/useLatestRead';
import { useLiveTopic } from '../../lib/useLiveTopic';
import { sessionState } from '../../stores/session';
import { getContestProblems, getContestProblemStatus } from './contest-api';

export function useContestProblems(cid: number): { rows: ContestProblemVO[] | null; mine: Record<string, UserProblemStatus> } {
  const uid = useSnapshot(sessionState).user?.uid ?? null;
  const [rows, setRows] = useState<ContestProblemVO[] | null>(null);
  const [mine, setMine] = useState<Record<string, UserProblemStatus>>({});
  const latest = useLatestRead();
  const latestMine = useLatestRead();
  const load = useCallback(
    () =>
      latest(
        getContestProblems(cid),
        (list) => {
          setRows(list);
          if (list.length > 0) void latestMine(getContestProblemStatus(cid, list.map((p) => p.pid)), setMine);
        },
        () => setRows((r) => r ?? []),
      ),
    [cid, latest, latestMine],
  );
  useEffect(() => void load(), [load]);
  useLiveTopic(uid === null ? null : topics.user(uid), {
    events: {
      'submission.status': (s) => {
        if (!isInProgress(s.status)) void load();
      },
    },
    onResync: () => void load(),
  });
  return { rows, mine };
}
