// /admin/user (super admin): the users with search (username, nickname, real name, email), role and status
// filters and page sizes; edit in a dialog, delete with a confirmation; import from CSV and generate accounts.
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PAGE_SIZES, ROLE_CODE, type AdminUserListQuery, type AdminUserRow, type PageOf } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import { KeywordSearch } from '../../components/KeywordSearch';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import { runChange } from './run-change';
import { deleteUsers, userList } from './user-admin-api';
import { UserEditDialog } from './UserEditDialog';
import { UserGeneratePanel } from './UserGeneratePanel';
import { UserImportPanel } from './UserImportPanel';
import { btn, card, input } from './styles';

export function UserAdminPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'useradmin.list.title' }));
  const [query, setQuery] = useState<AdminUserListQuery>({ currentPage: 1, limit: PAGE_SIZES.adminList });
  const [keyword, setKeyword] = useState('');
  const [data, setData] = useState<PageOf<AdminUserRow> | null>(null);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);

  const latest = useLatestRead();
  const load = useCallback(async () => {
    setLoading(true);
    // Only the latest read's answer is shown; a refused one keeps the rows shown (the client showed why).
    await latest(
      userList(query),
      (d) => {
        setData(d);
        setLoading(false);
      },
      (err) => {
        setLoading(false);
        if (!(err instanceof ApiError)) throw err;
      },
    );
  }, [query, latest]);
  useEffect(() => void load(), [load]);

  const remove = async (u: AdminUserRow) => {
    if (!window.confirm(intl.formatMessage({ id: 'useradmin.list.deleteConfirm' }, { username: u.username }))) return;
    await runChange(intl, () => deleteUsers([u.uid]), 'useradmin.list.deleted', load);
  };
  const filter = (patch: Partial<AdminUserListQuery>) => setQuery((q) => ({ ...q, ...patch, currentPage: 1 }));

  return (
    <div className="space-y-4">
      <div className={`${card} flex flex-wrap items-center gap-3`}>
        <h1 className="mr-auto text-lg font-semibold text-slate-800">
          <FormattedMessage id="useradmin.list.title" />
        </h1>
        <select className={input} data-testid="user-filter-role" value={query.role ?? ''} onChange={(e) => filter({ role: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">{intl.formatMessage({ id: 'useradmin.list.allRoles' })}</option>
          {Object.entries(ROLE_CODE).map(([role, code]) => (
            <option key={code} value={code}>
              {code} {role}
            </option>
          ))}
        </select>
        <select className={input} data-testid="user-filter-status" value={query.status ?? ''} onChange={(e) => filter({ status: e.target.value === '' ? undefined : Number(e.target.value) })}>
          <option value="">{intl.formatMessage({ id: 'useradmin.list.allStatus' })}</option>
          <option value={0}>{intl.formatMessage({ id: 'useradmin.list.normal' })}</option>
          <option value={1}>{intl.formatMessage({ id: 'useradmin.list.banned' })}</option>
        </select>
        <KeywordSearch
          testId="user-search"
          placeholder="useradmin.list.search"
          value={keyword}
          onChange={setKeyword}
          onSubmit={(e) => {
            e.preventDefault();
            filter({ keyword: keyword.trim() || undefined });
          }}
        />
      </div>
      <div className="rounded-lg border border-slate-200 bg-white">
        <DataTable
          testId="user-table"
          nowrap
          data={data}
          loading={loading}
          pager={{ page: query.currentPage ?? 1, size: query.limit ?? PAGE_SIZES.adminList, onChange: (currentPage, limit) => setQuery((q) => ({ ...q, currentPage, limit })) }}
          columns={['useradmin.list.username', 'useradmin.list.realname', 'useradmin.list.email', 'useradmin.list.role', 'useradmin.list.status', 'useradmin.list.created', 'useradmin.list.option']}
          row={(u) => (
            <tr key={u.uid} className="border-t border-slate-100" data-testid="user-row" data-username={u.username}>
              <td className="px-3 py-2 font-medium">{u.username}</td>
              <td className="px-3 py-2">{u.realname}</td>
              <td className="px-3 py-2">{u.email}</td>
              <td className="px-3 py-2" data-testid="user-row-role">
                {u.roles.map((r) => `${r.id} ${r.role}`).join(', ')}
              </td>
              <td className="px-3 py-2">{intl.formatMessage({ id: u.status === 1 ? 'useradmin.list.banned' : 'useradmin.list.normal' })}</td>
              <td className="px-3 py-2 text-slate-500" data-testid="user-row-created">
                {formatDateTime(u.gmtCreate)}
              </td>
              <td className="space-x-1 px-3 py-2">
                <button type="button" className={btn} data-testid="user-edit" onClick={() => setEditing(u)}>
                  <FormattedMessage id="useradmin.list.edit" />
                </button>
                <button type="button" className={btn} data-testid="user-delete" onClick={() => void remove(u)}>
                  <FormattedMessage id="useradmin.list.delete" />
                </button>
              </td>
            </tr>
          )}
        />
      </div>
      <UserImportPanel onImported={() => void load()} />
      <UserGeneratePanel onGenerated={() => void load()} />
      {editing && (
        <UserEditDialog
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </div>
  );
}
