// The public discussion routes follow the site switch `openPublicDiscussion` (pushed live on the `site` topic): while
// it is off, anyone but an admin is sent to the home page with a No Access message, also while already on the page.
import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { isAdmin, sessionState } from '../../stores/session';
import { showToast, siteState } from '../../stores/ui';

export function DiscussionGate({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const site = useSnapshot(siteState);
  const session = useSnapshot(sessionState);
  const closed = site.config?.openPublicDiscussion === false && !isAdmin(session);
  useEffect(() => {
    if (closed) showToast('warning', intl.formatMessage({ id: 'discussion.gate.noAccess' }));
  }, [closed, intl]);
  return closed ? <Navigate to="/" replace /> : children;
}
