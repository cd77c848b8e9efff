// A login-required route without a token goes home, with the message and the login dialog (contests, groups).
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { openLoginDialog, showToast } from '../../stores/ui';

export function LoginRequired() {
  const intl = useIntl();
  useEffect(() => {
    showToast('warning', intl.formatMessage({ id: 'contest.shell.loginFirst' }));
    openLoginDialog('login');
  }, [intl]);
  return <Navigate to="/home" replace />;
}
