// /admin/login (open): the login form against /api/admin/login, which refuses non-admin accounts; an admin already
// signed in goes straight on. Reached from the guards with Please_login_first_by_admin_account.
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { usePageTitle } from '../../lib/usePageTitle';
import { isAdmin, isLoggedIn, sessionState } from '../../stores/session';
import { LoginForm } from '../auth/LoginDialog';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { Toasts } from '../layout/Toasts';
import { adminHome } from './admin-menu';
import type { AdminLoginState } from './AdminGuard';

export function AdminLoginPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.login.title' }));
  const session = useSnapshot(sessionState);
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as AdminLoginState | null)?.from;
  const targetFor = (roles: readonly string[]) => (from && from.startsWith('/admin') && !from.startsWith('/admin/login') ? from : adminHome(roles));
  if (isLoggedIn(session) && isAdmin(session)) return <Navigate to={targetFor(session.roles)} replace />;
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-100 px-4" data-testid="admin-login-page">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow">
        <div className="mb-4 flex items-center justify-between">
          <h1 className="text-lg font-semibold text-slate-800">
            <FormattedMessage id="admin.login.title" />
          </h1>
          <LanguageSwitch />
        </div>
        {from && (
          <p className="mb-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="admin-login-required">
            <FormattedMessage id="admin.login.required" />
          </p>
        )}
        {/* The roles just signed in with, not those of the render before the login. */}
        <LoginForm admin onDone={() => navigate(targetFor(sessionState.roles), { replace: true })} />
      </div>
      <Toasts />
    </div>
  );
}
