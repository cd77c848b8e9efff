// /homework/:id/problem/:problemId and /exam/:id/problem/:problemId: the practice problem page's statement, editor and
// live verdict, read through the task (its private problems open here only) and its submits and online tests filed
// under the homework or exam (`homeworkId` / `examId`, checked by the server). No discussion link inside a task.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import type { TaskKind, TaskRef } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { ProblemLoadFailed, ProblemWorkspace, useProblemDetail } from '../problem/ProblemDetailPage';

export function TaskProblemPage({ kind }: { kind: TaskKind }) {
  const { id = '', problemId = '' } = useParams();
  const taskId = Number(id);
  const task: TaskRef = kind === 'exam' ? { examId: taskId } : { homeworkId: taskId };
  const { info, failed } = useProblemDetail(problemId, null, task);
  const [submitId, setSubmitId] = useState<number | null>(null);
  usePageTitle(info ? `${info.problem.problemId}. ${info.problem.title}` : problemId);
  useEffect(() => setSubmitId(null), [problemId]);
  if (failed) return <ProblemLoadFailed />;
  if (!info) return <Loading />;
  return (
    <div data-testid="task-problem-page" data-problem-id={info.problem.problemId}>
      <div className="border-b border-slate-100 px-4 py-2 text-sm">
        <Link to={`/${kind}/${taskId}`} className="text-blue-600 hover:underline" data-testid="task-problem-back">
          ← <FormattedMessage id={`eduTask.grid.${kind}`} />
        </Link>
      </div>
      <ProblemWorkspace key={problemId} info={info} task={task} submitId={submitId} onSubmitId={setSubmitId} />
    </div>
  );
}
