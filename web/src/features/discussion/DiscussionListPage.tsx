// /discussion: the paged list of discussions (10 a page) and a small form to post one (markdown content);
// /discussion?pid=<problem id>: the discussions of one problem (the problem page links here), posted about it.
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { Discussion, PageOf } from '@oj/proto';
import { Pager } from '../../components/Pager';
import { Empty, Loading } from '../../components/Spinner';
import { ignoreRefusal } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { openLoginDialog, showToast } from '../../stores/ui';
import { addDiscussion, getDiscussionList } from './discussion-api';

export function DiscussionListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'layout.header.discussion' }));
  const session = useSnapshot(sessionState);
  const navigate = useNavigate();
  const pid = useSearchParams()[0].get('pid') || undefined;
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PageOf<Discussion> | null>(null);
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const load = useCallback(async () => setData(await getDiscussionList(page, pid)), [page, pid]);
  useEffect(() => void load().catch(() => undefined), [load]);

  async function post() {
    if (!isLoggedIn(session)) {
      showToast('warning', intl.formatMessage({ id: 'error.AUTH_NOT_LOGGED_IN' }));
      openLoginDialog('login');
      return;
    }
    if (!title.trim()) return showToast('warning', intl.formatMessage({ id: 'error.DISCUSSION_TITLE_EMPTY' }));
    if (!content.trim()) return showToast('warning', intl.formatMessage({ id: 'error.COMMENT_EMPTY' }));
    const d = await addDiscussion(title, content, pid).catch(ignoreRefusal);
    if (d) navigate(`/discussion/${d.id}`);
  }

  return (
    <div className="mx-auto max-w-screen-lg px-4 py-6" data-testid="discussion-list">
      <div className="mb-4 flex items-center justify-between">
        <h1 className="text-xl font-bold text-slate-800">
          {pid ? (
            <span data-testid="discussion-problem">
              <FormattedMessage id="discussion.list.ofProblem" values={{ pid: <Link to={`/problem/${encodeURIComponent(pid)}`} className="text-blue-600 hover:underline">{pid}</Link> }} />
            </span>
          ) : (
            <FormattedMessage id="layout.header.discussion" />
          )}
        </h1>
        <button type="button" data-testid="discussion-new" onClick={() => setOpen((o) => !o)} className="rounded bg-blue-600 px-3 py-1 text-sm text-white">
          <FormattedMessage id="discussion.list.new" />
        </button>
      </div>
      {open && (
        <div className="mb-6 flex flex-col gap-2 rounded border border-slate-200 p-3">
          <input data-testid="discussion-title" value={title} onChange={(e) => setTitle(e.target.value)} placeholder={intl.formatMessage({ id: 'discussion.list.titlePlaceholder' })} className="rounded border border-slate-300 p-2 text-sm" />
          <textarea data-testid="discussion-content" value={content} onChange={(e) => setContent(e.target.value)} placeholder={intl.formatMessage({ id: 'discussion.list.contentPlaceholder' })} className="min-h-28 rounded border border-slate-300 p-2 text-sm" />
          <button type="button" data-testid="discussion-submit" onClick={() => void post()} className="self-end rounded bg-blue-600 px-4 py-1 text-sm text-white">
            <FormattedMessage id="comment.section.send" />
          </button>
        </div>
      )}
      {data === null ? (
        <Loading />
      ) : data.records.length === 0 ? (
        <Empty />
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.records.map((d) => (
            <li key={d.id} className="py-3" data-testid="discussion-item">
              {d.topPriority && (
                <span className="mr-2 rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-600" data-testid="discussion-pinned">
                  <FormattedMessage id="discussion.list.pinned" />
                </span>
              )}
              <Link to={`/discussion/${d.id}`} className="font-medium text-blue-700 hover:underline">
                {d.title}
              </Link>
              <div className="text-xs text-slate-500">
                {d.author} · {formatDateTime(d.gmtCreate)} · <FormattedMessage id="discussion.list.counts" values={{ views: d.viewNum, comments: d.commentNum }} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && data.total > 10 && <Pager page={page} size={10} total={data.total} onChange={(p) => setPage(p)} />}
    </div>
  );
}
