// The ScrollBoard tab (contest admin, ACM): medal counts defaulting to 10/20/30 % of the teams
// (star users excluded, floored), remove star, and Start Rolling, which opens the scroll board in a new window
// (after a confirmation while the contest has not ended).
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTEST_STATUS, type ContestVO } from '@oj/proto';
import { loadWholeBoard } from './scoreboard-api';
import { defaultMedals, type MedalCounts } from './scroll/reveal';
import { scrollBoardUrl } from './scroll/scroll-input';

export function ScrollBoardSetupTab({ contest }: { contest: ContestVO; isAdmin: boolean }) {
  const intl = useIntl();
  const [teams, setTeams] = useState<number | null>(null);
  const [medals, setMedals] = useState<MedalCounts>({ gold: 0, silver: 0, bronze: 0 });
  const [removeStar, setRemoveStar] = useState(false);

  useEffect(() => {
    let live = true;
    loadWholeBoard({ cid: contest.id, outside: false, forceRefresh: true, containsEnd: false }, true).then(
      (page) => {
        if (!live) return;
        const n = page.records.filter((r) => r.rank !== -1).length;
        setTeams(n);
        setMedals(defaultMedals(n));
      },
      () => live && setTeams(0),
    );
    return () => {
      live = false;
    };
  }, [contest.id]);

  const ended = contest.status === CONTEST_STATUS.ENDED || Date.now() >= Date.parse(contest.endTime);

  const start = () => {
    if (!ended && !window.confirm(intl.formatMessage({ id: 'board.scrollSetup.notEnded' }))) return;
    window.open(scrollBoardUrl({ cid: contest.id, removeStar, medals }), '_blank', 'noopener');
  };

  const field = (key: keyof MedalCounts) => (
    <label className="flex items-center gap-3">
      <span className="w-28 text-sm text-slate-600">
        <FormattedMessage id={`board.scrollSetup.${key}`} />
      </span>
      <input
        type="number"
        min={0}
        data-testid={`scroll-setup-${key}`}
        value={medals[key]}
        onChange={(e) => setMedals((m) => ({ ...m, [key]: Math.max(0, Math.floor(Number(e.target.value)) || 0) }))}
        className="w-28 rounded border border-slate-300 px-2 py-1 text-sm"
      />
    </label>
  );

  return (
    <div className="max-w-xl space-y-4 p-4" data-testid="scroll-setup-tab">
      <div className="flex items-center gap-3 text-sm">
        <span className="w-28 text-slate-600">
          <FormattedMessage id="board.scrollSetup.contestId" />
        </span>
        <span className="font-mono">{contest.id}</span>
      </div>
      <p className="text-sm text-slate-500">
        {teams === null ? <FormattedMessage id="board.page.loading" /> : <FormattedMessage id="board.scrollSetup.teams" values={{ teams }} />}
      </p>
      {field('gold')}
      {field('silver')}
      {field('bronze')}
      <label className="flex items-center gap-3 text-sm text-slate-600">
        <span className="w-28">
          <FormattedMessage id="board.scrollSetup.removeStar" />
        </span>
        <input type="checkbox" data-testid="scroll-setup-remove-star" className="h-4 w-4" checked={removeStar} onChange={(e) => setRemoveStar(e.target.checked)} />
      </label>
      <button type="button" data-testid="scroll-setup-start" onClick={start} className="rounded bg-blue-600 px-4 py-2 text-sm text-white hover:bg-blue-700">
        <FormattedMessage id="board.scrollSetup.start" />
      </button>
    </div>
  );
}
