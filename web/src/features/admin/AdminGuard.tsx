// The guards of the admin area: login with an admin role for every /admin page (otherwise the admin login, with
// Please_login_first_by_admin_account), and super admin (root) for the pages the spec keeps to root.
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { ROLE } from '@oj/proto';
import { isAdmin, isLoggedIn, sessionState } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { adminHome, isSiteAdmin } from './admin-menu';

/** Where the admin login sends the caller back to. */
export interface AdminLoginState {
  from?: string;
}

export function AdminGuard({ children }: { children: React.ReactNode }) {
  const session = useSnapshot(sessionState);
  const location = useLocation();
  const intl = useIntl();
  const allowed = isLoggedIn(session) && isAdmin(session);
  const warned = useRef(false);
  useEffect(() => {
    if (allowed || warned.current) return;
    warned.current = true;
    showToast('warning', intl.formatMessage({ id: 'admin.login.required' }));
  }, [allowed, intl]);
  if (!allowed) {
    const state: AdminLoginState = { from: location.pathname + location.search };
    return <Navigate to="/admin/login" replace state={state} />;
  }
  return <>{children}</>;
}

/** Children only for super admins; other admins go back to the admin home with a no-access notice. */
export function SuperAdminGuard() {
  const session = useSnapshot(sessionState);
  const intl = useIntl();
  const root = session.roles.includes(ROLE.ROOT);
  useEffect(() => {
    if (!root) showToast('warning', intl.formatMessage({ id: 'admin.login.superAdminOnly' }));
  }, [root, intl]);
  return root ? <Outlet /> : <Navigate to={adminHome(session.roles)} replace />;
}

/** Children only for root and admins; a problem admin goes back to the problem bank with a no-access notice. */
export function SiteAdminGuard() {
  const session = useSnapshot(sessionState);
  const intl = useIntl();
  const allowed = isSiteAdmin(session.roles);
  useEffect(() => {
    if (!allowed) showToast('warning', intl.formatMessage({ id: 'admin.login.siteAdminOnly' }));
  }, [allowed, intl]);
  return allowed ? <Outlet /> : <Navigate to={adminHome(session.roles)} replace />;
}
