// The desktop bar's links in one line: as many as fit, in order, and the rest under "More ▾", so that no link is cut
// off at the bar's edge whatever the language, the window width or the caller's links. Each link's width is measured
// once per language and set of links (every link drawn in a pass before paint); the bar's width is followed.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { matchPath, NavLink as RouterNavLink, useLocation } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDropdown } from '../../lib/useDropdown';
import type { NavLink } from './nav-links';
import { linksThatFit } from './nav-fit';

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-3 py-2 text-sm whitespace-nowrap ${isActive ? 'bg-blue-50 font-medium text-blue-700' : 'text-slate-600 hover:text-blue-600'}`;

interface Measured {
  key: string;
  widths: number[];
  more: number;
}

export function PriorityNav({ links }: { links: readonly NavLink[] }) {
  const intl = useIntl();
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const moreRef = useRef<HTMLButtonElement>(null);
  const key = `${intl.locale}|${links.map((l) => l.to).join(' ')}`;
  const [measured, setMeasured] = useState<Measured | null>(null);
  const [available, setAvailable] = useState(0);
  const measuring = measured?.key !== key;

  // The measuring pass: every link and the More button drawn, their widths taken before the browser paints. The
  // active link is bold, so each width is taken as the wider of its two looks (+2 px).
  // A hidden bar (narrow windows show the drawer) has no widths: it is measured when it shows.
  useLayoutEffect(() => {
    if (!measuring || available === 0) return;
    const widths = links.map((_, i) => Math.ceil(itemRefs.current[i]?.getBoundingClientRect().width ?? 0) + 2);
    setMeasured({ key, widths, more: Math.ceil(moreRef.current?.getBoundingClientRect().width ?? 0) + 2 });
  }, [measuring, key, links, available]);

  useLayoutEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const follow = () => setAvailable(nav.clientWidth);
    follow();
    const observer = new ResizeObserver(follow);
    observer.observe(nav);
    return () => observer.disconnect();
  }, []);

  const shown = measuring || !measured ? links.length : linksThatFit(measured.widths, measured.more, available);
  const rest = measuring ? [] : links.slice(shown);
  const restActive = rest.some((l) => matchPath({ path: l.to, end: false }, location.pathname));

  return (
    <nav ref={navRef} data-testid="site-nav" className="hidden min-w-0 flex-1 items-center gap-1 nav:flex">
      {links.slice(0, shown).map((l, i) => (
        <RouterNavLink
          key={l.to}
          to={l.to}
          ref={(e) => {
            itemRefs.current[i] = e;
          }}
          className={(s) => `${navLinkClass(s)} ${measuring ? 'font-medium' : ''}`}
        >
          <FormattedMessage id={l.label} />
        </RouterNavLink>
      ))}
      {(measuring || rest.length > 0) && <MoreMenu links={rest} active={restActive} buttonRef={moreRef} />}
    </nav>
  );
}

function MoreMenu({ links, active, buttonRef }: { links: readonly NavLink[]; active: boolean; buttonRef: RefObject<HTMLButtonElement | null> }) {
  const { open, setOpen, ref } = useDropdown();
  const item = ({ isActive }: { isActive: boolean }) => `block px-4 py-2 text-sm whitespace-nowrap hover:bg-slate-100 ${isActive ? 'font-medium text-blue-700' : 'text-slate-700'}`;
  return (
    <div ref={ref} className="relative">
      <button
        ref={buttonRef}
        type="button"
        data-testid="nav-more"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className={`${navLinkClass({ isActive: active })} font-medium`}
      >
        <FormattedMessage id="layout.header.more" /> <span aria-hidden>▾</span>
      </button>
      {open && (
        <div role="menu" data-testid="nav-more-menu" className="absolute left-0 z-40 mt-1 min-w-40 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {links.map((l) => (
            <RouterNavLink key={l.to} to={l.to} role="menuitem" className={item}>
              <FormattedMessage id={l.label} />
            </RouterNavLink>
          ))}
        </div>
      )}
    </div>
  );
}
