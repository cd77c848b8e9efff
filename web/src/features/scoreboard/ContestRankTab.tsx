// The contest's Rank tab: the in-contest board, live. Its problem columns are kept for the contest page (board-columns.ts).
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ContestProblemVO, ContestVO } from '@oj/proto';
import { sessionState } from '../../stores/session';
import { boardColumns } from './board-columns';
import { getBoardProblems } from './scoreboard-api';
import { ScoreBoard } from './ScoreBoard';

export function ContestRankTab({ contest, isAdmin }: { contest: ContestVO; isAdmin: boolean }) {
  const { user } = useSnapshot(sessionState);
  const [problems, setProblems] = useState<ContestProblemVO[]>([]);
  const [fresh, setFresh] = useState(0);
  useEffect(() => {
    let live = true;
    boardColumns(contest.id, getBoardProblems, fresh > 0).then(
      (p) => live && setProblems(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [contest.id, fresh]);
  const onColumnsStale = useCallback(() => setFresh((n) => (n < 1 ? n + 1 : n)), []);
  return (
    <div className="p-4" data-testid="contest-rank-tab">
      <ScoreBoard contest={contest} problems={problems} outside={false} isAdmin={isAdmin} myUid={user?.uid ?? null} onColumnsStale={onColumnsStale} />
    </div>
  );
}
