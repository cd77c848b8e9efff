// /discussion and /discussion/:pid (a problem's discussions): the breadcrumb with the count, the keyword search, the
// cards (10 a page) and the side panel; the filters live in the URL query (keyword, cid, onlyMine, currentPage).
// Old links keep working: /discussion?pid=X goes to /discussion/X, and /discussion/<number> that is no problem's id
// is an old post link, sent on to /discussion-detail/<number>.
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { DISCUSSION_LIMITS, type Discussion, type PageOf } from '@oj/proto';
import { KeywordSearch } from '../../components/KeywordSearch';
import { Pager } from '../../components/Pager';
import { Empty, Loading } from '../../components/Spinner';
import { ApiError, ignoreRefusal } from '../../lib/api';
import { intParam, useQueryPatch } from '../../lib/search-params';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import { showToast } from '../../stores/ui';
import { NotFoundPage } from '../home/NotFoundPage';
import { DiscussionCard } from './DiscussionCard';
import { DiscussionEditDialog, type EditTarget } from './DiscussionEditDialog';
import { DiscussionSidePanel } from './DiscussionSidePanel';
import { deleteDiscussion, getDiscussion, getDiscussionList, type DiscussionFilter } from './discussion-api';
import { useCategories, useLoginFirst } from './discussion-hooks';

const PAGE = DISCUSSION_LIMITS.pageSize;

export function DiscussionListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'layout.header.discussion' }));
  const navigate = useNavigate();
  const loginFirst = useLoginFirst();
  const pid = useParams().pid;
  const { params, update } = useQueryPatch();
  const filter: DiscussionFilter = {
    currentPage: intParam(params.get('currentPage'), 1),
    keyword: params.get('keyword') ?? undefined,
    cid: params.get('cid') ? intParam(params.get('cid'), 0) || undefined : undefined,
    pid,
    onlyMine: params.get('onlyMine') === 'true',
  };
  const key = JSON.stringify(filter);
  const [data, setData] = useState<PageOf<Discussion> | null | 'missing'>(null);
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  const [categories, setCategories] = useCategories();
  const [editing, setEditing] = useState<EditTarget | null>(null);

  const latest = useLatestRead();
  const load = useCallback(() => {
    const f = JSON.parse(key) as DiscussionFilter;
    return latest(getDiscussionList(f, PAGE), setData, (e) => {
      // A problem page's list of a problem that is not there: an old post link (/discussion/<did>), or nothing.
      if (f.pid !== undefined && e instanceof ApiError && e.code === 'PROBLEM_NOT_FOUND') setData('missing');
      else ignoreRefusal(e);
    });
  }, [key, latest]);
  useEffect(() => void load(), [load]);

  const legacyPid = pid === undefined ? params.get('pid') : null;
  if (legacyPid) return <Navigate to={`/discussion/${encodeURIComponent(legacyPid)}`} replace />;
  if (data === 'missing') return /^[1-9]\d{0,9}$/.test(pid ?? '') ? <Navigate to={`/discussion-detail/${pid}`} replace /> : <NotFoundPage />;

  const onDelete = async (d: Discussion) => {
    if (!window.confirm(intl.formatMessage({ id: 'discussion.card.deleteConfirm' }))) return;
    try {
      await deleteDiscussion(d.id);
    } catch (e) {
      return ignoreRefusal(e);
    }
    showToast('success', intl.formatMessage({ id: 'discussion.card.deleted' }));
    await load();
  };
  const onEdit = async (d: Discussion) => {
    const full = await getDiscussion(d.id).catch(ignoreRefusal);
    if (full) setEditing({ kind: 'edit', discussion: full });
  };

  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-6 px-4 py-6 md:flex-row" data-testid="discussion-list">
      <main className="min-w-0 flex-1">
        <nav className="mb-3 flex flex-wrap items-center gap-1 text-sm text-slate-500" data-testid="discussion-breadcrumb">
          <Link to="/home" className="hover:text-blue-600">
            <FormattedMessage id="discussion.list.home" />
          </Link>
          <span>/</span>
          <Link to="/discussion" className="hover:text-blue-600">
            <FormattedMessage id="layout.header.discussion" />
          </Link>
          {pid && (
            <>
              <span>/</span>
              <span data-testid="discussion-problem">
                <FormattedMessage id="discussion.list.ofProblem" values={{ pid: <Link to={`/problem/${encodeURIComponent(pid)}`} className="text-blue-600 hover:underline">{pid}</Link> }} />
              </span>
            </>
          )}
          {data && (
            <span className="ml-2 rounded bg-slate-100 px-2 text-xs text-slate-600" data-testid="discussion-count">
              <FormattedMessage id="discussion.list.count" values={{ count: data.total }} />
            </span>
          )}
        </nav>
        <KeywordSearch
          testId="discussion-search"
          placeholder="discussion.list.search"
          value={keyword}
          onChange={setKeyword}
          onSubmit={(e) => {
            e.preventDefault();
            update({ keyword: keyword.trim(), currentPage: undefined });
          }}
        />
        {data === null ? (
          <Loading />
        ) : data.records.length === 0 ? (
          <Empty />
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {data.records.map((d) => (
              <DiscussionCard key={d.id} d={d} onEdit={(x) => void onEdit(x)} onDelete={(x) => void onDelete(x)} />
            ))}
          </ul>
        )}
        {data && data.total > PAGE && <Pager page={filter.currentPage} size={PAGE} total={data.total} sizeSelect={false} onChange={(p) => update({ currentPage: p })} />}
      </main>
      <div className="w-full md:w-64">
        <DiscussionSidePanel
          categories={categories}
          cid={filter.cid}
          onlyMine={filter.onlyMine === true}
          onPost={() => loginFirst() && setEditing({ kind: 'create', ...(pid && { pid }) })}
          onFilter={(f) => update({ ...('cid' in f && { cid: f.cid }), ...('onlyMine' in f && { onlyMine: f.onlyMine ? 'true' : undefined }), currentPage: undefined })}
          onCategoriesSaved={(list) => {
            setCategories(list);
            void load();
          }}
        />
      </div>
      <DiscussionEditDialog
        target={editing}
        categories={categories}
        onClose={() => setEditing(null)}
        onDone={(did) => {
          const created = editing?.kind === 'create';
          setEditing(null);
          if (created) navigate(`/discussion-detail/${did}`);
          else void load();
        }}
      />
    </div>
  );
}
