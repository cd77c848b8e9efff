// Judge mode default: how the output is compared — HOJ's comparison, one of the built-in checkers (the float checker
// with its absolute and relative tolerances), or the ICPC default output validator with its flags.
import { FormattedMessage, useIntl } from 'react-intl';
import { BUILTIN_CHECKERS, DEFAULT_FLOAT_TOLERANCE, type BuiltinChecker } from '@oj/proto';
import type { MessageId } from '../../../i18n/zh-CN';
import type { ProblemFormState } from './problem-form-model';

const ICPC = 'icpc';

function ToleranceInput({ label, value, onChange, testId }: { label: MessageId; value: string; onChange: (v: string) => void; testId: string }) {
  const intl = useIntl();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <FormattedMessage id={label} />
      <input className="w-28 rounded border border-slate-300 px-2 py-1 font-mono text-sm" inputMode="decimal" placeholder={intl.formatMessage({ id: label })} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
    </label>
  );
}

export function BuiltinCheckerField({ form, patch }: { form: ProblemFormState; patch: (p: Partial<ProblemFormState>) => void }) {
  const intl = useIntl();
  const value = form.icpcValidator ? ICPC : form.checker;
  const choose = (v: string) => {
    if (v === ICPC) return patch({ icpcValidator: true });
    const checker = v as BuiltinChecker;
    // A float checker chosen with no tolerance yet starts from testlib's 1e-6 (absolute and relative).
    const fresh = checker === 'float' && !form.floatAbsoluteTolerance.trim() && !form.floatRelativeTolerance.trim();
    patch({ icpcValidator: false, checker, ...(fresh && { floatAbsoluteTolerance: String(DEFAULT_FLOAT_TOLERANCE), floatRelativeTolerance: String(DEFAULT_FLOAT_TOLERANCE) }) });
  };
  return (
    <div className="space-y-2" data-testid="problem-form-builtin-checker">
      <label className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <FormattedMessage id="checkers.form.checker" />
        <select className="max-w-full rounded border border-slate-300 px-2 py-1" value={value} onChange={(e) => choose(e.target.value)} data-testid="problem-form-output-check">
          {BUILTIN_CHECKERS.map((c) => (
            <option key={c} value={c}>
              {intl.formatMessage({ id: `checkers.form.checker_${c}` })}
            </option>
          ))}
          <option value={ICPC}>{intl.formatMessage({ id: 'problemAdmin.form.icpcValidator' })}</option>
        </select>
      </label>
      {value === 'float' && (
        <div className="space-y-1">
          <div className="flex flex-wrap gap-4">
            <ToleranceInput label="checkers.form.absoluteTolerance" value={form.floatAbsoluteTolerance} onChange={(v) => patch({ floatAbsoluteTolerance: v })} testId="problem-form-float-abs" />
            <ToleranceInput label="checkers.form.relativeTolerance" value={form.floatRelativeTolerance} onChange={(v) => patch({ floatRelativeTolerance: v })} testId="problem-form-float-rel" />
          </div>
          <p className="text-xs text-slate-500">
            <FormattedMessage id="checkers.form.toleranceHint" />
          </p>
        </div>
      )}
    </div>
  );
}
