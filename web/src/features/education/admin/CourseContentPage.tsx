// /admin/courses/:id/detail: a course's chapters in order, each with its resources (markdown, a file, a problem of
// the bank by its id): add, rename, delete.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { RESOURCE_KINDS, type ChapterVO, type ResourceKind } from '@oj/proto';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { showToast } from '../../../stores/ui';
import { CourseTasksPanel } from '../../edu-task/admin/CourseTasksPanel';
import { adminChapters, deleteChapter, deleteResource, saveChapter, saveResource, uploadResourceFile } from '../education-api';

const input = 'rounded border border-slate-300 px-2 py-1 text-sm';

function AddResource({ chapterId, onDone }: { chapterId: number; onDone: () => Promise<unknown> }) {
  const intl = useIntl();
  const [kind, setKind] = useState<ResourceKind>('markdown');
  const [title, setTitle] = useState('');
  const [value, setValue] = useState('');
  const add = async () => {
    const extra = kind === 'markdown' ? { content: value } : kind === 'file' ? { link: value } : { problemId: value.trim() };
    try {
      await saveResource({ chapterId, kind, title: title.trim(), ...extra });
      setTitle('');
      setValue('');
      await onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-start gap-2" data-testid="edu-resource-form">
      <select className={input} value={kind} data-testid="edu-resource-kind" onChange={(e) => setKind(e.target.value as ResourceKind)}>
        {RESOURCE_KINDS.map((k) => (
          <option key={k} value={k}>{intl.formatMessage({ id: `eduAdmin.resource.${k}` })}</option>
        ))}
      </select>
      <input className={input} data-testid="edu-resource-title" placeholder={intl.formatMessage({ id: 'eduAdmin.resource.titleLabel' })} value={title} onChange={(e) => setTitle(e.target.value)} />
      {kind === 'markdown' && <textarea className={`${input} min-w-64`} rows={2} data-testid="edu-resource-value" value={value} onChange={(e) => setValue(e.target.value)} />}
      {kind === 'problem' && <input className={input} data-testid="edu-resource-value" placeholder={intl.formatMessage({ id: 'eduAdmin.resource.problemId' })} value={value} onChange={(e) => setValue(e.target.value)} />}
      {kind === 'file' && (
        <input
          type="file"
          className="text-sm"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void uploadResourceFile(f).then((r) => setValue(r.link), () => undefined);
          }}
        />
      )}
      <button type="button" data-testid="edu-resource-add" onClick={() => void add()} className="rounded bg-blue-600 px-3 py-1 text-sm text-white"><FormattedMessage id="eduAdmin.common.add" /></button>
    </div>
  );
}

export function CourseContentPage() {
  const intl = useIntl();
  const courseId = Number(useParams().courseId);
  usePageTitle(intl.formatMessage({ id: 'eduAdmin.chapter.title' }));
  const [chapters, setChapters] = useState<ChapterVO[] | null>(null);
  const [title, setTitle] = useState('');
  const load = () => adminChapters(courseId).then(setChapters, () => showToast('error', intl.formatMessage({ id: 'eduAdmin.course.loadFailed' })));
  useEffect(() => void load(), [courseId]);
  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      await load();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="edu-course-content">
      <Link to="/admin/course" className="text-sm text-blue-600">← <FormattedMessage id="eduAdmin.course.manager" /></Link>
      <h1 className="my-2 text-lg font-semibold"><FormattedMessage id="eduAdmin.chapter.title" /></h1>
      <form
        className="mb-3 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) void run(() => saveChapter({ courseId, title: title.trim() })).then(() => setTitle(''));
        }}
      >
        <input className={input} data-testid="edu-chapter-title" placeholder={intl.formatMessage({ id: 'eduAdmin.chapter.name' })} value={title} onChange={(e) => setTitle(e.target.value)} />
        <button type="submit" data-testid="edu-chapter-add" className="rounded bg-blue-600 px-3 py-1 text-sm text-white"><FormattedMessage id="eduAdmin.common.add" /></button>
      </form>
      {chapters?.map((ch, i) => (
        <section key={ch.id} className="mb-3 rounded border border-slate-200 p-3" data-testid="edu-chapter">
          <div className="flex items-center gap-2">
            <h2 className="mr-auto font-medium">{i + 1}. {ch.title}</h2>
            <button type="button" className="text-xs text-red-600" onClick={() => window.confirm(intl.formatMessage({ id: 'eduAdmin.common.deleteConfirm' }, { title: ch.title })) && void run(() => deleteChapter(ch.id))}>
              <FormattedMessage id="eduAdmin.common.delete" />
            </button>
          </div>
          <ul className="mt-1 space-y-1 text-sm">
            {ch.resources.map((r) => (
              <li key={r.id} className="flex items-center gap-2" data-testid="edu-resource">
                <span className="rounded bg-slate-100 px-1 text-xs"><FormattedMessage id={`eduAdmin.resource.${r.kind}`} /></span>
                <span className="mr-auto">{r.title}{r.problemId ? ` (${r.problemId})` : ''}</span>
                <button type="button" className="text-xs text-red-600" onClick={() => void run(() => deleteResource(r.id))}><FormattedMessage id="eduAdmin.common.delete" /></button>
              </li>
            ))}
          </ul>
          <AddResource chapterId={ch.id} onDone={load} />
        </section>
      ))}
      <CourseTasksPanel courseId={courseId} />
    </div>
  );
}
