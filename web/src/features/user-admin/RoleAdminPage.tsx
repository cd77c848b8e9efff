// /admin/role: the 9 roles with their numeric codes (1000–1008), how many users hold each, and their status (a
// disabled role grants no permission; the super admin role cannot be disabled).
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RoleVO } from '@oj/proto';
import { TableHead } from '../../components/TableHead';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import { runChange } from './run-change';
import { roleList, setRoleStatus } from './user-admin-api';
import { btn, tableCard } from './styles';

export function RoleAdminPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'useradmin.role.title' }));
  const [roles, setRoles] = useState<RoleVO[] | null>(null);
  const latest = useLatestRead();
  const load = useCallback(() => latest(roleList(), setRoles), [latest]);
  useEffect(() => void load(), [load]);
  const toggle = (r: RoleVO) => runChange(intl, () => setRoleStatus(r.id, r.status === 0 ? 1 : 0), 'useradmin.role.changed', load);
  const HEAD = ['useradmin.role.code', 'useradmin.role.name', 'useradmin.role.description', 'useradmin.role.users', 'useradmin.role.status', 'useradmin.list.option'] as const;
  return (
    <section className={tableCard}>
      <h1 className="mb-3 text-lg font-semibold text-slate-800">
        <FormattedMessage id="useradmin.role.title" />
      </h1>
      <table className="w-full text-sm" data-testid="role-table">
        <TableHead columns={[...HEAD]} />
        <tbody>
          {roles?.map((r) => (
            <tr key={r.id} className="border-t border-slate-100" data-testid="role-row" data-code={r.id}>
              <td className="px-3 py-2 font-mono">{r.id}</td>
              <td className="px-3 py-2">{r.role}</td>
              <td className="px-3 py-2 text-slate-500">{r.description}</td>
              <td className="px-3 py-2">{r.users}</td>
              <td className="px-3 py-2" data-testid="role-status">
                {intl.formatMessage({ id: r.status === 0 ? 'useradmin.role.enabled' : 'useradmin.role.disabled' })}
              </td>
              <td className="px-3 py-2">
                <button type="button" className={btn} data-testid="role-toggle" onClick={() => void toggle(r)}>
                  <FormattedMessage id="useradmin.role.toggle" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
