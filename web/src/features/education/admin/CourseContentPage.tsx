// /admin/courses/:id/detail: a course's chapters in order, each with its resources (markdown, a file, a problem of
// the bank by its id): add, edit in place, move up or down (PUT with new ranks), delete.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ChapterVO } from '@oj/proto';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useLatestRead } from '../../../lib/useLatestRead';
import { showToast } from '../../../stores/ui';
import { CourseTasksPanel } from '../../edu-task/admin/CourseTasksPanel';
import { adminChapters, saveChapter } from '../education-api';
import { ChapterSection } from './ChapterSection';
import { moveRanks, saveMoves } from './move-ranks';
import { input } from './ResourceForm';

export function CourseContentPage() {
  const intl = useIntl();
  const courseId = Number(useParams().courseId);
  usePageTitle(intl.formatMessage({ id: 'eduAdmin.chapter.title' }));
  const [chapters, setChapters] = useState<ChapterVO[] | null>(null);
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const latest = useLatestRead();
  const load = () => latest(adminChapters(courseId), setChapters, () => showToast('error', intl.formatMessage({ id: 'eduAdmin.course.loadFailed' })));
  useEffect(() => void load(), [courseId]);
  // A change, then the chapters read again (also after a failure: a move of several PUTs may have saved a part).
  const run = async (call: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await call();
      return true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return false;
    } finally {
      await load();
      setBusy(false);
    }
  };
  const moveChapter = (list: ChapterVO[], i: number, dir: -1 | 1) =>
    void run(() => saveMoves(moveRanks(list, i, dir), (c, rank) => saveChapter({ id: c.id, courseId, title: c.title, rank })));
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="edu-course-content">
      <Link to="/admin/course" className="text-sm text-blue-600">← <FormattedMessage id="eduAdmin.course.manager" /></Link>
      <h1 className="my-2 text-lg font-semibold"><FormattedMessage id="eduAdmin.chapter.title" /></h1>
      <form
        className="mb-3 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) void run(() => saveChapter({ courseId, title: title.trim() })).then((saved) => saved && setTitle(''));
        }}
      >
        <input className={input} data-testid="edu-chapter-title" placeholder={intl.formatMessage({ id: 'eduAdmin.chapter.name' })} value={title} onChange={(e) => setTitle(e.target.value)} />
        <button type="submit" data-testid="edu-chapter-add" className="rounded bg-blue-600 px-3 py-1 text-sm text-white"><FormattedMessage id="eduAdmin.common.add" /></button>
      </form>
      {chapters?.map((ch, i, list) => (
        <ChapterSection key={ch.id} chapter={ch} index={i} count={list.length} busy={busy} run={run} reload={load} onMove={(dir) => moveChapter(list, i, dir)} />
      ))}
      <CourseTasksPanel courseId={courseId} />
    </div>
  );
}
