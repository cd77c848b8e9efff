// /introduction: the four feature cards of the original product, each marked available.
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/zh-CN';
import { usePageTitle } from '../../lib/usePageTitle';

const FEATURES: [MessageId, MessageId][] = [
  ['intro.feature.distributed', 'intro.feature.distributedText'],
  ['intro.feature.customization', 'intro.feature.customizationText'],
  ['intro.feature.security', 'intro.feature.securityText'],
  ['intro.feature.diversity', 'intro.feature.diversityText'],
];

export function IntroductionPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'intro.page.title' }));
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-800">
        <FormattedMessage id="intro.page.heading" />
      </h1>
      <p className="mt-2 text-slate-600">
        <FormattedMessage id="intro.page.text" />
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {FEATURES.map(([title, text]) => (
          <div key={title} className="rounded-lg border border-slate-200 bg-white p-5">
            <div className="flex items-center justify-between">
              <h2 className="font-semibold text-slate-800">
                <FormattedMessage id={title} />
              </h2>
              <span className="rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">
                <FormattedMessage id="intro.page.available" />
              </span>
            </div>
            <p className="mt-2 text-sm text-slate-600">
              <FormattedMessage id={text} />
            </p>
          </div>
        ))}
      </div>
    </div>
  );
}
