// /contest/acm-scoreboard/:contestID and /contest/oi-scoreboard/:contestID: the outside board,
// open to visitors when the contest has `openRank`, live like the in-contest one.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { CONTEST_STATUS, type ContestOutsideInfo } from '@oj/proto';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { sessionState } from '../../stores/session';
import { Toasts } from '../layout/Toasts';
import { getOutsideInfo } from './scoreboard-api';
import { ScoreBoard } from './ScoreBoard';

export function OutsideBoardPage({ kind }: { kind: 'acm' | 'oi' }) {
  const intl = useIntl();
  const { contestID } = useParams();
  const cid = Number(contestID);
  const session = useSnapshot(sessionState);
  const [info, setInfo] = useState<ContestOutsideInfo | null>(null);
  const [failed, setFailed] = useState(false);
  /** The server's reason (e.g. the outside board is not open), in the user's language. */
  const [reason, setReason] = useState<string | null>(null);
  usePageTitle(info?.contest.title ?? intl.formatMessage({ id: kind === 'acm' ? 'board.page.acmTitle' : 'board.page.oiTitle' }));

  useEffect(() => {
    if (!Number.isInteger(cid) || cid <= 0) {
      setFailed(true);
      return;
    }
    let live = true;
    setInfo(null);
    setFailed(false);
    setReason(null);
    getOutsideInfo(cid).then(
      (i) => live && setInfo(i),
      (e: unknown) => {
        if (!live) return;
        setFailed(true);
        if (e instanceof ApiError && e.kind === 'envelope') setReason(e.message);
      },
    );
    return () => {
      live = false;
    };
  }, [cid]);

  const c = info?.contest;
  const isAdmin = Boolean(c && (session.roles.includes('root') || (session.user && c.author !== null && session.user.username === c.author)));
  const statusId = c?.status === CONTEST_STATUS.SCHEDULED ? 'board.status.scheduled' : c?.status === CONTEST_STATUS.RUNNING ? 'board.status.running' : 'board.status.ended';

  return (
    <div className="min-h-screen bg-slate-50" data-testid="outside-board">
      <div className="w-full px-4 py-5">
        <div className="mb-4 flex flex-wrap items-end gap-x-6 gap-y-1">
          <Link to="/contest" className="text-sm text-blue-600 hover:underline">
            <FormattedMessage id="board.page.back" />
          </Link>
          <h1 className="text-2xl font-bold text-slate-800">{c ? c.title : <FormattedMessage id={kind === 'acm' ? 'board.page.acmTitle' : 'board.page.oiTitle'} />}</h1>
          {c && (
            <span className="text-sm text-slate-500">
              <FormattedMessage id="board.page.times" values={{ start: formatDateTime(c.startTime), end: formatDateTime(c.endTime) }} />
              <span className="ml-3 rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-700">
                <FormattedMessage id={statusId} />
              </span>
            </span>
          )}
        </div>
        {failed ? (
          <div className="py-16 text-center text-slate-500" data-testid="board-error">
            {reason ?? <FormattedMessage id="board.page.loadFailed" />}
          </div>
        ) : !info || !c ? (
          <div className="py-16 text-center text-slate-500" role="status">
            <FormattedMessage id="board.page.loading" />
          </div>
        ) : (
          <ScoreBoard contest={c} problems={info.problemList} outside isAdmin={isAdmin} myUid={null} />
        )}
      </div>
      <Toasts />
    </div>
  );
}
