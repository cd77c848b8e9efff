// The part of the problem form shown inside a contest: the problem's display id, display title and balloon colour.
import { FormattedMessage, useIntl } from 'react-intl';
import { Field, input } from './contest-form-fields';
import type { ContestPlace } from './useContestPlace';

export function ContestPlaceSection({ place, onChange }: { place: ContestPlace; onChange: (p: ContestPlace) => void }) {
  const intl = useIntl();
  const patch = (p: Partial<ContestPlace>) => onChange({ ...place, ...p });
  return (
    <section className="space-y-3 border-b border-slate-100 bg-sky-50/50 px-4 py-4" data-testid="contest-place">
      <h3 className="text-sm font-semibold text-slate-800">
        <FormattedMessage id="contestAdmin.place.title" />
      </h3>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr_auto]">
        <Field label="contest.adminProblems.displayId" required>
          <input className={`${input} font-mono`} maxLength={20} value={place.displayId} onChange={(e) => patch({ displayId: e.target.value })} data-testid="contest-place-display-id" />
        </Field>
        <Field label="contest.adminProblems.displayTitle" required>
          <input className={input} maxLength={255} value={place.displayTitle} onChange={(e) => patch({ displayTitle: e.target.value })} data-testid="contest-place-display-title" />
        </Field>
        <Field label="contest.adminProblems.color">
          <span className="flex h-[34px] items-center gap-2">
            <input
              type="color"
              aria-label={intl.formatMessage({ id: 'contest.adminProblems.color' })}
              value={place.color ?? '#ffffff'}
              onChange={(e) => patch({ color: e.target.value })}
              data-testid="contest-place-color"
            />
            {place.color && (
              <button type="button" className="text-xs text-slate-500 hover:underline" onClick={() => patch({ color: null })}>
                <FormattedMessage id="contest.adminProblems.noColor" />
              </button>
            )}
          </span>
        </Field>
      </div>
      <p className="text-xs text-slate-500">
        <FormattedMessage id="contestAdmin.place.hint" />
      </p>
    </section>
  );
}
