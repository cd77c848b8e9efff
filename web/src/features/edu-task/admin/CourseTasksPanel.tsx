// The course manager's homework and exams (on /admin/courses/:id/detail): each with links to edit it and to its grid
// or monitor, and "new" for each kind.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { TASK_KINDS, type TaskVO } from '@oj/proto';
import { listTasks } from '../task-api';

export function CourseTasksPanel({ courseId }: { courseId: number }) {
  const [tasks, setTasks] = useState<TaskVO[]>([]);
  useEffect(() => {
    Promise.all(TASK_KINDS.map((k) => listTasks(k, courseId))).then((all) => setTasks(all.flat()), () => undefined);
  }, [courseId]);
  return (
    <section className="mt-4 border-t border-slate-100 pt-3" data-testid="course-tasks-admin">
      <h2 className="font-medium"><FormattedMessage id="eduTask.course.title" /></h2>
      <div className="my-2 flex gap-2">
        {TASK_KINDS.map((k) => (
          <Link key={k} to={`/admin/${k}/new?courseId=${courseId}`} className="rounded bg-blue-600 px-3 py-1 text-sm text-white" data-testid={`task-new-${k}`}>
            <FormattedMessage id={`eduTask.course.new_${k}`} />
          </Link>
        ))}
      </div>
      <ul className="space-y-1 text-sm">
        {tasks.map((t) => (
          <li key={`${t.kind}-${t.id}`} className="flex items-center gap-2" data-testid="course-task-admin" data-kind={t.kind}>
            <span className="rounded bg-slate-100 px-1 text-xs"><FormattedMessage id={`eduTask.grid.${t.kind}`} /></span>
            <Link to={`/admin/${t.kind}/${t.id}`} className="text-blue-600 hover:underline">{t.title}</Link>
            <Link to={`/${t.kind}/${t.id}/status`} className="ml-auto text-blue-600 hover:underline" data-testid="course-task-status">
              <FormattedMessage id={t.kind === 'exam' ? 'eduTask.edit.monitor' : 'eduTask.edit.grid'} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
