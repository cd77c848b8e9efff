// A problem opened inside a contest (/contest/:contestID/problem/:problemID, problemID = display id) and its
// full-screen variant (…/full-screen, no site chrome, full window height). Both reuse the practice problem page's
// statement, editor and live verdict panel; submits carry the contest id and the display id.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { CONTEST_STATUS, type ContestProblemInfo, type ContestProblemVO } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { LoginDialogHost } from '../auth/LoginDialogHost';
import { Toasts } from '../layout/Toasts';
import { ProblemWorkspace } from '../problem/ProblemDetailPage';
import { getContestProblemDetail, getContestProblems } from './contest-api';
import { useContestShell } from './contest-context';
import { submitOpen } from './contest-problem-view';
import { Balloon } from './ContestProblemsTab';
import { LoginRequired } from '../auth/LoginRequired';

function useContestProblem(cid: number, displayId: string) {
  const [info, setInfo] = useState<ContestProblemInfo | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setInfo(null);
    setFailed(false);
    getContestProblemDetail(cid, displayId)
      .then((i) => live && setInfo(i))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [cid, displayId]);
  return { info, failed };
}

function LoadFailed() {
  return (
    <div className="py-16 text-center text-slate-500" data-testid="problem-load-failed">
      <FormattedMessage id="contest.problem.loadFailed" />
    </div>
  );
}

export function ContestProblemPage() {
  const { contest, status, isAdmin } = useContestShell();
  const { problemID = '' } = useParams();
  const { info, failed } = useContestProblem(contest.id, problemID);
  const [submitId, setSubmitId] = useState<number | null>(null);
  usePageTitle(info ? `${info.displayId}. ${info.displayTitle}` : contest.title);
  useEffect(() => setSubmitId(null), [problemID]);

  if (failed) return <LoadFailed />;
  if (!info) return <Loading />;
  const open = submitOpen(status, contest.allowEndSubmit, isAdmin);
  return (
    <div data-testid="contest-problem-page" data-display-id={info.displayId}>
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-2 text-sm">
        <Link to={`/contest/${contest.id}/problems`} className="text-blue-600 hover:underline">
          ← <FormattedMessage id="contest.problem.back" />
        </Link>
        <span className="inline-flex items-center gap-2 font-mono text-slate-600">
          <Balloon color={info.color} />
          {info.displayId}
        </span>
        {!open && (
          <span className="rounded bg-amber-50 px-2 py-0.5 text-xs text-amber-700" data-testid="contest-submit-closed">
            <FormattedMessage id={status === CONTEST_STATUS.SCHEDULED ? 'contest.problem.notStarted' : 'contest.problem.ended'} />
          </span>
        )}
        <Link
          to={`/contest/${contest.id}/problem/${encodeURIComponent(info.displayId)}/full-screen`}
          data-testid="contest-problem-fullscreen"
          className="ml-auto rounded border border-slate-300 px-2 py-0.5 text-slate-600 hover:border-blue-400 hover:text-blue-600"
        >
          <FormattedMessage id="contest.problem.fullScreen" />
        </Link>
      </div>
      <ProblemWorkspace
        info={info}
        heading={`${info.displayId}. ${info.displayTitle}`}
        contest={{ cid: contest.id, displayId: info.displayId }}
        submitId={submitId}
        onSubmitId={setSubmitId}
      />
    </div>
  );
}

/** The full-screen page: outside the site layout, so it brings its own toasts and login dialog. */
export function ContestFullScreenProblemPage() {
  const session = useSnapshot(sessionState);
  const { problemID = '' } = useParams();
  return (
    <>
      {isLoggedIn(session) ? <FullScreenBody key={problemID} /> : <LoginRequired />}
      <Toasts />
      <LoginDialogHost />
    </>
  );
}

/** Focus mode's problem navigation bar: every problem of the contest, the current one marked. */
function ProblemBar({ cid, current }: { cid: number; current: string }) {
  const [problems, setProblems] = useState<ContestProblemVO[]>([]);
  useEffect(() => {
    let live = true;
    getContestProblems(cid)
      .then((p) => live && setProblems(p))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [cid]);
  return (
    <nav className="flex min-w-0 flex-1 gap-1 overflow-x-auto" data-testid="contest-problem-bar">
      {problems.map((p) => (
        <Link
          key={p.displayId}
          to={`/contest/${cid}/problem/${encodeURIComponent(p.displayId)}/full-screen`}
          aria-current={p.displayId === current ? 'page' : undefined}
          data-testid="contest-problem-bar-item"
          className={`inline-flex shrink-0 items-center gap-1 rounded px-2 py-1 font-mono ${p.displayId === current ? 'bg-blue-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          <Balloon color={p.color} />
          {p.displayId}
        </Link>
      ))}
    </nav>
  );
}

function FullScreenBody() {
  const intl = useIntl();
  const { contestID = '', problemID = '' } = useParams();
  const cid = Number(contestID);
  const { info, failed } = useContestProblem(cid, problemID);
  const [submitId, setSubmitId] = useState<number | null>(null);
  usePageTitle(info ? `${info.displayId}. ${info.displayTitle}` : intl.formatMessage({ id: 'contest.list.title' }));
  return (
    <div className="flex h-screen flex-col bg-slate-50" data-testid="contest-problem-full-screen">
      <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 text-sm">
        <Link to={`/contest/${cid}/problem/${encodeURIComponent(problemID)}`} className="text-blue-600 hover:underline" data-testid="contest-problem-exit-fullscreen">
          ← <FormattedMessage id="contest.problem.exitFullScreen" />
        </Link>
        <ProblemBar cid={cid} current={problemID} />
      </div>
      <div className="min-h-0 flex-1">
        {failed ? (
          <LoadFailed />
        ) : !info ? (
          <Loading />
        ) : (
          <ProblemWorkspace
            fullScreen
            info={info}
            heading={`${info.displayId}. ${info.displayTitle}`}
            contest={{ cid, displayId: info.displayId }}
            submitId={submitId}
            onSubmitId={setSubmitId}
          />
        )}
      </div>
    </div>
  );
}
