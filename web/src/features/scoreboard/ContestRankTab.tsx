// The contest's Rank tab: the in-contest board, live.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ContestProblemVO, ContestVO } from '@oj/proto';
import { sessionState } from '../../stores/session';
import { getBoardProblems } from './scoreboard-api';
import { ScoreBoard } from './ScoreBoard';

export function ContestRankTab({ contest, isAdmin }: { contest: ContestVO; isAdmin: boolean }) {
  const { user } = useSnapshot(sessionState);
  const [problems, setProblems] = useState<ContestProblemVO[]>([]);
  useEffect(() => {
    let live = true;
    getBoardProblems(contest.id).then(
      (p) => live && setProblems(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [contest.id]);
  return (
    <div className="p-4" data-testid="contest-rank-tab">
      <ScoreBoard contest={contest} problems={problems} outside={false} isAdmin={isAdmin} myUid={user?.uid ?? null} />
    </div>
  );
}
