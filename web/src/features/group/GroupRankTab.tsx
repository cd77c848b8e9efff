// The group's Rank tab: its members by what they solved inside the group (ACM: solved, then fewer submissions; OI:
// the sum of best scores), the ACM/OI switch and the user search (the site rank's page with the group's loader). A
// verdict inside the group (`group.rank` on `group:<gid>`, followed by the shell) makes it read again.
import { useCallback, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { RankType } from '@oj/proto';
import { RankPage } from '../rank/RankPage';
import { useGroupShell } from './group-context';
import { getGroupRank } from './group-training-api';

export function GroupRankTab() {
  const { group, rankVersion } = useGroupShell();
  const [kind, setKind] = useState<'acm' | 'oi'>('acm');
  const load = useCallback(
    (q: { currentPage: number; limit: number; searchUser?: string }) => getGroupRank({ ...q, gid: group.id, type: kind === 'acm' ? RankType.ACM : RankType.OI }),
    [group.id, kind],
  );
  const chip = (on: boolean) => `rounded border px-3 py-1 text-sm ${on ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white text-slate-600'}`;
  return (
    <div className="p-4" data-testid="group-rank">
      <div className="mb-3 flex items-center gap-2" role="group">
        {(['acm', 'oi'] as const).map((k) => (
          <button key={k} type="button" aria-pressed={kind === k} className={chip(kind === k)} onClick={() => setKind(k)} data-testid={`group-rank-${k}`}>
            <FormattedMessage id={k === 'acm' ? 'groupTraining.rank.acm' : 'groupTraining.rank.oi'} />
          </button>
        ))}
      </div>
      <RankPage key={kind} kind={kind} load={load} version={rankVersion} />
    </div>
  );
}
