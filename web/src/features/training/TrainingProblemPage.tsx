// A problem opened inside a training (/training/:trainingID/problem/:problemID, or inside its group
// /group/:groupID/training/:trainingID/problem/:problemID) and its full-screen variant
// (…/full-screen, no site chrome, with focus mode's problem navigation bar). Both reuse the practice problem page's
// statement, editor and live verdict; submits carry the training (`tid`), which the server checks.
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TrainingDetail, TrainingProgressEvent } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { ProblemLoadFailed, ProblemWorkspace, useProblemDetail } from '../problem/ProblemDetailPage';
import { FullScreenFrame, FullScreenRoot, ProblemNavBar } from '../problem/FocusMode';
import { getTrainingDetail } from './training-api';
import { useTrainingBase, useTrainingShell } from './training-context';
import { TrainingMyStatus, useTrainingProblems } from './TrainingProblemsTab';
import { TrainingLoginRequired } from './TrainingShell';
import { useTrainingLive } from './useTrainingLive';

export function TrainingProblemPage() {
  const { training, base } = useTrainingShell();
  const { problemID = '' } = useParams();
  const { info, failed } = useProblemDetail(problemID, training.gid);
  const [submitId, setSubmitId] = useState<number | null>(null);
  usePageTitle(info ? `${info.problem.problemId}. ${info.problem.title}` : training.title);
  useEffect(() => setSubmitId(null), [problemID]);

  if (failed) return <ProblemLoadFailed />;
  if (!info) return <Loading />;
  return (
    <div data-testid="training-problem-page" data-problem-id={info.problem.problemId}>
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-2 text-sm">
        <Link to={`${base}/problems`} className="text-blue-600 hover:underline" data-testid="training-problem-back">
          ← <FormattedMessage id="training.problem.back" />
        </Link>
        <span className="font-mono text-slate-600">{info.problem.problemId}</span>
        <Link
          to={`${base}/problem/${encodeURIComponent(info.problem.problemId)}/full-screen`}
          data-testid="training-problem-fullscreen"
          className="ml-auto rounded border border-slate-300 px-2 py-0.5 text-slate-600 hover:border-blue-400 hover:text-blue-600"
        >
          <FormattedMessage id="training.problem.fullScreen" />
        </Link>
      </div>
      <ProblemWorkspace key={problemID} info={info} trainingId={training.id} gid={training.gid ?? undefined} submitId={submitId} onSubmitId={setSubmitId} />
    </div>
  );
}

/** The full-screen page: outside the site layout, so it brings its own toasts and login dialog. */
export function TrainingFullScreenProblemPage() {
  const { problemID = '' } = useParams();
  return (
    <FullScreenRoot loggedOut={<TrainingLoginRequired />}>
      <FullScreenBody key={problemID} />
    </FullScreenRoot>
  );
}

/** Focus mode's bar: the training's problems with the caller's status, kept live like the problem list. */
function TrainingProblemBar({ training, current, base }: { training: TrainingDetail; current: string; base: string }) {
  const [progress, setProgress] = useState<TrainingProgressEvent | null>(null);
  const [version, setVersion] = useState(1);
  const reload = useCallback(async () => setVersion((v) => v + 1), []);
  useTrainingLive(training.id, training.seq, training.access, { onProgress: setProgress, onChanged: () => void reload(), reload });
  const problems = useTrainingProblems(training.id, version, progress) ?? [];
  const items = problems.map((p) => ({
    key: p.problemId,
    to: `${base}/problem/${encodeURIComponent(p.problemId)}/full-screen`,
    current: p.problemId === current,
    label: (
      <>
        <TrainingMyStatus status={p.myStatus} />
        {p.problemId}
      </>
    ),
  }));
  return <ProblemNavBar items={items} testId="training-problem-bar" />;
}

function FullScreenBody() {
  const intl = useIntl();
  const { trainingID = '', problemID = '' } = useParams();
  const tid = Number(trainingID);
  const { base, routeGid } = useTrainingBase(tid);
  const [training, setTraining] = useState<TrainingDetail | null>(null);
  useEffect(() => {
    let live = true;
    getTrainingDetail(tid).then((t) => live && setTraining(t), () => undefined);
    return () => {
      live = false;
    };
  }, [tid]);
  const { info, failed } = useProblemDetail(problemID, training ? training.gid : null);
  // Inside a group's route, only that group's training (as the shell checks).
  const elsewhere = training !== null && (training.gid ?? null) !== routeGid && routeGid !== null;
  const [submitId, setSubmitId] = useState<number | null>(null);
  usePageTitle(info ? `${info.problem.problemId}. ${info.problem.title}` : intl.formatMessage({ id: 'training.list.title' }));
  return (
    <FullScreenFrame
      testId="training-problem-full-screen"
      exit={{ to: `${base}/problem/${encodeURIComponent(problemID)}`, testId: 'training-problem-exit-fullscreen', label: 'training.problem.exitFullScreen' }}
      bar={training && !elsewhere && <TrainingProblemBar training={training} current={problemID} base={base} />}
    >
      {failed || elsewhere ? <ProblemLoadFailed /> : !info ? <Loading /> : <ProblemWorkspace fullScreen info={info} trainingId={tid} gid={training?.gid ?? undefined} submitId={submitId} onSubmitId={setSubmitId} />}
    </FullScreenFrame>
  );
}
