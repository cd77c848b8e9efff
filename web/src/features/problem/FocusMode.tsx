// Focus mode of a problem opened inside a contest or a training (spec: the full-screen route with a horizontal problem
// navigation bar, the current problem marked): the page's root outside the site layout, its frame, and the bar.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { MessageId } from '../../i18n/zh-CN';
import { isLoggedIn, sessionState } from '../../stores/session';
import { LoginDialogHost } from '../auth/LoginDialogHost';
import { Toasts } from '../layout/Toasts';

export interface ProblemNavItem {
  key: string;
  to: string;
  current: boolean;
  /** What the item shows (a balloon, a status mark, the id). */
  label: ReactNode;
}

export function ProblemNavBar({ items, testId }: { items: readonly ProblemNavItem[]; testId: string }) {
  return (
    <nav className="flex min-w-0 flex-1 gap-1 overflow-x-auto" data-testid={testId}>
      {items.map((p) => (
        <Link
          key={p.key}
          to={p.to}
          aria-current={p.current ? 'page' : undefined}
          data-testid={`${testId}-item`}
          className={`inline-flex shrink-0 items-center gap-1 rounded px-2 py-1 font-mono ${p.current ? 'bg-blue-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          {p.label}
        </Link>
      ))}
    </nav>
  );
}

/** The full-screen page outside the site layout: it brings its own toasts and login dialog; logged out, `loggedOut`. */
export function FullScreenRoot({ children, loggedOut }: { children: ReactNode; loggedOut: ReactNode }) {
  const session = useSnapshot(sessionState);
  return (
    <>
      {isLoggedIn(session) ? children : loggedOut}
      <Toasts />
      <LoginDialogHost />
    </>
  );
}

/** The window-high frame: the exit link and the navigation bar above, the workspace below. */
export function FullScreenFrame(p: { testId: string; exit: { to: string; testId: string; label: MessageId }; bar: ReactNode; children: ReactNode }) {
  return (
    <div className="flex h-screen flex-col bg-slate-50" data-testid={p.testId}>
      <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 text-sm">
        <Link to={p.exit.to} className="text-blue-600 hover:underline" data-testid={p.exit.testId}>
          ← <FormattedMessage id={p.exit.label} />
        </Link>
        {p.bar}
      </div>
      <div className="min-h-0 flex-1">{p.children}</div>
    </div>
  );
}
