// The admin area's frame: its own side menu (a drawer on phones) and a slim bar with the language switch, the
// signed-in admin, a way back to the site and logout; no site navigation. Pages render in the outlet.
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { Loading } from '../../components/Spinner';
import { sessionState } from '../../stores/session';
import { logout } from '../auth/auth-api';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { Toasts } from '../layout/Toasts';
import { visibleMenu } from './admin-menu';

function SideMenu({ onPick }: { onPick?: () => void }) {
  const { roles, permissions } = useSnapshot(sessionState);
  const menu = visibleMenu(roles, permissions);
  const link = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-3 py-2 text-sm ${isActive ? 'bg-blue-600 font-medium text-white' : 'text-slate-300 hover:bg-slate-700 hover:text-white'}`;
  return (
    <nav className="space-y-4 p-3" data-testid="admin-menu">
      {menu.map((g) => (
        <div key={g.label}>
          <div className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-400">
            <FormattedMessage id={g.label} />
          </div>
          {g.items.map((i) => (
            <NavLink key={i.path} to={i.path} end onClick={onPick} className={link} data-testid={`admin-menu-${i.path.slice(7).replace(/\//g, '-')}`}>
              <FormattedMessage id={i.label} />
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}

function Brand() {
  return (
    <Link to="/admin" className="block px-6 py-4 text-base font-semibold text-white">
      <FormattedMessage id="admin.layout.title" />
    </Link>
  );
}

export function AdminLayout() {
  const intl = useIntl();
  const { user } = useSnapshot(sessionState);
  const navigate = useNavigate();
  const location = useLocation();
  const [drawer, setDrawer] = useState(false);
  useEffect(() => setDrawer(false), [location.pathname]);

  const signOut = async () => {
    await logout();
    navigate('/admin/login', { replace: true });
  };

  return (
    <div className="flex min-h-screen bg-slate-100" data-testid="admin-layout">
      <aside className="hidden w-56 shrink-0 bg-slate-800 md:block">
        <Brand />
        <SideMenu />
      </aside>
      {drawer && (
        <div className="fixed inset-0 z-40 md:hidden" role="dialog" aria-modal="true" data-testid="admin-drawer">
          <button type="button" className="absolute inset-0 bg-black/40" aria-label={intl.formatMessage({ id: 'common.action.close' })} onClick={() => setDrawer(false)} />
          <aside className="relative h-full w-64 overflow-y-auto bg-slate-800 shadow-xl">
            <Brand />
            <SideMenu onPick={() => setDrawer(false)} />
          </aside>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-12 items-center gap-3 border-b border-slate-200 bg-white px-4">
          <button
            type="button"
            className="rounded border border-slate-300 px-2 py-1 text-sm md:hidden"
            data-testid="admin-drawer-open"
            aria-label={intl.formatMessage({ id: 'admin.layout.menu' })}
            onClick={() => setDrawer(true)}
          >
            ☰
          </button>
          <div className="flex-1" />
          <LanguageSwitch />
          <span className="hidden text-sm text-slate-600 sm:inline" data-testid="admin-username">
            {user?.username}
          </span>
          <Link to="/home" className="text-sm text-blue-600 hover:underline">
            <FormattedMessage id="admin.layout.backToSite" />
          </Link>
          <button type="button" className="text-sm text-slate-600 hover:text-red-600" data-testid="admin-logout" onClick={() => void signOut()}>
            <FormattedMessage id="admin.layout.logout" />
          </button>
        </header>
        <main className="min-w-0 flex-1 p-3 sm:p-5">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Toasts />
    </div>
  );
}
