// Which rows of a fixed-height list are in view: the window of VirtualRows, kept pure for testing.

export function visibleRange(count: number, rowHeight: number, scrollTop: number, viewport: number, overscan: number): { start: number; end: number } {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewport)) / rowHeight);
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.max(0, Math.min(count, last + overscan)) };
}
