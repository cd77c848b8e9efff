// How many of the desktop bar's links fit in one line: all of them, or the first k beside a "More" button that holds
// the rest. Pure, so the arithmetic is tested without a browser (nav-fit.test.ts).

/** The gap between two items of the bar, px (Tailwind `gap-1`). */
const NAV_GAP = 4;

export function linksThatFit(widths: readonly number[], moreWidth: number, available: number, gap = NAV_GAP): number {
  const all = widths.reduce((a, w) => a + w, 0) + gap * Math.max(0, widths.length - 1);
  if (all <= available) return widths.length;
  let used = moreWidth;
  let k = 0;
  while (k < widths.length && used + gap + widths[k]! <= available) {
    used += gap + widths[k]!;
    k++;
  }
  return k;
}
