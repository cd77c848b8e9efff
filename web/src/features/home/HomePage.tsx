// /home: a welcome with links to the problems and the live status list.
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { MessageId } from '../../i18n/zh-CN';
import { usePageTitle } from '../../lib/usePageTitle';
import { siteState } from '../../stores/ui';

const CARDS: [MessageId, MessageId][] = [
  ['home.page.realtimeTitle', 'home.page.realtimeText'],
  ['home.page.sandboxTitle', 'home.page.sandboxText'],
  ['home.page.languagesTitle', 'home.page.languagesText'],
];

export function HomePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'home.page.title' }));
  const { config } = useSnapshot(siteState);
  const name = config?.name || intl.formatMessage({ id: 'app.meta.defaultName' });
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-10">
      <section className="rounded-xl bg-gradient-to-r from-blue-600 to-indigo-600 px-8 py-12 text-white shadow">
        <h1 className="text-3xl font-bold">
          <FormattedMessage id="home.page.welcome" values={{ name }} />
        </h1>
        <p className="mt-3 max-w-2xl text-blue-100">{config?.description || intl.formatMessage({ id: 'home.page.intro' })}</p>
        <div className="mt-6 flex gap-3">
          <Link to="/problem" className="rounded bg-white px-4 py-2 text-sm font-medium text-blue-700 hover:bg-blue-50">
            <FormattedMessage id="home.page.toProblems" />
          </Link>
          <Link to="/status" className="rounded border border-white/70 px-4 py-2 text-sm font-medium text-white hover:bg-white/10">
            <FormattedMessage id="home.page.toStatus" />
          </Link>
        </div>
      </section>
      <section className="mt-8 grid gap-4 md:grid-cols-3">
        {CARDS.map(([title, text]) => (
          <div key={title} className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-slate-800">
              <FormattedMessage id={title} />
            </h2>
            <p className="mt-2 text-sm text-slate-600">
              <FormattedMessage id={text} />
            </p>
          </div>
        ))}
      </section>
    </div>
  );
}
