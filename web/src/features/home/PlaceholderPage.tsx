// Pages of later features (training, contest, ranks…): a titled placeholder so the links work.
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/zh-CN';
import { usePageTitle } from '../../lib/usePageTitle';

export function PlaceholderPage({ title }: { title: MessageId }) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: title }));
  return (
    <div className="mx-auto max-w-screen-lg px-4 py-16 text-center" data-testid="placeholder">
      <h1 className="text-2xl font-bold text-slate-800">
        <FormattedMessage id={title} />
      </h1>
      <p className="mt-3 text-slate-500">
        <FormattedMessage id="placeholder.page.text" />
      </p>
    </div>
  );
}
