// The problem's statistic dialog: a pie of its submissions by verdict (the counts the list shows on hover).
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ProblemCount } from '@oj/proto';
import { Modal } from '../../components/Modal';
import type { MessageId } from '../../i18n/zh-CN';

const SLICES: [keyof ProblemCount, MessageId, string][] = [
  ['ac', 'judge.status.0', '#16a34a'],
  ['wa', 'judge.status.-1', '#dc2626'],
  ['tle', 'judge.status.1', '#ea580c'],
  ['mle', 'judge.status.2', '#d97706'],
  ['re', 'judge.status.3', '#9333ea'],
  ['pe', 'judge.status.-3', '#db2777'],
  ['ce', 'judge.status.-2', '#ca8a04'],
  ['pa', 'judge.status.8', '#2563eb'],
  ['se', 'judge.status.4', '#64748b'],
];

/** SVG path of a pie slice from angle a0 to a1 (radians, 0 at 12 o'clock) of radius r centred at (r, r). */
function slice(a0: number, a1: number, r: number): string {
  const pt = (a: number) => `${r + r * Math.sin(a)} ${r - r * Math.cos(a)}`;
  if (a1 - a0 >= 2 * Math.PI - 1e-9) return `M ${r} 0 A ${r} ${r} 0 1 1 ${r - 0.01} 0 Z`;
  return `M ${r} ${r} L ${pt(a0)} A ${r} ${r} 0 ${a1 - a0 > Math.PI ? 1 : 0} 1 ${pt(a1)} Z`;
}

export function StatisticPie({ counts }: { counts: ProblemCount }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const parts = SLICES.map(([k, label, color]) => ({ k, label, color, n: counts[k] as number })).filter((p) => p.n > 0);
  const sum = parts.reduce((s, p) => s + p.n, 0);
  let angle = 0;
  return (
    <>
      <button type="button" className="text-blue-600 hover:underline" data-testid="problem-statistic" onClick={() => setOpen(true)}>
        <FormattedMessage id="problem.detail.statistic" />
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,420px)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl"
        testId="statistic-dialog"
        titleClassName="mb-3 font-semibold text-slate-800"
        title={<FormattedMessage id="problem.detail.statistic" />}
        description={<FormattedMessage id="problem.list.counts" values={{ ac: counts.ac, total: counts.total }} />}
      >
        {sum === 0 ? (
          <p className="text-sm text-slate-500">
            <FormattedMessage id="problem.tabs.noSubmissions" />
          </p>
        ) : (
          <div className="flex items-center gap-5">
            <svg width="140" height="140" viewBox="0 0 140 140" role="img" aria-label={intl.formatMessage({ id: 'problem.detail.statistic' })}>
              {parts.map((p) => {
                const a0 = angle;
                angle += (p.n / sum) * 2 * Math.PI;
                return <path key={p.k} d={slice(a0, angle, 70)} fill={p.color} />;
              })}
            </svg>
            <ul className="space-y-1 text-sm">
              {parts.map((p) => (
                <li key={p.k} className="flex items-center gap-2" data-testid={`statistic-${p.k}`}>
                  <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: p.color }} />
                  {intl.formatMessage({ id: p.label })}: {p.n}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Modal>
    </>
  );
}
