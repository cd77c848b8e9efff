// A small windowing list: fixed row height, only the rows in view (plus a margin) are in the DOM, each placed
// with a transform so a row that changes place glides there (keys are stable per row).
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { visibleRange } from './virtual-range';

interface Props {
  count: number;
  rowHeight: number;
  /** Largest height of the scrolling viewport (px); shorter lists take only their own height. */
  maxHeight: number;
  /** Content width (px): the viewport scrolls sideways when narrower. */
  width: number;
  header: ReactNode;
  headerHeight: number;
  /** Stable key of the row at `index` (a row keeps its DOM node when it moves). */
  rowKey: (index: number) => string;
  renderRow: (index: number) => ReactNode;
  overscan?: number;
  /** Told the rows in view (plus the margin) whenever they change: a list that loads rows as it scrolls reads them. */
  onRange?: (start: number, end: number) => void;
  testId?: string;
  className?: string;
  rowClassName?: string;
}

export function VirtualRows({ count, rowHeight, maxHeight, width, header, headerHeight, rowKey, renderRow, overscan = 8, onRange, testId, className, rowClassName }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(maxHeight);
  const frame = useRef<number | null>(null);

  const height = Math.min(maxHeight, headerHeight + count * rowHeight + 2);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setViewport(el.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setViewport(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const onScroll = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (ref.current) setScrollTop(ref.current.scrollTop);
    });
  };

  const { start, end } = visibleRange(count, rowHeight, Math.max(0, scrollTop - headerHeight), viewport, overscan);
  useEffect(() => onRange?.(start, end), [onRange, start, end]);
  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    rows.push(
      <div
        key={rowKey(i)}
        className={rowClassName}
        style={{ position: 'absolute', left: 0, top: 0, width: '100%', height: rowHeight, transform: `translateY(${i * rowHeight}px)` }}
      >
        {renderRow(i)}
      </div>,
    );
  }

  return (
    <div ref={ref} data-testid={testId} className={className} style={{ height, overflow: 'auto', position: 'relative' }} onScroll={onScroll}>
      <div style={{ width, minWidth: '100%' }}>
        <div style={{ position: 'sticky', top: 0, zIndex: 3, height: headerHeight }}>{header}</div>
        <div role="rowgroup" style={{ position: 'relative', height: count * rowHeight }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
