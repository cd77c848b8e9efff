// A problem opened inside a contest (/contest/:contestID/problem/:problemID, problemID = display id) and its
// full-screen variant (…/full-screen, no site chrome, full window height). Both reuse the practice problem page's
// statement, editor and live verdict panel; submits carry the contest id and the display id.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTEST_STATUS, type ContestProblemInfo, type ContestProblemVO } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { ProblemWorkspace } from '../problem/ProblemDetailPage';
import { FullScreenFrame, FullScreenRoot, ProblemNavBar } from '../problem/FocusMode';
import { getContestProblemDetail, getContestProblems } from './contest-api';
import { useContestShell } from './contest-context';
import { submitOpen } from './contest-problem-view';
import { Balloon } from './ContestProblemsTab';
import { LoginRequired } from './ContestShell';

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
  const { problemID = '' } = useParams();
  return (
    <FullScreenRoot loggedOut={<LoginRequired />}>
      <FullScreenBody key={problemID} />
    </FullScreenRoot>
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
  const items = problems.map((p) => ({
    key: p.displayId,
    to: `/contest/${cid}/problem/${encodeURIComponent(p.displayId)}/full-screen`,
    current: p.displayId === current,
    label: (
      <>
        <Balloon color={p.color} />
        {p.displayId}
      </>
    ),
  }));
  return <ProblemNavBar items={items} testId="contest-problem-bar" />;
}

function FullScreenBody() {
  const intl = useIntl();
  const { contestID = '', problemID = '' } = useParams();
  const cid = Number(contestID);
  const { info, failed } = useContestProblem(cid, problemID);
  const [submitId, setSubmitId] = useState<number | null>(null);
  usePageTitle(info ? `${info.displayId}. ${info.displayTitle}` : intl.formatMessage({ id: 'contest.list.title' }));
  return (
    <FullScreenFrame
      testId="contest-problem-full-screen"
      exit={{ to: `/contest/${cid}/problem/${encodeURIComponent(problemID)}`, testId: 'contest-problem-exit-fullscreen', label: 'contest.problem.exitFullScreen' }}
      bar={<ProblemBar cid={cid} current={problemID} />}
    >
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
    </FullScreenFrame>
  );
}
