import { describe, expect, it } from 'vitest';
import { dayAndWeekStart, isTimeZone } from './time-zone';

describe('dayAndWeekStart', () => {
  it('gives midnight of the day and of Monday in the zone', () => {
    // Wednesday 2024-05-15 01:30 in Shanghai is Tuesday 17:30 UTC.
    const now = Date.parse('2024-05-14T17:30:00Z');
    expect(dayAndWeekStart('Asia/Shanghai', now)).toEqual({ today: Date.parse('2024-05-14T16:00:00Z'), week: Date.parse('2024-05-12T16:00:00Z') });
    expect(dayAndWeekStart('UTC', now)).toEqual({ today: Date.parse('2024-05-14T00:00:00Z'), week: Date.parse('2024-05-13T00:00:00Z') });
  });

  it('counts a Sunday in the week that began the Monday before, and follows a DST change', () => {
    const sunday = Date.parse('2024-03-31T12:00:00Z'); // Europe/Berlin moved to summer time at 01:00 UTC that day
    const { today, week } = dayAndWeekStart('Europe/Berlin', sunday);
    expect(today).toBe(Date.parse('2024-03-30T23:00:00Z'));
    expect(week).toBe(Date.parse('2024-03-24T23:00:00Z'));
  });

  it('knows real zones only', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
