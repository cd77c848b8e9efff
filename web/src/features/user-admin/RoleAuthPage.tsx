// /admin/role_auth: which permissions each role holds, stored in the database and checked by the server on every
// route; a save takes effect at once on every gateway (the page follows other admins' changes live on `access`).
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { topics, type RoleAuthVO } from '@oj/proto';
import { useLiveTopic } from '../../lib/useLiveTopic';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import { runChange } from './run-change';
import { roleAuth, setRoleAuth } from './user-admin-api';
import { card, input, primary } from './styles';

export function RoleAuthPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'useradmin.roleAuth.title' }));
  const [table, setTable] = useState<RoleAuthVO | null>(null);
  const [roleId, setRoleId] = useState(1002);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const latest = useLatestRead();
  const load = useCallback(() => latest(roleAuth(), setTable), [latest]);
  useEffect(() => void load(), [load]);
  useEffect(() => setPicked(new Set(table?.assigned[String(roleId)] ?? [])), [table, roleId]);
  useLiveTopic(topics.access(), { events: { 'access.changed': () => void load() }, onResync: () => void load() });

  const toggle = (id: number) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const save = () => runChange(intl, () => setRoleAuth(roleId, [...picked]), 'useradmin.roleAuth.saved', load);

  return (
    <section className={card}>
      <h1 className="mb-3 text-lg font-semibold text-slate-800">
        <FormattedMessage id="useradmin.roleAuth.title" />
      </h1>
      <label className="mb-3 flex items-center gap-2 text-sm text-slate-600">
        <FormattedMessage id="useradmin.roleAuth.role" />
        <select className={input} data-testid="role-auth-role" value={roleId} onChange={(e) => setRoleId(Number(e.target.value))}>
          {table?.roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.id} {r.role}
            </option>
          ))}
        </select>
      </label>
      <div className="mb-3 grid gap-1 sm:grid-cols-2 lg:grid-cols-3" data-testid="role-auth-list">
        {table?.auths.map((a) => (
          <label key={a.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" data-testid="role-auth-check" data-permission={a.permission} checked={picked.has(a.id)} onChange={() => toggle(a.id)} />
            <code>{a.permission}</code>
          </label>
        ))}
      </div>
      <button type="button" className={primary} data-testid="role-auth-save" onClick={() => void save()}>
        <FormattedMessage id="useradmin.roleAuth.save" />
      </button>
    </section>
  );
}
