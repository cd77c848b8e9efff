// /training: keyword search, auth and category filter tags (query keyword, categoryId, auth, currentPage, kept in the
// URL), fifteen trainings a page. Progress (AC/problemCount) shows only to a signed-in user; opening a training while
// logged out warns 'Please login first' and opens the login dialog.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { TRAINING_AUTH, TRAINING_LIMITS, type PageOf, type TrainingCategory, type TrainingVO } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import { KeywordSearch } from '../../components/KeywordSearch';
import { relativeTime, formatDateTime } from '../../lib/format';
import { intParam, useQueryPatch } from '../../lib/search-params';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { openLoginDialog, showToast } from '../../stores/ui';
import { CategoryTag, TrainingAuthTag, TrainingProgress } from './TrainingBadges';
import { getTrainingCategories, getTrainingList } from './training-api';

const chip = (active: boolean) => `rounded px-2.5 py-1 text-sm ${active ? 'bg-blue-600 text-white' : 'bg-white text-slate-600 hover:bg-slate-100'}`;

function Updated({ at }: { at: string }) {
  const intl = useIntl();
  const { value, unit } = relativeTime(at);
  return <span title={formatDateTime(at)}>{intl.formatRelativeTime(value, unit, { numeric: 'auto' })}</span>;
}

function useCategories(): TrainingCategory[] {
  const [list, setList] = useState<TrainingCategory[]>([]);
  useEffect(() => {
    let live = true;
    getTrainingCategories().then((c) => live && setList(c), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return list;
}

export function TrainingListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'training.list.title' }));
  const navigate = useNavigate();
  const loggedIn = isLoggedIn(useSnapshot(sessionState));
  const { params, update } = useQueryPatch();
  const page = intParam(params.get('currentPage'), 1);
  const limit = intParam(params.get('limit'), TRAINING_LIMITS.listPageSize);
  const keyword = params.get('keyword') ?? '';
  const categoryId = intParam(params.get('categoryId'), 0);
  const authRaw = params.get('auth');
  const auth = authRaw === TRAINING_AUTH.PUBLIC || authRaw === TRAINING_AUTH.PRIVATE ? authRaw : '';
  const categories = useCategories();
  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);

  const [data, setData] = useState<PageOf<TrainingVO> | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    getTrainingList({ currentPage: page, limit, ...(keyword && { keyword }), ...(categoryId > 0 && { categoryId }), ...(auth && { auth }) })
      .then((d) => live && setData(d))
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, limit, keyword, categoryId, auth, loggedIn]);

  const open = (t: TrainingVO) => {
    if (!loggedIn) {
      showToast('warning', intl.formatMessage({ id: 'error.AUTH_NOT_LOGGED_IN' }));
      openLoginDialog('login');
      return;
    }
    navigate(`/training/${t.id}`);
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ keyword: draft.trim(), currentPage: 1 });
  };

  return (
    <div className="mx-auto max-w-screen-xl px-4 py-6">
      <div className="rounded-lg border border-slate-200 bg-white">
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
          <h1 className="mr-auto text-lg font-semibold text-slate-800">
            <FormattedMessage id="training.list.title" />
          </h1>
          <KeywordSearch testId="training-keyword" placeholder="training.list.keyword" value={draft} onChange={setDraft} onSubmit={search} />
        </div>
        <div className="flex flex-col gap-2 border-b border-slate-100 px-4 py-3 text-sm">
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={intl.formatMessage({ id: 'training.list.auth' })}>
            <span className="w-16 text-slate-500">
              <FormattedMessage id="training.list.auth" />
            </span>
            {(['', TRAINING_AUTH.PUBLIC, TRAINING_AUTH.PRIVATE] as const).map((v) => (
              <button key={v} type="button" data-testid={`training-filter-auth-${v || 'all'}`} aria-pressed={auth === v} className={chip(auth === v)} onClick={() => update({ auth: v, currentPage: 1 })}>
                <FormattedMessage id={v === '' ? 'training.list.all' : v === TRAINING_AUTH.PUBLIC ? 'training.auth.public' : 'training.auth.private'} />
              </button>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={intl.formatMessage({ id: 'training.list.category' })}>
            <span className="w-16 text-slate-500">
              <FormattedMessage id="training.list.category" />
            </span>
            <button type="button" data-testid="training-filter-category-all" aria-pressed={categoryId === 0} className={chip(categoryId === 0)} onClick={() => update({ categoryId: undefined, currentPage: 1 })}>
              <FormattedMessage id="training.list.all" />
            </button>
            {categories.map((c) => (
              <button
                key={c.id}
                type="button"
                data-testid="training-filter-category"
                data-category-id={c.id}
                aria-pressed={categoryId === c.id}
                className={`rounded border px-2.5 py-1 text-sm ${categoryId === c.id ? 'text-white' : 'bg-white'}`}
                style={categoryId === c.id ? { backgroundColor: c.color, borderColor: c.color } : { borderColor: c.color, color: c.color }}
                onClick={() => update({ categoryId: c.id, currentPage: 1 })}
              >
                {c.name}
              </button>
            ))}
          </div>
        </div>
        <DataTable
          data={data}
          loading={loading}
          nowrap
          testId="training-table"
          columns={[
            'training.list.number',
            'training.list.trainingTitle',
            'training.list.auth',
            'training.list.category',
            loggedIn && 'training.list.progress',
            'training.list.problemCount',
            { id: 'training.list.author', className: 'hidden md:table-cell' },
            { id: 'training.list.updated', className: 'hidden md:table-cell' },
          ]}
          row={(t) => (
            <tr key={t.id} data-testid="training-row" data-tid={t.id} className="border-t border-slate-100 hover:bg-slate-50">
              <td className="px-3 py-2 text-slate-500">{t.rank}</td>
              <td className="px-3 py-2">
                <button type="button" data-testid="training-open" className="text-left font-medium text-blue-600 hover:underline" onClick={() => open(t)}>
                  {t.title}
                </button>
              </td>
              <td className="px-3 py-2">
                <TrainingAuthTag auth={t.auth} />
              </td>
              <td className="px-3 py-2">
                <CategoryTag name={t.categoryName} color={t.categoryColor} />
              </td>
              {loggedIn && (
                <td className="px-3 py-2">
                  <TrainingProgress ac={t.acCount ?? 0} total={t.problemCount} />
                </td>
              )}
              <td className="px-3 py-2" data-testid="training-problem-count">
                {t.problemCount}
              </td>
              <td className="hidden px-3 py-2 text-slate-600 md:table-cell">{t.author}</td>
              <td className="hidden px-3 py-2 text-slate-500 md:table-cell">
                <Updated at={t.gmtModified} />
              </td>
            </tr>
          )}
          pager={{ page, size: limit, onChange: (p, s) => update({ currentPage: p, limit: s === TRAINING_LIMITS.listPageSize ? undefined : s }) }}
        />
      </div>
    </div>
  );
}
