// The problem page's resizable split on wide screens: a handle between statement and editor, dragged with the
// mouse or moved with the arrow keys; the left pane keeps at least 420 px and the right at least 580 px. Narrow
// screens stack the panes.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

export const LEFT_MIN = 420;
export const RIGHT_MIN = 580;
const HANDLE = 12;

/** The left pane's width for a wish `want` in a row `total` px wide (null: the row is too narrow to split). */
export function clampLeft(want: number, total: number): number | null {
  if (total < LEFT_MIN + RIGHT_MIN + HANDLE) return null;
  return Math.min(Math.max(want, LEFT_MIN), total - RIGHT_MIN - HANDLE);
}

export function SplitPanes({ left, right, className = '' }: { left: ReactNode; right: ReactNode; className?: string }) {
  const intl = useIntl();
  const row = useRef<HTMLDivElement>(null);
  const [wish, setWish] = useState<number | null>(null);
  const [total, setTotal] = useState(0);
  useEffect(() => {
    const el = row.current;
    if (!el) return undefined;
    const ro = new ResizeObserver(() => setTotal(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const width = clampLeft(wish ?? (total - HANDLE) / 2, total);

  const drag = (e: PointerEvent<HTMLDivElement>) => {
    const start = row.current?.getBoundingClientRect().left ?? 0;
    e.currentTarget.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) => setWish(ev.clientX - start);
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    if (width === null) return;
    if (e.key === 'ArrowLeft') setWish(width - 40);
    if (e.key === 'ArrowRight') setWish(width + 40);
  };

  if (width === null) {
    return (
      <div ref={row} className={`flex flex-col gap-4 ${className}`}>
        {left}
        {right}
      </div>
    );
  }
  return (
    <div ref={row} className={`flex ${className}`} data-testid="split-panes">
      <div className="min-w-0 shrink-0" style={{ width }} data-testid="split-left">
        {left}
      </div>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-valuenow={Math.round(width)}
        aria-label={intl.formatMessage({ id: 'problem.detail.resize' })}
        tabIndex={0}
        onPointerDown={drag}
        onKeyDown={key}
        className="mx-1 w-2.5 shrink-0 cursor-col-resize rounded bg-slate-200 hover:bg-blue-300 focus:bg-blue-400 focus:outline-none"
        data-testid="split-handle"
      />
      <div className="min-w-0 flex-1">{right}</div>
    </div>
  );
}
