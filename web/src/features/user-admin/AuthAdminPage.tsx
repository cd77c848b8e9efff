// /admin/auth: the permission strings (the server's own, e.g. `submit`, `user_admin`, the education side's
// `course_learn`, `lesson_add`, …, and any an admin adds), their description and status.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuthVO } from '@oj/proto';
import { useLatestRead } from '../../lib/useLatestRead';
import { usePageTitle } from '../../lib/usePageTitle';
import { runChange } from './run-change';
import { authList, saveAuth } from './user-admin-api';
import { card, input, primary } from './styles';

export function AuthAdminPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'useradmin.auth.title' }));
  const [auths, setAuths] = useState<AuthVO[] | null>(null);
  const [draft, setDraft] = useState({ permission: '', description: '' });
  const latest = useLatestRead();
  const load = useCallback(() => latest(authList(), setAuths), [latest]);
  useEffect(() => void load(), [load]);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await runChange(intl, () => saveAuth({ permission: draft.permission.trim(), description: draft.description.trim() || null }), 'useradmin.auth.saved', load);
    if (saved) setDraft({ permission: '', description: '' });
  };
  return (
    <section className={card}>
      <h1 className="mb-3 text-lg font-semibold text-slate-800">
        <FormattedMessage id="useradmin.auth.title" />
      </h1>
      <form className="mb-3 flex flex-wrap gap-2" onSubmit={(e) => void add(e)}>
        <input className={input} data-testid="auth-new-permission" pattern="[a-z][a-z0-9_]*" required placeholder={intl.formatMessage({ id: 'useradmin.auth.permission' })} value={draft.permission} onChange={(e) => setDraft({ ...draft, permission: e.target.value })} />
        <input className={input} placeholder={intl.formatMessage({ id: 'useradmin.role.description' })} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
        <button type="submit" className={primary} data-testid="auth-add">
          <FormattedMessage id="useradmin.auth.add" />
        </button>
      </form>
      <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3" data-testid="auth-list">
        {auths?.map((a) => (
          <li key={a.id} className="flex items-center gap-2 rounded border border-slate-200 px-2 py-1 text-sm" data-testid="auth-item" data-permission={a.permission}>
            <code>{a.permission}</code>
            <span className="text-xs text-slate-500">{a.description}</span>
            {a.status !== 0 && <span className="text-xs text-red-600">{intl.formatMessage({ id: 'useradmin.role.disabled' })}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
