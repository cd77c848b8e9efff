// One year of submissions per day, as a week-by-weekday grid (visx heatmap), ending on the server's endDate.
import { HeatmapRect } from '@visx/heatmap';
import { scaleLinear } from '@visx/scale';
import { useIntl } from 'react-intl';
import type { UserCalendarHeatmapVO } from '@oj/proto';
import { buildWeeks, type Bin, type Column } from './calendar-weeks';

const CELL = 12;

export function CalendarHeatmap({ map }: { map: UserCalendarHeatmapVO }) {
  const intl = useIntl();
  const weeks = buildWeeks(map);
  const max = Math.max(1, ...map.dataList.map((d) => d.value));
  const color = scaleLinear<string>({ domain: [0, 1, max], range: ['#ebedf0', '#9be9a8', '#216e39'] });
  const width = weeks.length * CELL;
  const total = map.dataList.reduce((s, d) => s + d.value, 0);
  return (
    <figure data-testid="user-heatmap" className="overflow-x-auto">
      <svg width={width} height={7 * CELL} role="img" aria-label={intl.formatMessage({ id: 'user.heatmap.title' })}>
        <HeatmapRect<Column, Bin>
          data={weeks}
          xScale={(i) => i * CELL}
          yScale={(i) => i * CELL}
          binWidth={CELL}
          binHeight={CELL}
          gap={2}
          bins={(c) => c.bins}
          count={(b) => b.count}
        >
          {(cells) =>
            cells.flat().map((cell) => (
              <rect
                key={cell.bin.date}
                data-date={cell.bin.date}
                data-count={cell.bin.count}
                x={cell.x}
                y={cell.y}
                width={cell.width}
                height={cell.height}
                rx={2}
                fill={cell.bin.count === 0 ? '#ebedf0' : color(cell.bin.count)}
              >
                <title>{intl.formatMessage({ id: 'user.heatmap.cell' }, { date: cell.bin.date, count: cell.bin.count })}</title>
              </rect>
            ))
          }
        </HeatmapRect>
      </svg>
      <figcaption className="mt-1 text-xs text-slate-500">{intl.formatMessage({ id: 'user.heatmap.total' }, { count: total })}</figcaption>
    </figure>
  );
}
