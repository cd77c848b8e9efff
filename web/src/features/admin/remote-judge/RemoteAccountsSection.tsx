// The remote judges' accounts in the switch config (/admin/switch): per site a list of username and password.
// Passwords never come back from the server: an account already saved shows an empty password field, and leaving it
// empty keeps the stored one; a new account needs one. An account set aside after a refused login shows why;
// saving it again makes it usable.
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { REMOTE_ACCOUNT_SITES, type RemoteAccountLists, type RemoteAccountSite, type RemoteAccountStatus } from '@oj/proto';
import { getRemoteJudgeStatus } from './remote-admin-api';

const SITE_NAMES: Record<RemoteAccountSite, string> = { hdu: 'HDU', cf: 'Codeforces / Gym', poj: 'POJ', atcoder: 'AtCoder', spoj: 'SPOJ', libreoj: 'LibreOJ' };
const input = 'rounded border border-slate-300 px-2 py-1 text-sm';

export function RemoteAccountsSection({ value, onChange }: { value: RemoteAccountLists; onChange: (v: RemoteAccountLists) => void }) {
  const [status, setStatus] = useState<RemoteAccountStatus[]>([]);
  // The names the server has (their password may stay empty), as loaded with the page.
  const [saved] = useState(() => new Set(REMOTE_ACCOUNT_SITES.flatMap((s) => (value[`${s}UsernameList`] ?? []).map((u) => `${s}/${u}`))));
  useEffect(() => {
    getRemoteJudgeStatus().then((s) => setStatus(s.accounts), () => undefined);
  }, []);
  return (
    <fieldset className="space-y-3 border-t border-slate-100 pt-3" data-testid="remote-accounts">
      <legend className="text-sm font-semibold text-slate-800">
        <FormattedMessage id="remoteAdmin.accounts.title" />
      </legend>
      <p className="text-xs text-slate-500">
        <FormattedMessage id="remoteAdmin.accounts.hint" />
      </p>
      {REMOTE_ACCOUNT_SITES.map((site) => (
        <SiteAccounts key={site} site={site} value={value} onChange={onChange} saved={saved} status={status.filter((a) => a.site === site)} />
      ))}
    </fieldset>
  );
}

function SiteAccounts(props: { site: RemoteAccountSite; value: RemoteAccountLists; onChange: (v: RemoteAccountLists) => void; saved: Set<string>; status: RemoteAccountStatus[] }) {
  const { site, value, onChange, saved, status } = props;
  const intl = useIntl();
  const names = value[`${site}UsernameList`] ?? [];
  const passwords = value[`${site}PasswordList`] ?? [];
  const set = (n: string[], p: string[]) => onChange({ ...value, [`${site}UsernameList`]: n, [`${site}PasswordList`]: p });
  const edit = (i: number, name: string, password: string) => set(names.map((x, j) => (j === i ? name : x)), names.map((_, j) => (j === i ? password : (passwords[j] ?? ''))));
  const remove = (i: number) => set(names.filter((_, j) => j !== i), names.map((_, j) => passwords[j] ?? '').filter((_, j) => j !== i));
  return (
    <div className="space-y-1" data-testid={`remote-accounts-${site}`}>
      <div className="flex items-center gap-2 text-sm font-medium text-slate-700">
        {SITE_NAMES[site]}
        <button type="button" data-testid={`remote-accounts-${site}-add`} onClick={() => set([...names, ''], [...names.map((_, j) => passwords[j] ?? ''), ''])} className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-600 hover:border-blue-400 hover:text-blue-600">
          <FormattedMessage id="remoteAdmin.accounts.add" />
        </button>
      </div>
      {names.length === 0 && (
        <p className="text-xs text-slate-400">
          <FormattedMessage id="remoteAdmin.accounts.none" />
        </p>
      )}
      {names.map((name, i) => {
        const known = saved.has(`${site}/${name.trim()}`);
        const failing = status.find((a) => a.username === name.trim() && a.failing);
        return (
          <div key={i} className="flex flex-wrap items-center gap-2" data-testid="remote-account-row">
            <input className={`${input} w-44`} data-testid="remote-account-username" aria-label={intl.formatMessage({ id: 'remoteAdmin.accounts.username' })} placeholder={intl.formatMessage({ id: 'remoteAdmin.accounts.username' })} value={name} onChange={(e) => edit(i, e.target.value, passwords[i] ?? '')} />
            <input
              className={`${input} w-44`}
              type="password"
              autoComplete="new-password"
              data-testid="remote-account-password"
              aria-label={intl.formatMessage({ id: 'remoteAdmin.accounts.password' })}
              placeholder={intl.formatMessage({ id: known ? 'remoteAdmin.accounts.keep' : 'remoteAdmin.accounts.password' })}
              value={passwords[i] ?? ''}
              onChange={(e) => edit(i, name, e.target.value)}
            />
            <button type="button" data-testid="remote-account-remove" onClick={() => remove(i)} className="rounded border border-red-300 px-2 py-0.5 text-xs text-red-600 hover:bg-red-50">
              <FormattedMessage id="remoteAdmin.accounts.remove" />
            </button>
            {failing && (
              <span className="text-xs text-red-600" data-testid="remote-account-failing">
                <FormattedMessage id="remoteAdmin.accounts.failing" values={{ reason: failing.lastError ?? '' }} />
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
