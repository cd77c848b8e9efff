// Pure display helpers.
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMemoryKb, percent, relativeTime } from './format';

describe('format', () => {
  it('prints local date-time as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 7, 8, 9))).toBe('2024-01-05 07:08:09');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('picks the largest whole unit for relative time', () => {
    const now = Date.UTC(2024, 0, 1, 12, 0, 0);
    expect(relativeTime(now - 30_000, now)).toEqual({ value: -30, unit: 'second' });
    expect(relativeTime(now - 5 * 60_000, now)).toEqual({ value: -5, unit: 'minute' });
    expect(relativeTime(now - 3 * 3_600_000, now)).toEqual({ value: -3, unit: 'hour' });
    expect(relativeTime(now - 2 * 86_400_000, now)).toEqual({ value: -2, unit: 'day' });
  });

  it('formats memory and percentages', () => {
    expect(formatMemoryKb(null)).toBe('--');
    expect(formatMemoryKb(512)).toBe('512 KB');
    expect(formatMemoryKb(20_480)).toBe('20.0 MB');
    expect(percent(1, 3)).toBe('33.33%');
    expect(percent(0, 0)).toBe('0.00%');
  });
});
