// /courses/:id/detail: a course's chapters in order with their resources (markdown shown, files linked, problems
// linked with the caller's solved mark) and the caller's own progress over the course's problems.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CourseDetailVO } from '@oj/proto';
import { Markdown } from '../../components/Markdown';
import { Loading } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { courseDetail } from './education-api';
import { CourseTasks } from '../edu-task/TaskPage';

export function CourseDetailPage() {
  const intl = useIntl();
  const id = Number(useParams().courseId);
  const [course, setCourse] = useState<CourseDetailVO | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(course?.title ?? intl.formatMessage({ id: 'education.list.title' }));
  useEffect(() => {
    courseDetail(id).then(setCourse, (e: unknown) => setError(e instanceof ApiError ? e.message : intl.formatMessage({ id: 'education.detail.loadFailed' })));
  }, [id]);
  if (error) return <p className="p-6 text-center text-red-600" data-testid="course-detail-error">{error}</p>;
  if (!course) return <Loading />;
  const pct = course.progress.total ? (course.progress.solved / course.progress.total) * 100 : 0;
  return (
    <div className="mx-auto max-w-screen-lg space-y-4 p-4" data-testid="course-detail">
      <header className="rounded-lg border border-slate-200 bg-white p-4">
        <h1 className="text-xl font-semibold" data-testid="course-detail-title">{course.title}</h1>
        <p className="text-sm text-slate-500">{course.description}</p>
        <div className="mt-2 text-sm" data-testid="course-progress">
          <FormattedMessage id="education.detail.progress" values={{ solved: course.progress.solved, total: course.progress.total, pct: pct.toFixed(2) }} />
          <div className="mt-1 h-2 rounded bg-slate-100">
            <div className="h-2 rounded bg-green-500" style={{ width: `${pct}%` }} />
          </div>
        </div>
      </header>
      <CourseTasks tasks={course.tasks} />
      {course.chapters.map((ch, i) => (
        <section key={ch.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="course-chapter">
          <h2 className="font-medium">{i + 1}. {ch.title}</h2>
          <ul className="mt-2 space-y-2">
            {ch.resources.map((r) => (
              <li key={r.id} data-testid="course-resource" className="text-sm">
                {r.kind === 'markdown' && (
                  <details>
                    <summary className="cursor-pointer">{r.title}</summary>
                    <Markdown text={r.content} />
                  </details>
                )}
                {r.kind === 'file' && r.link && (
                  <a href={r.link} className="text-blue-600 hover:underline" download>{r.title}</a>
                )}
                {r.kind === 'problem' && r.problemId && (
                  <Link to={`/problem/${encodeURIComponent(r.problemId)}`} className="text-blue-600 hover:underline">
                    {r.problemId} {r.title} {r.solved ? <span className="text-green-600" data-testid="course-solved">✓</span> : null}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {course.chapters.length === 0 && <p className="text-sm text-slate-500"><FormattedMessage id="education.detail.noChapters" /></p>}
    </div>
  );
}
