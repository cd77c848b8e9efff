// /problem/:problemID: statement on the left, editor and the live verdict of the last submit on the right.
// The same workspace serves a problem opened inside a contest (`contest` set: submits carry cid and display id), a
// training (`trainingId`: practice submits carrying tid) or a group (`gid` set: submits and online tests are the group's).
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { ProblemType, type ProblemInfo, type TaskRef } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { VerdictPanel } from '../submission/VerdictPanel';
import { CodeEditorPanel, type ContestProblemRef } from './CodeEditorPanel';
import { ProblemStatement } from './ProblemStatement';
import { ProblemTabs } from './ProblemTabs';
import { SplitPanes } from './SplitPanes';
import { getProblemDetail, getProblemDetailIn, getProblemDetailInTask } from './problem-api';

/**
 * The problem with display id `problemId` as `get-problem-detail` answers it (null while it loads), or failed. `gid`: a
 * group training's group (its own problems are read inside the group); `task`: opened inside a homework or an exam
 * (read through the task, which opens its private problems too).
 */
export function useProblemDetail(problemId: string, gid: number | null = null, task?: TaskRef): { info: ProblemInfo | null; failed: boolean } {
  const [info, setInfo] = useState<ProblemInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const homeworkId = task && 'homeworkId' in task ? task.homeworkId : undefined;
  const examId = task && 'examId' in task ? task.examId : undefined;
  useEffect(() => {
    let live = true;
    setInfo(null);
    setFailed(false);
    const read =
      homeworkId !== undefined ? getProblemDetailInTask(problemId, { homeworkId })
      : examId !== undefined ? getProblemDetailInTask(problemId, { examId })
      : gid === null ? getProblemDetail(problemId)
      : getProblemDetailIn(problemId, gid);
    read.then((i) => live && setInfo(i)).catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [problemId, gid, homeworkId, examId]);
  return { info, failed };
}

export function ProblemLoadFailed() {
  return (
    <div className="py-16 text-center text-slate-500" data-testid="problem-load-failed">
      <FormattedMessage id="problem.detail.loadFailed" />
    </div>
  );
}

export function ProblemDetailPage() {
  const { problemID = '' } = useParams();
  const intl = useIntl();
  const { info, failed } = useProblemDetail(problemID);
  const [submitId, setSubmitId] = useState<number | null>(null);
  usePageTitle(info ? info.problem.title : intl.formatMessage({ id: 'layout.header.problem' }));
  useEffect(() => setSubmitId(null), [problemID]);

  if (failed) return <ProblemLoadFailed />;
  if (!info) return <Loading />;
  return <ProblemWorkspace key={problemID} info={info} submitId={submitId} onSubmitId={setSubmitId} />;
}

interface WorkspaceProps {
  info: ProblemInfo;
  contest?: ContestProblemRef;
  /** Opened inside this group. */
  gid?: number;
  /** Opened inside a training: submits carry its id. */
  trainingId?: number;
  /** Opened inside a course's homework or exam: submits carry `homeworkId` / `examId`. */
  task?: TaskRef;
  /** Replaces "problemId. title" (a contest shows its display id and title). */
  heading?: string;
  /** Full-screen mode: both panes take the window's height (no site header above). */
  fullScreen?: boolean;
  submitId: number | null;
  onSubmitId: (submitId: number | null) => void;
}

/** Statement on the left; editor and the live verdict of the last submit on the right. */
export function ProblemWorkspace({ info, contest, gid, trainingId, task, heading, fullScreen = false, submitId, onSubmitId }: WorkspaceProps) {
  const detailHref =
    contest && submitId !== null
      ? `/contest/${contest.cid}/problem/${encodeURIComponent(contest.displayId)}/submission-detail/${submitId}`
      : undefined;
  const paneHeight = fullScreen ? 'lg:h-full lg:overflow-y-auto' : 'lg:max-h-[calc(100vh-5.5rem)] lg:overflow-y-auto';
  return (
    <SplitPanes
      className={`mx-auto px-4 py-4 ${fullScreen ? 'h-full max-w-none lg:min-h-0' : 'max-w-screen-2xl'}`}
      left={
        <div className={`min-w-0 rounded-lg border border-slate-200 bg-white p-5 ${paneHeight}`}>
          <ProblemTabs info={info} practice={!contest && gid === undefined} discussion={task === undefined} refreshKey={submitId}>
            <ProblemStatement info={info} heading={heading} />
          </ProblemTabs>
        </div>
      }
      right={
        <div className={`flex min-w-0 flex-col gap-4 ${fullScreen ? 'lg:h-full lg:overflow-y-auto' : ''}`}>
          <CodeEditorPanel info={info} contest={contest} gid={gid} trainingId={trainingId} task={task} onSubmitted={(s) => onSubmitId(s.submitId)} onSubmitFailed={() => onSubmitId(null)} />
          {submitId !== null && (
            <VerdictPanel key={submitId} submitId={submitId} showScore={info.problem.type === ProblemType.OI} detailHref={detailHref} cid={contest?.cid ?? 0} />
          )}
        </div>
      }
    />
  );
}
