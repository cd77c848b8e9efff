// /course: the courses the caller learns in (their classes' courses), 10 a page with search.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { EDU_LIMITS, type CourseVO, type PageOf } from '@oj/proto';
import { Pager } from '../../components/Pager';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLatestRead } from '../../lib/useLatestRead';
import { useSnapshot } from 'valtio';
import { isLoggedIn, sessionState } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { LoginPrompt } from '../auth/LoginPrompt';
import { myCourses } from './education-api';

/** A visitor gets the login prompt, not a failed load (the list is the caller's own courses). */
export function CourseListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'education.list.title' }));
  const session = useSnapshot(sessionState);
  return isLoggedIn(session) ? <MyCourses /> : <LoginPrompt />;
}

function MyCourses() {
  const intl = useIntl();
  const [page, setPage] = useState<PageOf<CourseVO> | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const latest = useLatestRead();
  useEffect(() => {
    // Only the latest read's answer is shown; a failed one keeps the courses shown (or ends the first loading).
    void latest(myCourses({ pageNum, pageSize: EDU_LIMITS.coursePageSize, keyword: keyword || undefined }), setPage, () => {
      setPage((p) => p ?? { records: [], total: 0, size: EDU_LIMITS.coursePageSize, current: 1, pages: 0 });
      showToast('error', intl.formatMessage({ id: 'education.list.loadFailed' }));
    });
  }, [pageNum, keyword, latest]);
  return (
    <div className="mx-auto max-w-screen-xl p-4" data-testid="course-list">
      <div className="mb-3 flex items-center gap-2">
        <h1 className="mr-auto text-xl font-semibold"><FormattedMessage id="education.list.title" /></h1>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setPageNum(1);
            setKeyword(typed.trim());
          }}
        >
          <input className="rounded border border-slate-300 px-2 py-1 text-sm" placeholder={intl.formatMessage({ id: 'education.list.search' })} value={typed} onChange={(e) => setTyped(e.target.value)} />
        </form>
      </div>
      {page && page.total === 0 && <p className="text-sm text-slate-500" data-testid="course-list-empty"><FormattedMessage id="education.list.empty" /></p>}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {page?.records.map((c) => (
          <Link key={c.id} to={`/courses/${c.id}/detail`} data-testid="course-card" className="overflow-hidden rounded-lg border border-slate-200 bg-white hover:shadow">
            {c.coverImage ? <img src={c.coverImage} alt="" className="h-32 w-full object-cover" /> : <div className="h-32 bg-gradient-to-br from-blue-100 to-slate-100" />}
            <div className="p-3">
              <div className="font-medium text-slate-800">{c.title}</div>
              <p className="line-clamp-2 text-xs text-slate-500">{c.description}</p>
              <p className="mt-1 text-xs text-slate-400">{c.creator}</p>
            </div>
          </Link>
        ))}
      </div>
      <div className="mt-3">
        <Pager page={pageNum} size={EDU_LIMITS.coursePageSize} total={page?.total ?? 0} sizeSelect={false} onChange={(p) => setPageNum(p)} />
      </div>
    </div>
  );
}
