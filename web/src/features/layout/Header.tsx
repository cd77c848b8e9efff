// Top navigation: links (those that do not fit under More, PriorityNav.tsx), Login/Register or the user menu, language
// toggle; a drawer under 992 px.
import { useEffect, useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { isAdmin, isLoggedIn, sessionState } from '../../stores/session';
import { openLoginDialog, siteState } from '../../stores/ui';
import { MessageMenu } from '../message/MessageMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { NAV_LINKS } from './nav-links';
import { navLinkClass, PriorityNav } from './PriorityNav';
import { useDropdown } from '../../lib/useDropdown';

function useVisibleLinks() {
  const site = useSnapshot(siteState);
  const session = useSnapshot(sessionState);
  return NAV_LINKS.filter((l) => (!l.needsDiscussion || site.config?.openPublicDiscussion !== false) && (!l.desktopPermission || session.permissions.includes(l.desktopPermission)));
}

function UserMenu() {
  const session = useSnapshot(sessionState);
  const { open, setOpen, ref } = useDropdown();
  const user = session.user;
  if (!user) return null;
  const item = 'block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100';
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        data-testid="user-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100"
      >
        {/* From the session store, which the avatar upload updates: the new picture shows at once. */}
        {user.avatar ? (
          <img data-testid="header-avatar" src={user.avatar} alt="" className="h-7 w-7 rounded-full object-cover" />
        ) : (
          <span className="flex h-7 w-7 items-center justify-center rounded-full bg-blue-600 text-xs font-semibold text-white uppercase">
            {user.username.slice(0, 1)}
          </span>
        )}
        <span className="max-w-32 truncate">{user.username}</span>
        <span aria-hidden>▾</span>
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-30 mt-1 w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          <Link role="menuitem" className={item} to={`/user-home?uid=${encodeURIComponent(user.uid)}&username=${encodeURIComponent(user.username)}`}>
            <FormattedMessage id="layout.header.userHome" />
          </Link>
          <Link role="menuitem" className={item} to="/status?onlyMine=true">
            <FormattedMessage id="layout.header.mySubmissions" />
          </Link>
          <Link role="menuitem" className={item} to="/setting">
            <FormattedMessage id="layout.header.setting" />
          </Link>
          {isAdmin(session) && (
            <a role="menuitem" className={item} href="/admin" target="_blank" rel="noreferrer">
              <FormattedMessage id="layout.header.admin" />
            </a>
          )}
          <Link role="menuitem" className={item} to="/logout" data-testid="logout-link">
            <FormattedMessage id="layout.header.logout" />
          </Link>
        </div>
      )}
    </div>
  );
}

function AuthButtons() {
  const site = useSnapshot(siteState);
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        data-testid="login-open"
        onClick={() => openLoginDialog('login')}
        className="rounded border border-blue-600 px-3 py-1 text-sm text-blue-600 hover:bg-blue-50"
      >
        <FormattedMessage id="layout.header.login" />
      </button>
      {site.config?.register !== false && (
        <button
          type="button"
          data-testid="register-open"
          onClick={() => openLoginDialog('register')}
          className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700"
        >
          <FormattedMessage id="layout.header.register" />
        </button>
      )}
    </div>
  );
}

export function Header() {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  const site = useSnapshot(siteState);
  const links = useVisibleLinks();
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  useEffect(() => setDrawer(false), [location.pathname]);
  const name = site.config?.shortName || intl.formatMessage({ id: 'app.meta.defaultShortName' });

  return (
    <header data-testid="site-header" className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-4 px-4">
        <button
          type="button"
          className="rounded p-2 text-slate-600 hover:bg-slate-100 nav:hidden"
          aria-label={intl.formatMessage({ id: 'layout.header.openMenu' })}
          aria-expanded={drawer}
          onClick={() => setDrawer((d) => !d)}
        >
          ☰
        </button>
        <Link to="/home" className="text-lg font-bold text-blue-700">
          {name}
        </Link>
        <PriorityNav links={links} />
        <div className="ml-auto flex items-center gap-3">
          <div className="hidden sm:block">
            <LanguageSwitch />
          </div>
          {isLoggedIn(session) && <MessageMenu />}
          {isLoggedIn(session) ? <UserMenu /> : <AuthButtons />}
        </div>
      </div>
      {drawer && (
        <nav className="border-t border-slate-200 bg-white px-4 py-2 nav:hidden" data-testid="mobile-drawer">
          <div className="flex flex-col">
            {links
              .filter((l) => !l.desktopPermission)
              .map((l) => (
              <RouterNavLink key={l.to} to={l.to} className={navLinkClass}>
                <FormattedMessage id={l.label} />
              </RouterNavLink>
            ))}
          </div>
          <LanguageSwitch className="px-3 py-2" />
        </nav>
      )}
    </header>
  );
}
