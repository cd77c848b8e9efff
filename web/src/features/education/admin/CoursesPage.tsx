// /admin/course: the course manager of the spec — a card grid (cover, title, description, students, classes) with
// search and pagination (10), create/edit, delete ('确定删除 {title} 吗？'), allocate classes and the invite dialog;
// each card opens the chapters at /admin/courses/:id/detail.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { EDU_LIMITS, type CourseVO, type PageOf } from '@oj/proto';
import { Pager } from '../../../components/Pager';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useLatestRead } from '../../../lib/useLatestRead';
import { showToast } from '../../../stores/ui';
import { adminListCourses, deleteCourse } from '../education-api';
import { AllocateDialog, CourseFormDialog, InviteDialog } from './CourseDialogs';

type Open = { kind: 'form'; course: CourseVO | 'new' } | { kind: 'allocate' | 'invite'; course: CourseVO } | null;

export function CoursesPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'eduAdmin.course.manager' }));
  const [page, setPage] = useState<PageOf<CourseVO> | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const latest = useLatestRead();
  const load = () =>
    latest(adminListCourses({ pageNum, pageSize: EDU_LIMITS.coursePageSize, keyword: keyword || undefined }), setPage, () =>
      showToast('error', intl.formatMessage({ id: 'eduAdmin.course.loadFailed' })),
    );
  useEffect(() => void load(), [pageNum, keyword]);
  const done = () => {
    setOpen(null);
    void load();
  };
  const remove = async (c: CourseVO) => {
    if (!window.confirm(intl.formatMessage({ id: 'eduAdmin.common.deleteConfirm' }, { title: c.title }))) return;
    try {
      await deleteCourse(c.id);
      showToast('success', intl.formatMessage({ id: 'eduAdmin.common.deleted' }));
      await load();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      showToast('error', intl.formatMessage({ id: 'eduAdmin.common.deleteFailed' }, { msg: e.message }));
    }
  };
  const btn = 'rounded border px-2 py-0.5 text-xs hover:bg-slate-50';
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="edu-courses">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-lg font-semibold"><FormattedMessage id="eduAdmin.course.manager" /></h1>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setPageNum(1);
            setKeyword(typed.trim());
          }}
        >
          <input data-testid="edu-course-search" className="rounded border border-slate-300 px-2 py-1 text-sm" placeholder={intl.formatMessage({ id: 'eduAdmin.course.search' })} value={typed} onChange={(e) => setTyped(e.target.value)} />
        </form>
        <button type="button" data-testid="edu-course-create" onClick={() => setOpen({ kind: 'form', course: 'new' })} className="rounded bg-blue-600 px-3 py-1 text-sm text-white">
          <FormattedMessage id="eduAdmin.course.create" />
        </button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {page?.records.map((c) => (
          <div key={c.id} data-testid="edu-course-card" data-title={c.title} className="overflow-hidden rounded-lg border border-slate-200">
            {c.coverImage ? <img src={c.coverImage} alt="" className="h-32 w-full object-cover" /> : <div className="h-32 bg-gradient-to-br from-blue-100 to-slate-100" />}
            <div className="space-y-1 p-3">
              <Link to={`/admin/courses/${c.id}/detail`} className="font-medium text-blue-700 hover:underline">{c.title}</Link>
              <p className="line-clamp-2 text-xs text-slate-500">{c.description}</p>
              <p className="text-xs text-slate-500" data-testid="edu-course-counts">
                <FormattedMessage id="eduAdmin.course.counts" values={{ students: c.studentCount, classes: c.allocatedClasses.length }} />
              </p>
              <div className="flex flex-wrap gap-1 pt-1">
                <button type="button" className={btn} data-testid="edu-course-edit" onClick={() => setOpen({ kind: 'form', course: c })}><FormattedMessage id="eduAdmin.common.edit" /></button>
                <button type="button" className={btn} data-testid="edu-course-allocate" onClick={() => setOpen({ kind: 'allocate', course: c })}><FormattedMessage id="eduAdmin.allocate.title" /></button>
                <button type="button" className={btn} data-testid="edu-course-invite" onClick={() => setOpen({ kind: 'invite', course: c })}><FormattedMessage id="eduAdmin.invite.button" /></button>
                <button type="button" className={`${btn} text-red-600`} data-testid="edu-course-delete" onClick={() => void remove(c)}><FormattedMessage id="eduAdmin.common.delete" /></button>
              </div>
            </div>
          </div>
        ))}
      </div>
      <div className="mt-3">
        <Pager page={pageNum} size={EDU_LIMITS.coursePageSize} total={page?.total ?? 0} sizeSelect={false} onChange={(p) => setPageNum(p)} />
      </div>
      {open?.kind === 'form' && <CourseFormDialog course={open.course} onClose={() => setOpen(null)} onSaved={done} />}
      {open?.kind === 'allocate' && <AllocateDialog course={open.course} onClose={() => setOpen(null)} onSaved={done} />}
      {open?.kind === 'invite' && <InviteDialog course={open.course} onClose={done} />}
    </div>
  );
}
