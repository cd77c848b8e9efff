// /admin/discussion (admins): the discussions (search, paging, pin, disable / enable, delete) and the reports queue
// (reporter, tags, reason, the reported discussion or comment; resolve).
import { useCallback, useEffect, useState } from 'react';
import { TableHead } from '../../components/TableHead';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { AdminDiscussionVO, DiscussionReportVO, PageOf } from '@oj/proto';
import { KeywordSearch } from '../../components/KeywordSearch';
import { Pager } from '../../components/Pager';
import { formatDateTime } from '../../lib/format';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import { reportTagLabel } from '../discussion/ReportDialog';
import { deleteDiscussions, getAdminDiscussions, getReports, resolveReport, updateDiscussion } from './site-admin-api';
import { btn, tableCard, td } from './styles';
import { useAdminAction } from './useAdminAction';

function Discussions() {
  const intl = useIntl();
  const [page, setPage] = useState({ current: 1, size: 10, keyword: '' });
  const [keyword, setKeyword] = useState('');
  const [data, setData] = useState<PageOf<AdminDiscussionVO> | null>(null);
  const latest = useLatestRead();
  const load = useCallback(() => latest(getAdminDiscussions(page.current, page.size, page.keyword), setData), [page, latest]);
  useEffect(() => void load(), [load]);
  const run = useAdminAction(load);
  const remove = (d: AdminDiscussionVO) => {
    if (window.confirm(intl.formatMessage({ id: 'site.discussion.deleteConfirm' }, { title: d.title }))) void run(() => deleteDiscussions([d.id]), 'site.common.deleted');
  };
  return (
    <section className={`${tableCard} space-y-2`}>
      <KeywordSearch
        testId="discussion-admin-search"
        placeholder="site.discussion.search"
        value={keyword}
        onChange={setKeyword}
        onSubmit={(e) => {
          e.preventDefault();
          setPage({ ...page, current: 1, keyword: keyword.trim() });
        }}
      />
      <table className="w-full text-sm" data-testid="discussion-admin-table">
        <TableHead columns={['site.common.id', 'site.announcement.titleField', 'site.common.author', 'site.discussion.pinned', 'site.discussion.enabled', 'site.discussion.reports', 'site.common.created', 'site.common.option']} />
        <tbody>
          {data?.records.map((d) => (
            <tr key={d.id} className="border-t border-slate-100" data-testid="discussion-admin-row">
              <td className={td}>{d.id}</td>
              <td className={td}>
                <Link className="text-blue-700 hover:underline" to={`/discussion-detail/${d.id}`}>
                  {d.title}
                </Link>
              </td>
              <td className={td}>{d.author}</td>
              <td className={td}>
                <input type="checkbox" data-testid="discussion-pin" checked={d.topPriority} onChange={(e) => void run(() => updateDiscussion({ id: d.id, topPriority: e.target.checked }))} />
              </td>
              <td className={td}>
                <input type="checkbox" data-testid="discussion-enabled" checked={d.status === 0} onChange={(e) => void run(() => updateDiscussion({ id: d.id, status: e.target.checked ? 0 : 1 }))} />
              </td>
              <td className={td}>{d.reportCount}</td>
              <td className={td}>{formatDateTime(d.gmtCreate)}</td>
              <td className={td}>
                <button type="button" className={btn} onClick={() => remove(d)}>
                  <FormattedMessage id="site.common.delete" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.total > page.size && <Pager page={page.current} size={page.size} total={data.total} onChange={(current, size) => setPage({ ...page, current, size })} />}
    </section>
  );
}

function Reports() {
  const intl = useIntl();
  const [page, setPage] = useState({ current: 1, size: 10, openOnly: true });
  const [data, setData] = useState<PageOf<DiscussionReportVO> | null>(null);
  const latest = useLatestRead();
  const load = useCallback(() => latest(getReports(page.current, page.size, page.openOnly ? false : undefined), setData), [page, latest]);
  useEffect(() => void load(), [load]);
  const run = useAdminAction(load);
  return (
    <section className={`${tableCard} space-y-2`}>
      <label className="flex items-center gap-2 text-sm text-slate-600">
        <input type="checkbox" data-testid="report-open-only" checked={page.openOnly} onChange={(e) => setPage({ ...page, current: 1, openOnly: e.target.checked })} />
        <FormattedMessage id="site.report.openOnly" />
      </label>
      <table className="w-full text-sm" data-testid="report-table">
        <TableHead columns={['site.report.target', 'site.report.reporter', 'site.report.tags', 'site.report.reason', 'site.common.created', 'site.report.status']} />
        <tbody>
          {data?.records.map((r) => (
            <tr key={r.id} className="border-t border-slate-100 align-top" data-testid="report-row">
              <td className={td}>
                <Link className="text-blue-700 hover:underline" to={`/discussion-detail/${r.did}`}>
                  {r.discussionTitle}
                </Link>
                {r.commentContent !== null && <div className="mt-1 max-w-xs truncate text-xs text-slate-500">{r.commentContent}</div>}
              </td>
              <td className={td}>{r.reporter}</td>
              <td className={td}>{r.tags.map((t) => reportTagLabel(intl, t)).join(', ')}</td>
              <td className={td}>{r.content}</td>
              <td className={td}>{formatDateTime(r.gmtCreate)}</td>
              <td className={td}>
                {r.status ? (
                  <span className="text-green-700">
                    <FormattedMessage id="site.report.resolved" />
                  </span>
                ) : (
                  <button type="button" className={btn} data-testid="report-resolve" onClick={() => void run(() => resolveReport(r.id, true), 'site.report.resolvedToast')}>
                    <FormattedMessage id="site.report.resolve" />
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.total > page.size && <Pager page={page.current} size={page.size} total={data.total} onChange={(current, size) => setPage({ ...page, current, size })} />}
    </section>
  );
}

export function DiscussionAdminPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'site.discussion.title' }));
  const [tab, setTab] = useState<'list' | 'reports'>('list');
  const tabClass = (t: string) => `px-3 py-1 text-sm ${tab === t ? 'border-b-2 border-blue-600 text-blue-700' : 'text-slate-600'}`;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <h1 className="mr-4 text-lg font-semibold text-slate-800">
          <FormattedMessage id="site.discussion.title" />
        </h1>
        <button type="button" className={tabClass('list')} data-testid="discussion-tab-list" onClick={() => setTab('list')}>
          <FormattedMessage id="site.discussion.list" />
        </button>
        <button type="button" className={tabClass('reports')} data-testid="discussion-tab-reports" onClick={() => setTab('reports')}>
          <FormattedMessage id="site.discussion.reports" />
        </button>
      </div>
      {tab === 'list' ? <Discussions /> : <Reports />}
    </div>
  );
}
