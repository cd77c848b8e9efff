// /logout: ends the session and goes to /home.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { Loading } from '../../components/Spinner';
import { showToast } from '../../stores/ui';
import { logout } from './auth-api';

export function LogoutPage() {
  const navigate = useNavigate();
  const intl = useIntl();
  useEffect(() => {
    let live = true;
    void logout().then(() => {
      if (!live) return;
      showToast('success', intl.formatMessage({ id: 'auth.message.loggedOut' }));
      navigate('/home', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate, intl]);
  return <Loading />;
}
