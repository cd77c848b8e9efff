// The pass-rate cell: a bar and the percentage; hovering (or focusing) shows the per-status counts (partially
// accepted only for OI problems).
import { FormattedMessage, useIntl } from 'react-intl';
import type { ProblemVO } from '@oj/proto';
import type { MessageId } from '../../../i18n/zh-CN';
import { percent } from '../../../lib/format';

const ROWS: [keyof ProblemVO, MessageId][] = [
  ['ac', 'judge.status.0'],
  ['wa', 'judge.status.-1'],
  ['tle', 'judge.status.1'],
  ['mle', 'judge.status.2'],
  ['re', 'judge.status.3'],
  ['pe', 'judge.status.-3'],
  ['ce', 'judge.status.-2'],
  ['pa', 'judge.status.8'],
  ['se', 'judge.status.4'],
];

export function PassRate({ p }: { p: ProblemVO }) {
  const intl = useIntl();
  const rows = ROWS.filter(([k]) => k !== 'pa' || p.type === 1);
  return (
    <div className="group relative inline-block" tabIndex={0} data-testid="pass-rate">
      <div className="flex items-center gap-2">
        <div className="h-1.5 w-16 overflow-hidden rounded bg-slate-200">
          <div className="h-full bg-green-500" style={{ width: percent(p.ac, p.total) }} />
        </div>
        <span className="text-xs text-slate-600" data-testid="pass-rate-value">
          {percent(p.ac, p.total)}
        </span>
      </div>
      <div
        role="tooltip"
        className="absolute right-0 z-20 mt-1 hidden w-48 rounded border border-slate-200 bg-white p-2 text-xs shadow-lg group-focus-within:block group-hover:block"
        data-testid="pass-rate-detail"
      >
        <div className="mb-1 font-medium text-slate-700">
          <FormattedMessage id="problem.list.counts" values={{ ac: p.ac, total: p.total }} />
        </div>
        {rows.map(([k, label]) => (
          <div key={k} className="flex justify-between text-slate-600">
            <span>{intl.formatMessage({ id: label })}</span>
            <span data-testid={`pass-rate-${k}`}>{p[k] as number}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
