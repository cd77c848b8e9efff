// The Problem tab: my status (ACM check, OI score), display id with its balloon colour, title,
// AC, total ('?' when real-time data is not permitted) and the AC-rate bar; a row opens the problem in the contest.
import { Link, useNavigate } from 'react-router-dom';
import { useIntl } from 'react-intl';
import type { ContestProblemVO, UserProblemStatus } from '@oj/proto';
import { Empty, Loading } from '../../components/Spinner';
import { TableHead } from '../../components/TableHead';
import { useContestShell } from './contest-context';
import { acRate, countText, statusCell } from './contest-problem-view';
import { useContestProblems } from './useContestProblems';

export function Balloon({ color }: { color: string | null }) {
  if (!color) return null;
  return <span aria-hidden className="inline-block h-3 w-3 rounded-full border border-black/10 align-middle" style={{ backgroundColor: color }} />;
}

function MyStatus({ type, s }: { type: number; s: UserProblemStatus | undefined }) {
  const intl = useIntl();
  const cell = statusCell(type, s);
  switch (cell.kind) {
    case 'none':
      return null;
    case 'ac':
      return (
        <span data-testid="contest-problem-status" data-kind="ac" className="font-bold text-green-600" title={intl.formatMessage({ id: 'contest.problems.solved' })}>
          ✓
        </span>
      );
    case 'tried':
      return (
        <span data-testid="contest-problem-status" data-kind="tried" className="font-bold text-red-500" title={intl.formatMessage({ id: 'contest.problems.tried' })}>
          ✗
        </span>
      );
    case 'hidden':
      return (
        <span data-testid="contest-problem-status" data-kind="hidden" className="text-slate-400" title={intl.formatMessage({ id: 'contest.problems.hidden' })}>
          ?
        </span>
      );
    case 'score': {
      const full = cell.score >= 100;
      return (
        <span data-testid="contest-problem-status" data-kind="score" className={`rounded px-1.5 py-0.5 text-xs font-semibold ${full ? 'bg-green-100 text-green-700' : cell.score > 0 ? 'bg-amber-100 text-amber-700' : 'bg-red-100 text-red-700'}`}>
          {cell.score}
        </span>
      );
    }
  }
}

export function ContestProblemsTab() {
  const { contest } = useContestShell();
  const navigate = useNavigate();
  const cid = contest.id;
  const { rows, mine } = useContestProblems(cid);

  if (rows === null) return <Loading />;
  if (rows.length === 0) return <Empty />;
  const open = (p: ContestProblemVO) => navigate(`/contest/${cid}/problem/${encodeURIComponent(p.displayId)}`);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="contest-problem-table">
        <TableHead
          nowrap
          columns={['contest.problems.mine', 'contest.problems.id', 'contest.problems.title', 'contest.problems.ac', 'contest.problems.total', 'contest.problems.rate']}
        />
        <tbody>
          {rows.map((p) => {
            const rate = acRate(p.ac, p.total);
            return (
              <tr
                key={p.id}
                data-testid="contest-problem-row"
                data-display-id={p.displayId}
                onClick={() => open(p)}
                className="cursor-pointer border-t border-slate-100 hover:bg-slate-50"
              >
                <td className="w-16 px-3 py-2 text-center">
                  <MyStatus type={contest.type} s={mine[String(p.pid)]} />
                </td>
                <td className="px-3 py-2 font-mono whitespace-nowrap">
                  <span className="inline-flex items-center gap-2">
                    <Balloon color={p.color} />
                    {p.displayId}
                  </span>
                </td>
                <td className="px-3 py-2">
                  <Link to={`/contest/${cid}/problem/${encodeURIComponent(p.displayId)}`} className="text-blue-600 hover:underline" onClick={(e) => e.stopPropagation()}>
                    {p.displayTitle}
                  </Link>
                </td>
                <td className="px-3 py-2">{countText(p.ac)}</td>
                <td className="px-3 py-2">{countText(p.total)}</td>
                <td className="px-3 py-2">
                  {rate === null ? (
                    <span className="text-slate-400">?</span>
                  ) : (
                    <div className="flex items-center gap-2">
                      <div className="h-1.5 w-20 overflow-hidden rounded bg-slate-200">
                        <div className="h-full bg-green-500" style={{ width: `${rate}%` }} />
                      </div>
                      <span className="text-xs text-slate-600">{rate.toFixed(2)}%</span>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
