// Sets `document.title` to "Title - ShortName".
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { siteState } from '../stores/ui';

export function usePageTitle(title: string): void {
  const intl = useIntl();
  const site = useSnapshot(siteState);
  const shortName = site.config?.shortName || intl.formatMessage({ id: 'app.meta.defaultShortName' });
  useEffect(() => {
    document.title = title ? `${title} - ${shortName}` : shortName;
  }, [title, shortName]);
}
