// /developer: what the system is built from, and the state of the realtime connection.
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { OWN_OJ } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import type { MessageId } from '../../i18n/zh-CN';
import { usePageTitle } from '../../lib/usePageTitle';
import { languagesState, loadLanguages } from '../../stores/languages';
import { connectionState } from '../../stores/ui';

const PARTS: MessageId[] = ['developer.page.web', 'developer.page.gateway', 'developer.page.judge'];

export function DeveloperPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'developer.page.title' }));
  const conn = useSnapshot(connectionState);
  const { list } = useSnapshot(languagesState);
  const own = list.filter((l) => l.oj === OWN_OJ);
  useEffect(() => void loadLanguages(), []);
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-800">
        <FormattedMessage id="developer.page.heading" />
      </h1>
      <p className="mt-2 text-slate-600">
        <FormattedMessage id="developer.page.text" />
      </p>
      <ul className="mt-6 space-y-2 rounded-lg border border-slate-200 bg-white p-5 text-sm text-slate-700">
        {PARTS.map((p) => (
          <li key={p}>
            <FormattedMessage id={p} />
          </li>
        ))}
        <li data-testid="socket-state" data-connected={conn.connected}>
          <FormattedMessage id="developer.page.socket" />:{' '}
          <span className={conn.connected ? 'text-green-700' : 'text-amber-700'}>
            <FormattedMessage id={conn.connected ? 'developer.page.connected' : 'developer.page.disconnected'} />
          </span>
        </li>
      </ul>
      <h2 className="mt-8 text-lg font-semibold text-slate-800">
        <FormattedMessage id="developer.page.languages" />
      </h2>
      <div className="mt-3 rounded-lg border border-slate-200 bg-white">
        <DataTable
          testId="developer-languages"
          data={{ records: own, total: own.length }}
          loading={false}
          columns={['developer.page.language', 'developer.page.compiler', 'developer.page.runner']}
          row={(l) => (
            <tr key={l.id} className="border-t border-slate-100">
              <td className="px-3 py-2">{l.name}</td>
              <td className="px-3 py-2 text-slate-600">{l.description}</td>
              <td className="px-3 py-2">
                <FormattedMessage id={l.available === false ? 'developer.page.noRunner' : 'developer.page.hasRunner'} />
              </td>
            </tr>
          )}
        />
      </div>
    </div>
  );
}
