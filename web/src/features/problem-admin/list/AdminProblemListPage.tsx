// /admin/problems: the problem bank with keyword search, OJ / auth / type / difficulty filters and page sizes; per
// problem the auth select (public / private / contest), edit, the package self-check, the test-data download,
// rejudge (super admin) and delete (super admin and problem admins, with a confirmation saying what goes with it);
// and the live judging-queue column (waiting / judging), pushed on `judge-status`.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { OWN_OJ, PAGE_SIZES, REMOTE_OJ_KEYS, ROLE, type AdminProblemListQuery, type AdminProblemRow, type PageOf } from '@oj/proto';
import { DataTable } from '../../../components/DataTable';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useLatestValue } from '../../../lib/useLatestRead';
import { usePageTitle } from '../../../lib/usePageTitle';
import { sessionState } from '../../../stores/session';
import { showToast } from '../../../stores/ui';
import { RemoteImportButton } from '../../admin/remote-judge/RemoteImportButton';
import { ProblemFilters, type ProblemFilterValues } from './ProblemFilters';
import { adminProblemList, changeProblemAuth, deleteProblem, downloadTestcases, rejudgeProblem } from './list-api';
import { useJudgeQueue } from './useJudgeQueue';

const AUTHS = [1, 2, 3] as const;

export function AdminProblemListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.problemList.title' }));
  const { roles } = useSnapshot(sessionState);
  const isRoot = roles.includes(ROLE.ROOT);
  const mayDelete = isRoot || roles.includes(ROLE.PROBLEM_ADMIN);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES.adminList);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<ProblemFilterValues>({ oj: 'All' });
  const { data, setData, loading, show } = useLatestValue<PageOf<AdminProblemRow>>();
  const queue = useJudgeQueue();

  const load = useCallback(() => {
    const q: AdminProblemListQuery = { currentPage: page, limit: size, oj: filters.oj, ...(keyword && { keyword }) };
    if (filters.auth !== undefined) q.auth = filters.auth;
    if (filters.type !== undefined) q.type = filters.type;
    if (filters.difficulty !== undefined) q.difficulty = filters.difficulty;
    return show(adminProblemList(q));
  }, [page, size, keyword, filters, show]);
  useEffect(() => void load(), [load]);

  const ok = (id: Parameters<typeof intl.formatMessage>[0]['id']) => showToast('success', intl.formatMessage({ id }));
  const guard = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (e) {
      // The API client showed the server's message.
      if (!(e instanceof ApiError)) throw e;
    }
  };

  const setAuth = (p: AdminProblemRow, auth: number) =>
    guard(async () => {
      await changeProblemAuth(p.id, auth);
      setData((d) => (d ? { ...d, records: d.records.map((r) => (r.id === p.id ? { ...r, auth } : r)) } : d));
      ok('admin.problemList.authChanged');
    });
  const remove = (p: AdminProblemRow) =>
    guard(async () => {
      if (!window.confirm(intl.formatMessage({ id: 'admin.problemList.deleteConfirm' }, { id: p.problemId, title: p.title, total: p.total }))) return;
      await deleteProblem(p.id);
      ok('admin.problemList.deleted');
      await load();
    });
  const rejudge = (p: AdminProblemRow) =>
    guard(async () => {
      if (!window.confirm(intl.formatMessage({ id: 'admin.problemList.rejudgeConfirm' }, { id: p.problemId }))) return;
      await rejudgeProblem(p.id);
      ok('admin.problemList.rejudged');
    });
  const download = (p: AdminProblemRow) =>
    downloadTestcases(p.id).catch((e: unknown) => showToast('error', e instanceof Error ? e.message : String(e)));

  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setKeyword(draft.trim());
  };

  const td = 'px-3 py-2 whitespace-nowrap';
  const action = 'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-600 hover:border-blue-400 hover:text-blue-600';
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <h1 className="mr-auto text-lg font-semibold text-slate-800">
          <FormattedMessage id="admin.problemList.title" />
        </h1>
        <KeywordSearch testId="admin-problem-keyword" placeholder="problem.list.keyword" value={draft} onChange={setDraft} onSubmit={search} />
        <Link to="/admin/problem/create" data-testid="admin-problem-create" className="rounded bg-green-600 px-3 py-1 text-sm text-white hover:bg-green-700">
          <FormattedMessage id="admin.problemList.create" />
        </Link>
        <RemoteImportButton target={{ kind: 'bank' }} onImported={load} />
      </div>
      <ProblemFilters
        value={filters}
        ojs={['All', OWN_OJ, ...REMOTE_OJ_KEYS]}
        onChange={(f) => {
          setPage(1);
          setFilters(f);
        }}
      />
      <DataTable
        data={data}
        loading={loading}
        testId="admin-problem-table"
        nowrap
        pager={{ page, size, onChange: (p, s) => (setPage(p), setSize(s)) }}
        columns={[
          'admin.problemList.id',
          'admin.problemList.displayId',
          'admin.problemList.problemTitle',
          'admin.problemList.author',
          'admin.problemList.queue',
          'admin.problemList.modified',
          'admin.problemList.auth',
          'admin.problemList.option',
        ]}
        row={(p) => {
          const q = queue.get(p.id);
          return (
            <tr key={p.id} data-testid="admin-problem-row" data-pid={p.id} className="border-t border-slate-100 hover:bg-slate-50">
              <td className={td}>{p.id}</td>
              <td className={td}>{p.problemId}</td>
              <td className="min-w-48 px-3 py-2">
                <Link to={`/problem/${encodeURIComponent(p.problemId)}`} className="text-blue-600 hover:underline">
                  {p.title}
                </Link>
              </td>
              <td className={td}>{p.author ?? '--'}</td>
              <td className={td} data-testid="admin-problem-queue">
                {q ? (
                  <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-800">
                    <FormattedMessage id="admin.problemList.queueCounts" values={{ waiting: q.waiting, judging: q.judging }} />
                  </span>
                ) : (
                  <span className="text-xs text-slate-400">
                    <FormattedMessage id="admin.problemList.queueIdle" />
                  </span>
                )}
              </td>
              <td className={`${td} text-xs text-slate-500`}>
                <div>{formatDateTime(p.gmtModified)}</div>
                <div>{p.modifiedUser ?? p.author ?? ''}</div>
              </td>
              <td className={td}>
                <select
                  data-testid="admin-problem-auth"
                  className="rounded border border-slate-300 px-1 py-0.5 text-sm"
                  value={p.auth}
                  disabled={p.isRemote && p.auth === 3}
                  onChange={(e) => void setAuth(p, Number(e.target.value))}
                >
                  {AUTHS.map((a) => (
                    <option key={a} value={a}>
                      {intl.formatMessage({ id: `admin.problemList.auth${a}` })}
                    </option>
                  ))}
                </select>
              </td>
              <td className={td}>
                <div className="flex gap-1">
                  <Link to={`/admin/problem/edit/${p.id}`} className={action} data-testid="admin-problem-edit">
                    <FormattedMessage id="admin.problemList.edit" />
                  </Link>
                  <Link to={`/admin/problem/${p.id}/self-check`} className={action} data-testid="admin-problem-self-check">
                    <FormattedMessage id="admin.problemList.selfCheck" />
                  </Link>
                  {!p.isRemote && (
                    <button type="button" className={action} data-testid="admin-problem-download" onClick={() => void download(p)}>
                      <FormattedMessage id="admin.problemList.download" />
                    </button>
                  )}
                  {isRoot && (
                    <button type="button" className={action} data-testid="admin-problem-rejudge" onClick={() => void rejudge(p)}>
                      <FormattedMessage id="admin.problemList.rejudge" />
                    </button>
                  )}
                  {mayDelete && (
                    <button type="button" className={`${action} hover:border-red-400 hover:text-red-600`} data-testid="admin-problem-delete" onClick={() => void remove(p)}>
                      <FormattedMessage id="admin.problemList.delete" />
                    </button>
                  )}
                </div>
              </td>
            </tr>
          );
        }}
      />
    </div>
  );
}
