// /admin/homework/:id and /admin/exam/:id (`new?courseId=` to create): a homework's or exam's title, description,
// problems of the bank (display ids, in order) and the course's allocated classes it is assigned to, each with its
// own deadline (homework) or start and end (exam). Saved all at once; the server checks course, classes and problems.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AllocatedClassVO, TaskKind } from '@oj/proto';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { showToast } from '../../../stores/ui';
import { adminGetCourse } from '../../education/education-api';
import { deleteTask, getTask, saveTask } from '../task-api';

const input = 'rounded border border-slate-300 px-2 py-1 text-sm';
/** `datetime-local` value of an ISO time in the browser's zone, and back. */
const toLocal = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (v: string) => new Date(v).toISOString();

interface ClassTimes {
  on: boolean;
  start: string;
  end: string;
}

const NO_TIMES: ClassTimes = { on: false, start: '', end: '' };

export function TaskEditPage({ kind }: { kind: TaskKind }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { id: idParam = 'new' } = useParams();
  const [search] = useSearchParams();
  const id = idParam === 'new' ? undefined : Number(idParam);
  const [courseId, setCourseId] = useState(Number(search.get('courseId')));
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [problems, setProblems] = useState('');
  const [allocated, setAllocated] = useState<AllocatedClassVO[]>([]);
  const [times, setTimes] = useState<Record<number, ClassTimes>>({});
  usePageTitle(intl.formatMessage({ id: `eduTask.edit.${kind}` }));

  useEffect(() => {
    if (id === undefined) return;
    getTask(kind, id).then((t) => {
      setCourseId(t.courseId);
      setTitle(t.title);
      setDescription(t.description);
      setProblems(t.problems.map((p) => p.problemId).join('\n'));
      setTimes(Object.fromEntries(t.classes.map((c) => [c.classId, { on: true, start: c.startTime ? toLocal(c.startTime) : '', end: toLocal(c.endTime) }])));
    }, () => undefined);
  }, [kind, id]);
  useEffect(() => {
    if (courseId > 0) adminGetCourse(courseId).then((c) => setAllocated(c.allocatedClasses), () => undefined);
  }, [courseId]);

  const setClass = (classId: number, patch: Partial<ClassTimes>) =>
    setTimes((t) => ({ ...t, [classId]: { ...(t[classId] ?? NO_TIMES), ...patch } }));
  const save = async () => {
    const classes = Object.entries(times)
      .filter(([, c]) => c.on && c.end)
      .map(([classId, c]) => ({ classId: Number(classId), endTime: fromLocal(c.end), ...(kind === 'exam' && c.start && { startTime: fromLocal(c.start) }) }));
    const problemIds = problems.split(/[\s,]+/).filter(Boolean);
    try {
      const saved = await saveTask(kind, { ...(id !== undefined && { id }), courseId, title: title.trim(), description, problemIds, classes });
      showToast('success', intl.formatMessage({ id: 'eduTask.edit.saved' }));
      if (id === undefined) navigate(`/admin/${kind}/${saved.id}`, { replace: true });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  const remove = async () => {
    if (id === undefined || !window.confirm(intl.formatMessage({ id: 'eduTask.edit.confirmDelete' }, { title }))) return;
    await deleteTask(kind, id);
    navigate(`/admin/courses/${courseId}/detail`);
  };

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="task-edit" data-kind={kind}>
      <Link to={`/admin/courses/${courseId}/detail`} className="text-sm text-blue-600">← <FormattedMessage id="eduTask.edit.back" /></Link>
      <h1 className="text-lg font-semibold"><FormattedMessage id={`eduTask.edit.${kind}`} /></h1>
      <label className="block text-sm">
        <FormattedMessage id="eduTask.edit.title" />
        <input className={`${input} ml-2 w-80`} data-testid="task-title-input" value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className="block text-sm">
        <FormattedMessage id="eduTask.edit.description" />
        <textarea className={`${input} mt-1 block w-full`} rows={3} data-testid="task-description" value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label className="block text-sm">
        <FormattedMessage id="eduTask.edit.problems" />
        <textarea className={`${input} mt-1 block w-80 font-mono`} rows={4} data-testid="task-problems" value={problems} onChange={(e) => setProblems(e.target.value)} />
      </label>
      <fieldset className="text-sm">
        <legend className="font-medium"><FormattedMessage id="eduTask.edit.classes" /></legend>
        {allocated.length === 0 && <p className="text-slate-500"><FormattedMessage id="eduTask.edit.noClasses" /></p>}
        {allocated.map((c) => {
          const t = times[c.classId];
          return (
            <div key={c.classId} className="mt-1 flex flex-wrap items-center gap-2" data-testid="task-class" data-class-name={c.className}>
              <label>
                <input type="checkbox" data-testid="task-class-on" checked={t?.on ?? false} onChange={(e) => setClass(c.classId, { on: e.target.checked })} /> {c.gradeName} · {c.className}
              </label>
              {kind === 'exam' && (
                <label>
                  <FormattedMessage id="eduTask.edit.start" />
                  <input type="datetime-local" className={`${input} ml-1`} data-testid="task-class-start" value={t?.start ?? ''} onChange={(e) => setClass(c.classId, { start: e.target.value })} />
                </label>
              )}
              <label>
                <FormattedMessage id={kind === 'exam' ? 'eduTask.edit.end' : 'eduTask.edit.deadline'} />
                <input type="datetime-local" className={`${input} ml-1`} data-testid="task-class-end" value={t?.end ?? ''} onChange={(e) => setClass(c.classId, { end: e.target.value })} />
              </label>
            </div>
          );
        })}
      </fieldset>
      <div className="flex gap-2">
        <button type="button" className="rounded bg-blue-600 px-3 py-1 text-sm text-white" data-testid="task-save" onClick={() => void save()}>
          <FormattedMessage id="eduTask.edit.save" />
        </button>
        {id !== undefined && (
          <>
            <Link to={`/${kind}/${id}/status`} className="rounded border border-slate-300 px-3 py-1 text-sm" data-testid="task-status-link">
              <FormattedMessage id={kind === 'exam' ? 'eduTask.edit.monitor' : 'eduTask.edit.grid'} />
            </Link>
            <button type="button" className="rounded border border-red-300 px-3 py-1 text-sm text-red-600" data-testid="task-delete" onClick={() => void remove()}>
              <FormattedMessage id="eduTask.edit.delete" />
            </button>
          </>
        )}
      </div>
    </div>
  );
}
