// The dashboard's remote judges panel: per site the last verdict it gave, its remote submissions in progress and its
// accounts, and the accounts set aside after a refused login with the site's reason. Live with the dashboard's
// other panels (`remote` of the snapshot and of `dashboard.live`). Data attributes carry the raw values for tests.
import { FormattedMessage } from 'react-intl';
import type { RemoteJudgeStatus } from '@oj/proto';
import { TableHead } from '../../../components/TableHead';
import { formatDateTime } from '../../../lib/format';

const td = 'px-2 py-1.5 text-sm text-slate-700';

export function RemoteJudgePanel({ status }: { status: RemoteJudgeStatus }) {
  const failing = status.accounts.filter((a) => a.failing);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="dashboard-remote">
      <h2 className="mb-3 font-medium text-slate-700">
        <FormattedMessage id="remoteAdmin.status.title" />
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full">
          <TableHead columns={['remoteAdmin.status.site', 'remoteAdmin.status.lastSuccess', 'remoteAdmin.status.queue', 'remoteAdmin.status.accounts', 'remoteAdmin.status.failing']} />
          <tbody>
            {status.sites.map((s) => (
              <tr key={s.oj} data-testid="dashboard-remote-site" data-oj={s.oj} data-queue={s.queue} data-accounts={s.accounts} data-failing={s.failingAccounts.length} data-last={s.lastSuccess ?? ''} className="border-b border-slate-50">
                <td className={`${td} font-mono`}>{s.oj}</td>
                <td className={td}>{s.lastSuccess === null ? <FormattedMessage id="remoteAdmin.status.never" /> : formatDateTime(s.lastSuccess)}</td>
                <td className={`${td} tabular-nums`}>{s.queue}</td>
                <td className={`${td} tabular-nums`}>{s.accounts}</td>
                <td className={`${td} tabular-nums ${s.failingAccounts.length > 0 ? 'text-red-600' : ''}`}>{s.failingAccounts.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {failing.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm" data-testid="dashboard-remote-failing">
          {failing.map((a) => (
            <li key={`${a.site}/${a.username}`} data-testid="dashboard-remote-failing-account" data-username={a.username} className="text-red-700">
              <FormattedMessage id="remoteAdmin.status.failingAccount" values={{ site: a.site, username: a.username, reason: a.lastError ?? '' }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
