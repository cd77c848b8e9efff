// The Rejudge tab (super admin): each contest problem with its AC and total counts and Rejudge All.
// The counts follow the re-judging live: every board change pushed to contest-admin:<cid> refreshes them.
import { topics } from '@oj/proto';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { ContestProblemVO, ContestVO } from '@oj/proto';
import { watchTopic } from '../../lib/useLiveTopic';
import { useLatestRead } from '../../lib/useLatestRead';
import { sessionState } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { getBoardProblems, rejudgeContestProblem } from './scoreboard-api';
import { ToolTable } from './ToolTable';

export function RejudgeTab({ contest }: { contest: ContestVO; isAdmin: boolean }) {
  const intl = useIntl();
  const cid = contest.id;
  const { roles } = useSnapshot(sessionState);
  const [rows, setRows] = useState<ContestProblemVO[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const latest = useLatestRead();
  const load = useCallback(() => latest(getBoardProblems(cid), setRows, () => setRows((r) => r ?? [])), [cid, latest]);

  useEffect(() => {
    void load();
  }, [load]);

  // Coalesce a burst of verdicts into one refresh a second.
  const soon = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void load();
    }, 1000);
  }, [load]);
  useEffect(() => {
    const stop = watchTopic(topics.contestAdmin(cid), { events: { 'scoreboard.delta': soon }, onResync: soon });
    return () => {
      stop();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [cid, soon]);

  if (!roles.includes('root')) {
    return (
      <p className="py-8 text-center text-slate-500">
        <FormattedMessage id="board.rejudge.superAdminOnly" />
      </p>
    );
  }

  const rejudge = async (p: ContestProblemVO) => {
    if (!window.confirm(intl.formatMessage({ id: 'board.rejudge.confirm' }, { problem: `${p.displayId} ${p.displayTitle}` }))) return;
    setBusy(p.pid);
    try {
      await rejudgeContestProblem(cid, p.pid);
      showToast('success', intl.formatMessage({ id: 'board.rejudge.success' }));
      soon();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="rejudge-tab" className="p-4">
      <ToolTable
        columns={['board.rejudge.pid', 'board.rejudge.displayId', 'board.rejudge.title', 'board.rejudge.ac', 'board.rejudge.total', 'board.rejudge.action']}
        rows={rows}
        row={(p) => (
          <tr key={p.pid} data-testid="rejudge-row" className="border-t border-slate-100">
            <td className="px-3 py-2 text-slate-500">{p.pid}</td>
            <td className="px-3 py-2">
              <span className="inline-flex items-center gap-1.5 font-semibold">
                <span className="inline-block h-3 w-3 rounded-full border border-black/10" style={{ background: p.color ?? 'transparent' }} />
                {p.displayId}
              </span>
            </td>
            <td className="px-3 py-2">{p.displayTitle}</td>
            <td className="px-3 py-2">{p.ac ?? '?'}</td>
            <td className="px-3 py-2">{p.total ?? '?'}</td>
            <td className="px-3 py-2">
              <button
                type="button"
                data-testid="rejudge-all"
                disabled={busy !== null}
                className="rounded bg-amber-600 px-2 py-1 text-xs text-white hover:bg-amber-700 disabled:opacity-50"
                onClick={() => void rejudge(p)}
              >
                <FormattedMessage id="board.rejudge.all" />
              </button>
            </td>
          </tr>
        )}
      />
    </div>
  );
}
