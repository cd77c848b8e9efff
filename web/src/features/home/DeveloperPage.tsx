// /developer: what the system is built from, and the state of the realtime connection.
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { MessageId } from '../../i18n/zh-CN';
import { usePageTitle } from '../../lib/usePageTitle';
import { connectionState } from '../../stores/ui';

const PARTS: MessageId[] = ['developer.page.web', 'developer.page.gateway', 'developer.page.judge'];

export function DeveloperPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'developer.page.title' }));
  const conn = useSnapshot(connectionState);
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
    </div>
  );
}
