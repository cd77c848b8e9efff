// /admin/training: the trainings the caller administers (a super admin: all) with keyword search, ten a page: id,
// rank, title, auth, the visible switch, created / updated / creator, and edit, problems, open, delete (super admin).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { PAGE_SIZES, ROLE, type AdminTrainingVO, type PageOf } from '@oj/proto';
import { DataTable } from '../../../components/DataTable';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { usePager } from '../../../lib/usePager';
import { useLatestValue } from '../../../lib/useLatestRead';
import { usePageTitle } from '../../../lib/usePageTitle';
import { sessionState } from '../../../stores/session';
import { showToast } from '../../../stores/ui';
import { Switch } from '../../contest/admin/AdminContestListPage';
import { CategoryTag, TrainingAuthTag } from '../TrainingBadges';
import { useTrainingAdmin } from './training-admin-target';

export function AdminTrainingListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'trainingAdmin.list.title' }));
  const target = useTrainingAdmin();
  const root = useSnapshot(sessionState).roles.includes(ROLE.ROOT) || target.mayDelete === true;
  const { page, size, setPage, pager } = usePager(PAGE_SIZES.adminList);
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState('');
  const { data, setData, loading, show } = useLatestValue<PageOf<AdminTrainingVO>>();

  const load = useCallback(() => show(target.list(page, size, keyword || undefined)), [page, size, keyword, show]);
  useEffect(() => void load(), [load]);

  const toggle = async (t: AdminTrainingVO, status: boolean) => {
    try {
      await target.changeStatus(t, status);
      showToast('success', intl.formatMessage({ id: 'trainingAdmin.common.updated' }));
      setData((d) => (d ? { ...d, records: d.records.map((r) => (r.id === t.id ? { ...r, status } : r)) } : d));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  const remove = async (t: AdminTrainingVO) => {
    if (!window.confirm(intl.formatMessage({ id: 'trainingAdmin.list.deleteConfirm' }, { title: t.title }))) return;
    try {
      await target.remove(t.id);
      showToast('success', intl.formatMessage({ id: 'trainingAdmin.common.deleted' }));
      await load();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setKeyword(draft.trim());
  };

  const td = 'px-3 py-2 whitespace-nowrap';
  const btn = 'mr-1 rounded border px-2 py-0.5 text-xs';
  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="admin-training-list">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <h1 className="mr-auto text-lg font-semibold text-slate-800">
          <FormattedMessage id="trainingAdmin.list.title" />
        </h1>
        <KeywordSearch testId="admin-training-keyword" placeholder="trainingAdmin.list.keyword" value={draft} onChange={setDraft} onSubmit={search} />
        <Link to={`${target.base}/create`} data-testid="admin-training-create" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700">
          <FormattedMessage id="trainingAdmin.list.create" />
        </Link>
      </div>
      <DataTable
        data={data}
        loading={loading}
        nowrap
        testId="admin-training-table"
        columns={['trainingAdmin.list.id', 'trainingAdmin.list.rank', 'trainingAdmin.list.trainingTitle', 'trainingAdmin.list.auth', 'trainingAdmin.list.visible', 'trainingAdmin.list.info', 'trainingAdmin.list.option']}
        row={(t) => (
          <tr key={t.id} data-testid="admin-training-row" data-tid={t.id} className="border-t border-slate-100 align-top">
            <td className={td}>{t.id}</td>
            <td className={td}>{t.rank}</td>
            <td className="px-3 py-2">
              <div className="font-medium text-slate-800">{t.title}</div>
              <CategoryTag name={t.categoryName} color={t.categoryColor} />
            </td>
            <td className={td}>
              <TrainingAuthTag auth={t.auth} />
            </td>
            <td className={td}>
              <Switch checked={t.status} testId="admin-training-visible" onChange={(v) => void toggle(t, v)} />
            </td>
            <td className="px-3 py-2 text-xs text-slate-500">
              <div>
                <FormattedMessage id="trainingAdmin.list.created" values={{ at: formatDateTime(t.gmtCreate) }} />
              </div>
              <div>
                <FormattedMessage id="trainingAdmin.list.updated" values={{ at: formatDateTime(t.gmtModified) }} />
              </div>
              <div>
                <FormattedMessage id="trainingAdmin.list.creator" values={{ name: t.author ?? '' }} />
              </div>
            </td>
            <td className={td}>
              <Link to={`${target.base}/${t.id}/edit`} data-testid="admin-training-edit" className={`${btn} border-blue-300 text-blue-600 hover:bg-blue-50`}>
                <FormattedMessage id="trainingAdmin.list.edit" />
              </Link>
              <Link to={`${target.base}/${t.id}/problems`} data-testid="admin-training-problems" className={`${btn} border-slate-300 text-slate-600 hover:border-blue-400`}>
                <FormattedMessage id="trainingAdmin.list.problems" />
              </Link>
              <a href={target.view(t.id)} target="_blank" rel="noreferrer" className={`${btn} border-slate-300 text-slate-600 hover:border-blue-400`}>
                <FormattedMessage id="trainingAdmin.list.open" />
              </a>
              {root && (
                <button type="button" data-testid="admin-training-delete" onClick={() => void remove(t)} className={`${btn} border-red-300 text-red-600 hover:bg-red-50`}>
                  <FormattedMessage id="trainingAdmin.list.delete" />
                </button>
              )}
            </td>
          </tr>
        )}
        pager={pager}
      />
    </div>
  );
}
