// The admin contest pages need login and an admin role: otherwise the prompt to log in
// with an administrator account and the login dialog.
import { useEffect } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { isAdmin, isLoggedIn, sessionState } from '../../../stores/session';
import { openLoginDialog, showToast } from '../../../stores/ui';

export function AdminGuard() {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  const loggedIn = isLoggedIn(session);
  const allowed = loggedIn && isAdmin(session);
  useEffect(() => {
    if (allowed) return;
    showToast('warning', intl.formatMessage({ id: 'contest.admin.loginByAdmin' }));
    // Logged out: offer the login at once; a logged-in non-admin keeps the session and sees the prompt.
    if (!loggedIn) openLoginDialog('login');
  }, [allowed, loggedIn, intl]);
  if (!allowed) {
    return (
      <div className="py-16 text-center text-slate-500" data-testid="admin-login-required">
        <FormattedMessage id="contest.admin.loginByAdmin" />
      </div>
    );
  }
  const link = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-3 py-2 text-sm ${isActive ? 'bg-blue-50 font-medium text-blue-700' : 'text-slate-600 hover:bg-slate-100'}`;
  return (
    <div className="mx-auto flex max-w-screen-2xl gap-4 px-4 py-6">
      <aside className="hidden w-44 shrink-0 md:block">
        <nav className="space-y-1 rounded-lg border border-slate-200 bg-white p-2">
          <NavLink to="/admin/contest" end className={link}>
            <FormattedMessage id="contest.admin.navList" />
          </NavLink>
          <NavLink to="/admin/contest/create" className={link} data-testid="admin-nav-create-contest">
            <FormattedMessage id="contest.admin.navCreate" />
          </NavLink>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
