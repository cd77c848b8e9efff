// The admin problem list's filters: OJ, auth, type (ACM / OI) and difficulty; "All" clears one.
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/zh-CN';

export interface ProblemFilterValues {
  oj: string;
  auth?: number;
  type?: number;
  difficulty?: number;
}

type NumKey = 'auth' | 'type' | 'difficulty';
const CHOICES: { key: NumKey; label: MessageId; options: { value: number; label: MessageId }[] }[] = [
  { key: 'auth', label: 'admin.problemList.auth', options: [1, 2, 3].map((v) => ({ value: v, label: `admin.problemList.auth${v}` as MessageId })) },
  { key: 'type', label: 'admin.problemList.type', options: [0, 1].map((v) => ({ value: v, label: `admin.problemList.type${v}` as MessageId })) },
  { key: 'difficulty', label: 'problem.list.difficulty', options: [0, 1, 2].map((v) => ({ value: v, label: `problem.difficulty.${v}` as MessageId })) },
];

export function ProblemFilters({ value, ojs, onChange }: { value: ProblemFilterValues; ojs: readonly string[]; onChange: (v: ProblemFilterValues) => void }) {
  const intl = useIntl();
  const select = 'rounded border border-slate-300 bg-white px-2 py-1 text-sm';
  const ojLabel = (oj: string) => (oj === 'All' ? intl.formatMessage({ id: 'problem.list.all' }) : oj === 'ME' ? intl.formatMessage({ id: 'admin.problemList.ojMine' }) : oj);
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-2 text-sm text-slate-600" data-testid="admin-problem-filters">
      <label className="flex items-center gap-1">
        <FormattedMessage id="admin.problemList.oj" />
        <select className={select} data-testid="admin-problem-filter-oj" value={value.oj} onChange={(e) => onChange({ ...value, oj: e.target.value })}>
          {ojs.map((oj) => (
            <option key={oj} value={oj}>
              {ojLabel(oj)}
            </option>
          ))}
        </select>
      </label>
      {CHOICES.map((c) => (
        <label key={c.key} className="flex items-center gap-1">
          <FormattedMessage id={c.label} />
          <select
            className={select}
            data-testid={`admin-problem-filter-${c.key}`}
            value={value[c.key] ?? ''}
            onChange={(e) => {
              const next = { ...value };
              if (e.target.value === '') delete next[c.key];
              else next[c.key] = Number(e.target.value);
              onChange(next);
            }}
          >
            <option value="">{intl.formatMessage({ id: 'problem.list.all' })}</option>
            {c.options.map((o) => (
              <option key={o.value} value={o.value}>
                {intl.formatMessage({ id: o.label })}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}
