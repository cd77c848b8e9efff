// A small responsive bar chart drawn with visx: one or two series over labelled categories (ranklists' top 10, weekly statistics).
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { countTicks } from './chart-ticks';

export interface BarSeries {
  name: string;
  color: string;
  values: number[];
}

interface Props {
  labels: string[];
  series: BarSeries[];
  height?: number;
  testId?: string;
  /** Accessible name of the chart. */
  title: string;
}

const WIDTH = 800;
const MARGIN = { top: 16, right: 8, bottom: 48, left: 36 };

export function BarChart({ labels, series, height = 260, testId, title }: Props) {
  const innerW = WIDTH - MARGIN.left - MARGIN.right;
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = scaleBand<string>({ domain: labels.map((l, i) => `${i}:${l}`), range: [0, innerW], padding: 0.25 });
  const inner = scaleBand<number>({ domain: series.map((_, i) => i), range: [0, x.bandwidth()], padding: 0.1 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const ticks = countTicks(y);
  return (
    <figure data-testid={testId} className="w-full">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full" role="img" aria-label={title}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={0} x2={innerW} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
              <text x={-6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={11} fill="#64748b">
                {t}
              </text>
            </g>
          ))}
          {labels.map((label, i) => {
            const key = `${i}:${label}`;
            const x0 = x(key) ?? 0;
            return (
              <g key={key}>
                {series.map((s, si) => {
                  const v = s.values[i] ?? 0;
                  const barH = innerH - y(v);
                  return (
                    <Bar
                      key={s.name}
                      data-testid="bar"
                      x={x0 + (inner(si) ?? 0)}
                      y={innerH - barH}
                      width={inner.bandwidth()}
                      height={barH}
                      fill={s.color}
                      rx={2}
                    >
                      <title>{`${label} · ${s.name}: ${v}`}</title>
                    </Bar>
                  );
                })}
                <text x={x0 + x.bandwidth() / 2} y={innerH + 16} textAnchor="middle" fontSize={11} fill="#475569">
                  {label.length > 12 ? `${label.slice(0, 11)}…` : label}
                </text>
              </g>
            );
          })}
        </Group>
      </svg>
      {series.length > 1 && (
        <figcaption className="flex justify-center gap-4 text-xs text-slate-600">
          {series.map((s) => (
            <span key={s.name} className="flex items-center gap-1">
              <span className="inline-block h-2 w-3 rounded-sm" style={{ background: s.color }} />
              {s.name}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  );
}
