// /homework/:id and /exam/:id: a student's homework or exam with its problems and their own status (an exam lists
// its problems from its start and, until the teacher releases the results, shows "submitted" only); late homework
// submissions are marked; the student's own cells follow their verdicts live (useMyTask). Also the course page's list of a course's homework and exams.
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TaskKind, TaskSummaryVO } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { StatusTag } from '../../components/StatusTag';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { useMyTask } from './useMyTask';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

export function TaskPage({ kind }: { kind: TaskKind }) {
  const intl = useIntl();
  const id = Number(useParams().id);
  const { task, error } = useMyTask(kind, id, intl.formatMessage({ id: 'eduTask.page.loadFailed' }));
  usePageTitle(task?.title ?? intl.formatMessage({ id: `eduTask.grid.${kind}` }));
  if (error) return <p className="p-6 text-center text-red-600" data-testid="task-error">{error}</p>;
  if (!task) return <Loading />;
  return (
    <div className="mx-auto max-w-screen-lg space-y-4 p-4" data-testid="task-page" data-kind={kind} data-phase={task.phase}>
      <header className="rounded-lg border border-slate-200 bg-white p-4">
        <Link to={`/courses/${task.courseId}/detail`} className="text-sm text-blue-600 hover:underline">← {task.courseTitle}</Link>
        <h1 className="mt-1 text-xl font-semibold" data-testid="task-title">{task.title}</h1>
        <p className="text-sm text-slate-600" data-testid="task-times">
          {task.startTime && <FormattedMessage id="eduTask.page.start" values={{ time: when(task.startTime) }} />}{' '}
          <FormattedMessage id={kind === 'exam' ? 'eduTask.page.end' : 'eduTask.page.deadline'} values={{ time: when(task.endTime) }} />{' · '}
          <FormattedMessage id={`eduTask.page.phase_${task.phase}`} />
        </p>
        {task.description && <p className="mt-2 whitespace-pre-wrap text-sm">{task.description}</p>}
        {kind === 'exam' && !task.released && <p className="mt-2 text-sm text-amber-700" data-testid="task-hidden"><FormattedMessage id="eduTask.page.hidden" /></p>}
        {(kind === 'homework' || task.released) && (
          <p className="mt-2 text-sm" data-testid="task-progress"><FormattedMessage id="eduTask.page.progress" values={{ solved: task.solved, total: task.total }} /></p>
        )}
      </header>
      {kind === 'exam' && task.phase === 'before' ? (
        <p className="text-center text-sm text-slate-500" data-testid="task-not-started"><FormattedMessage id="eduTask.page.notStarted" /></p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {task.problems.map((p) => (
            <li key={p.pid} className="flex items-center gap-3 px-4 py-2 text-sm" data-testid="task-problem" data-problem-id={p.problemId} data-status={p.status ?? ''}>
              <Link to={`/${kind}/${task.id}/problem/${encodeURIComponent(p.problemId)}`} className="text-blue-600 hover:underline">
                {p.problemId} {p.title}
              </Link>
              <span className="ml-auto">{p.status !== null && <StatusTag status={p.status} />}</span>
              {p.late && <span className="text-xs text-amber-600" data-testid="task-late"><FormattedMessage id="eduTask.grid.late" /></span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A course page's homework and exams with the student's progress (or, for its teacher, links to the grid). */
export function CourseTasks({ tasks }: { tasks: TaskSummaryVO[] }) {
  if (tasks.length === 0) return null;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="course-tasks">
      <h2 className="font-medium"><FormattedMessage id="eduTask.course.title" /></h2>
      <ul className="mt-2 space-y-1 text-sm">
        {tasks.map((t) => (
          <li key={`${t.kind}-${t.id}`} className="flex flex-wrap items-center gap-2" data-testid="course-task" data-kind={t.kind}>
            <span className="rounded bg-slate-100 px-1 text-xs"><FormattedMessage id={`eduTask.grid.${t.kind}`} /></span>
            <Link to={`/${t.kind}/${t.id}`} className="text-blue-600 hover:underline">{t.title}</Link>
            <span className="text-slate-500">{when(t.endTime)}</span>
            <span className="ml-auto" data-testid="course-task-progress">
              <FormattedMessage id={t.kind === 'exam' && !t.released ? 'eduTask.course.submitted' : 'eduTask.course.solved'} values={{ solved: t.solved, total: t.total }} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
