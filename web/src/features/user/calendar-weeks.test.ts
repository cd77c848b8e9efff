import { describe, expect, it } from 'vitest';
import { buildWeeks } from './calendar-weeks';

describe('buildWeeks', () => {
  it('covers 52 full weeks plus the week of endDate, Sunday first, with the counts on their days', () => {
    // 2026-11-22 is a Sunday: the last column holds that one day.
    const weeks = buildWeeks({ endDate: '2026-11-22', dataList: [{ date: '2026-11-20', value: 3 }, { date: '2025-11-23', value: 1 }] });
    expect(weeks).toHaveLength(53);
    expect(weeks[0]!.bins[0]!.date).toBe('2025-11-23');
    expect(weeks[0]!.bins[0]!.count).toBe(1);
    expect(weeks.slice(0, 52).every((w) => w.bins.length === 7)).toBe(true);
    expect(weeks[52]!.bins.map((b) => b.date)).toEqual(['2026-11-22']);
    expect(weeks[51]!.bins.find((b) => b.date === '2026-11-20')!.count).toBe(3);
    expect(weeks.flatMap((w) => w.bins).reduce((s, b) => s + b.count, 0)).toBe(4);
  });

  it('ends mid-week on a Wednesday endDate', () => {
    const weeks = buildWeeks({ endDate: '2026-11-25', dataList: [] });
    expect(weeks.at(-1)!.bins.map((b) => b.date)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
    expect(new Date(`${weeks[0]!.bins[0]!.date}T00:00:00Z`).getUTCDay()).toBe(0);
  });
});
