// The heatmap's grid: the year ending on endDate as week columns (Sunday first), each day with its count.
import type { UserCalendarHeatmapVO } from '@oj/proto';

export interface Bin {
  date: string;
  count: number;
}
export interface Column {
  bins: Bin[];
}

const DAY_MS = 86_400_000;

/** 53 week columns (Sunday first) ending with the week of `endDate`; days after endDate are left out. */
export function buildWeeks(map: UserCalendarHeatmapVO): Column[] {
  const counts = new Map(map.dataList.map((d) => [d.date, d.value]));
  const end = new Date(`${map.endDate}T00:00:00Z`);
  const start = new Date(end.getTime() - (52 * 7 + end.getUTCDay()) * DAY_MS);
  const columns: Column[] = [];
  for (let t = start.getTime(); t <= end.getTime(); t += DAY_MS) {
    const d = new Date(t);
    if (d.getUTCDay() === 0) columns.push({ bins: [] });
    const date = d.toISOString().slice(0, 10);
    columns[columns.length - 1]!.bins.push({ date, count: counts.get(date) ?? 0 });
  }
  return columns;
}
