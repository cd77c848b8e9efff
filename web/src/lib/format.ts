// Display helpers: local date-time as YYYY-MM-DD HH:mm:ss, relative time, memory and percentages.

const pad = (n: number) => String(n).padStart(2, '0');

/** Local time as `YYYY-MM-DD HH:mm:ss`; the input as given when it is not a date. */
export function formatDateTime(input: string | number | Date): string {
  const d = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(d.getTime())) return String(input);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/** The largest whole unit between `then` and `now`, negative for the past (feeds Intl.RelativeTimeFormat). */
export function relativeTime(then: string | number | Date, now: number = Date.now()): { value: number; unit: RelativeUnit } {
  const t = (then instanceof Date ? then : new Date(then)).getTime();
  const diffS = Math.round((t - now) / 1000);
  const abs = Math.abs(diffS);
  const steps: [RelativeUnit, number][] = [
    ['year', 365 * 86_400],
    ['month', 30 * 86_400],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) if (abs >= size) return { value: Math.trunc(diffS / size), unit };
  return { value: diffS, unit: 'second' };
}

/** Memory in KB, switched to MB once large. */
export function formatMemoryKb(kb: number | null | undefined): string {
  if (kb === null || kb === undefined) return '--';
  return kb >= 10_240 ? `${(kb / 1024).toFixed(1)} MB` : `${kb} KB`;
}

export function formatTimeMs(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '--' : `${ms} ms`;
}

/** `part / total` as a percentage with two decimals; '0.00%' when nothing was submitted. */
export function percent(part: number, total: number): string {
  return total > 0 ? `${((part / total) * 100).toFixed(2)}%` : '0.00%';
}
