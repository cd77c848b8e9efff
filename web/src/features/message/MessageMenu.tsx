// The header's message menu: a red dot when anything is unread, and one link per tab with its badge (≤ 99).
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useDropdown } from '../../lib/useDropdown';
import { anyUnread, badgeText, unreadState } from '../../stores/unread';
import { MSG_TABS, TAB_INFO } from './message-api';

export function Badge({ n, testId }: { n: number; testId?: string }) {
  const text = badgeText(n);
  if (!text) return null;
  return (
    <span data-testid={testId} className="ml-2 rounded-full bg-red-500 px-1.5 text-xs leading-5 font-semibold text-white">
      {text}
    </span>
  );
}

export function MessageMenu() {
  const intl = useIntl();
  const { counts } = useSnapshot(unreadState);
  const { open, setOpen, ref } = useDropdown();
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        data-testid="message-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={intl.formatMessage({ id: 'message.menu.title' })}
        onClick={() => setOpen((o) => !o)}
        className="relative rounded px-2 py-1 text-lg text-slate-600 hover:bg-slate-100"
      >
        <span aria-hidden>✉</span>
        {anyUnread(counts) && <span data-testid="message-dot" className="absolute top-1 right-1 h-2 w-2 rounded-full bg-red-500" />}
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-30 mt-1 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {MSG_TABS.map((tab) => (
            <Link key={tab} role="menuitem" to={`/message/${tab}`} className="flex items-center justify-between px-4 py-2 text-sm text-slate-700 hover:bg-slate-100">
              <FormattedMessage id={`message.tab.${tab}`} />
              <Badge n={counts[TAB_INFO[tab].count]} testId={`message-badge-${tab}`} />
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
