// The start of "today" and of "this week" (Monday, as ISO weeks and Chinese calendars count) in an IANA time
// zone, as instants: the dashboard counts submissions and users from them.

/** Whether `tz` is a time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock parts of `at` in `tz`. */
function wallParts(at: number, tz: string): { y: number; m: number; d: number; hh: number; mm: number; ss: number; weekday: number } {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  });
  const p = Object.fromEntries(fmt.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday ?? '');
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), hh: Number(p.hour), mm: Number(p.minute), ss: Number(p.second), weekday };
}

/** The offset of `tz` from UTC at `at`, in ms (east positive). */
function offsetAt(at: number, tz: string): number {
  const w = wallParts(at, tz);
  return Date.UTC(w.y, w.m - 1, w.d, w.hh, w.mm, w.ss) - Math.floor(at / 1000) * 1000;
}

/** The instant at which the wall clock of `tz` shows midnight of y-m-d (twice corrected for a DST change that day). */
function midnight(y: number, m: number, d: number, tz: string): number {
  const wall = Date.UTC(y, m - 1, d);
  let at = wall - offsetAt(wall, tz);
  at = wall - offsetAt(at, tz);
  return at;
}

/** Midnight today and midnight of this week's Monday in `tz`, as epoch ms. */
export function dayAndWeekStart(tz: string, now = Date.now()): { today: number; week: number } {
  const w = wallParts(now, tz);
  const back = (w.weekday + 6) % 7; // days since Monday
  const monday = new Date(Date.UTC(w.y, w.m - 1, w.d - back));
  return { today: midnight(w.y, w.m, w.d, tz), week: midnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), tz) };
}
