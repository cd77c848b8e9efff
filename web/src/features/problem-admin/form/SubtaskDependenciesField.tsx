// OI subtask modes: for each subtask (group number of the cases), the subtasks it depends on. A subtask whose
// dependencies do not all pass is not judged: its cases show as Skipped and score 0 (docs/judge.md#verdict-rules).
import { FormattedMessage, useIntl } from 'react-intl';
import { formGroups } from './checker-model';
import type { ProblemFormState } from './problem-form-model';

export function SubtaskDependenciesField({ form, patch }: { form: ProblemFormState; patch: (p: Partial<ProblemFormState>) => void }) {
  const intl = useIntl();
  const groups = formGroups(form);
  if (groups.length < 2) return null;
  const set = (group: number, text: string) => patch({ subtaskDependencies: { ...form.subtaskDependencies, [String(group)]: text } });
  return (
    <div className="space-y-2" data-testid="problem-form-subtask-dependencies">
      <h4 className="text-sm font-medium text-slate-700">
        <FormattedMessage id="checkers.form.dependencies" />
      </h4>
      <p className="text-xs text-slate-500">
        <FormattedMessage id="checkers.form.dependenciesHint" />
      </p>
      <div className="flex flex-wrap gap-3">
        {groups.map((g) => (
          <label key={g} className="flex items-center gap-2 text-sm text-slate-700">
            <FormattedMessage id="checkers.form.subtask" values={{ group: g }} />
            <input
              className="w-28 rounded border border-slate-300 px-2 py-1 text-sm"
              placeholder="1, 2"
              value={form.subtaskDependencies[String(g)] ?? ''}
              onChange={(e) => set(g, e.target.value)}
              aria-label={intl.formatMessage({ id: 'checkers.form.dependsOn' }, { group: g })}
              data-testid="problem-form-subtask-deps"
              data-group={g}
            />
          </label>
        ))}
      </div>
    </div>
  );
}
