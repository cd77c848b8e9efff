// A problem opened inside its group (/group/:groupID/problem/:problemID, the display id) and its full-screen variant
// (…/full-screen, outside the site layout): the practice problem page's statement, editor and live verdict panel;
// submits and online tests go to the group (members only; the server checks).
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { ProblemInfo } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { LoginDialogHost } from '../auth/LoginDialogHost';
import { LoginRequired } from '../auth/LoginRequired';
import { Toasts } from '../layout/Toasts';
import { ProblemWorkspace } from '../problem/ProblemDetailPage';
import { getGroupProblemDetail } from './group-api';

function useGroupProblem(gid: number, problemId: string) {
  const [info, setInfo] = useState<ProblemInfo | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setInfo(null);
    setFailed(false);
    getGroupProblemDetail(problemId, gid)
      .then((i) => live && setInfo(i))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [gid, problemId]);
  return { info, failed };
}

function LoadFailed() {
  return (
    <div className="py-16 text-center text-slate-500" data-testid="problem-load-failed">
      <FormattedMessage id="group.problem.loadFailed" />
    </div>
  );
}

export function GroupProblemPage() {
  const { groupID = '', problemID = '' } = useParams();
  const gid = Number(groupID);
  const { info, failed } = useGroupProblem(gid, problemID);
  const [submitId, setSubmitId] = useState<number | null>(null);
  usePageTitle(info?.problem.title ?? problemID);
  useEffect(() => setSubmitId(null), [problemID]);
  if (failed) return <LoadFailed />;
  if (!info) return <Loading />;
  return (
    <div data-testid="group-problem-page" data-problem-id={info.problem.problemId}>
      <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-2 text-sm">
        <Link to={`/group/${gid}/problem`} className="text-blue-600 hover:underline">
          ← <FormattedMessage id="group.problem.back" />
        </Link>
        <Link to={`/group/${gid}/problem/${encodeURIComponent(info.problem.problemId)}/full-screen`} className="ml-auto rounded border border-slate-300 px-2 py-0.5 text-slate-600 hover:border-blue-400 hover:text-blue-600" data-testid="group-problem-fullscreen">
          <FormattedMessage id="group.problem.fullScreen" />
        </Link>
      </div>
      <ProblemWorkspace info={info} gid={gid} submitId={submitId} onSubmitId={setSubmitId} />
    </div>
  );
}

/** Outside the site layout: brings its own toasts and login dialog. */
export function GroupFullScreenProblemPage() {
  const session = useSnapshot(sessionState);
  const intl = useIntl();
  const { groupID = '', problemID = '' } = useParams();
  const gid = Number(groupID);
  usePageTitle(problemID || intl.formatMessage({ id: 'group.list.title' }));
  return (
    <>
      {isLoggedIn(session) ? <FullScreenBody key={problemID} gid={gid} problemId={problemID} /> : <LoginRequired />}
      <Toasts />
      <LoginDialogHost />
    </>
  );
}

function FullScreenBody({ gid, problemId }: { gid: number; problemId: string }) {
  const { info, failed } = useGroupProblem(gid, problemId);
  const [submitId, setSubmitId] = useState<number | null>(null);
  return (
    <div className="flex h-screen flex-col bg-slate-50" data-testid="group-problem-full-screen">
      <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 text-sm">
        <Link to={`/group/${gid}/problem/${encodeURIComponent(problemId)}`} className="text-blue-600 hover:underline">
          ← <FormattedMessage id="group.problem.exitFullScreen" />
        </Link>
      </div>
      <div className="min-h-0 flex-1">{failed ? <LoadFailed /> : !info ? <Loading /> : <ProblemWorkspace fullScreen info={info} gid={gid} submitId={submitId} onSubmitId={setSubmitId} />}</div>
    </div>
  );
}
