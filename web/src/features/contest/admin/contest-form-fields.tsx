// The admin contest form's building blocks: a labelled field, a toggle, and the award-level editor.
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { AwardConfig } from '@oj/proto';
import type { MessageId } from '../../../i18n/zh-CN';
import { Switch } from './AdminContestListPage';
import { defaultAwards } from './contest-form';

/** The default award level names in the organiser's language. */
export function awardNames(intl: IntlShape): [string, string, string] {
  return [intl.formatMessage({ id: 'board.scroll.gold' }), intl.formatMessage({ id: 'board.scroll.silver' }), intl.formatMessage({ id: 'board.scroll.bronze' })];
}

export const input = 'w-full rounded border border-slate-300 px-2 py-1.5 text-sm';

export { Field } from '../../../components/FormField';

export function Toggle({ label, checked, onChange, testId }: { label: MessageId; checked: boolean; onChange: (v: boolean) => void; testId: string }) {
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <Switch checked={checked} onChange={onChange} testId={testId} />
      <FormattedMessage id={label} />
    </div>
  );
}

export function AwardEditor({ list, onChange }: { list: AwardConfig[]; onChange: (l: AwardConfig[]) => void }) {
  const intl = useIntl();
  const set = (i: number, patch: Partial<AwardConfig>) => onChange(list.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <div className="space-y-2" data-testid="admin-contest-awards">
      {list.map((a, i) => (
        <div key={i} className="flex flex-wrap items-center gap-2" data-testid="admin-contest-award-row">
          <span className="rounded px-2 py-0.5 text-xs" style={{ background: a.background, color: a.color }}>
            {a.name || '—'}
          </span>
          <input
            className="w-36 rounded border border-slate-300 px-2 py-1 text-sm"
            aria-label={intl.formatMessage({ id: 'contest.form.awardName' })}
            placeholder={intl.formatMessage({ id: 'contest.form.awardName' })}
            value={a.name}
            onChange={(e) => set(i, { name: e.target.value })}
          />
          <label className="flex items-center gap-1 text-xs text-slate-500">
            <FormattedMessage id="contest.form.awardBackground" />
            <input type="color" value={a.background} onChange={(e) => set(i, { background: e.target.value })} />
          </label>
          <label className="flex items-center gap-1 text-xs text-slate-500">
            <FormattedMessage id="contest.form.awardColor" />
            <input type="color" value={a.color} onChange={(e) => set(i, { color: e.target.value })} />
          </label>
          <input
            type="number"
            min={0}
            className="w-24 rounded border border-slate-300 px-2 py-1 text-sm"
            aria-label={intl.formatMessage({ id: 'contest.form.awardNum' })}
            value={a.num}
            onChange={(e) => set(i, { num: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
          />
          <button type="button" className="text-xs text-red-600 hover:underline" onClick={() => onChange(list.filter((_, j) => j !== i))}>
            <FormattedMessage id="contest.form.remove" />
          </button>
        </div>
      ))}
      <div className="flex gap-3 text-xs">
        <button
          type="button"
          className="text-blue-600 hover:underline"
          onClick={() => onChange([...list, { priority: list.length + 1, name: '', background: '#e5e7eb', color: '#111827', num: 0 }])}
        >
          <FormattedMessage id="contest.form.awardAdd" />
        </button>
        <button type="button" className="text-slate-500 hover:underline" onClick={() => onChange(defaultAwards(awardNames(intl)))}>
          <FormattedMessage id="contest.form.awardDefault" />
        </button>
      </div>
    </div>
  );
}
