// Judge mode of the problem form: default (HOJ's comparison, a built-in checker or the ICPC validator with its flags),
// special judge or interactive, the checker's language (C/C++, JavaScript in isolated-vm, or any language the runners
// have), protocol and code, and Compile. A changed checker must compile before the problem is saved;
// a failure opens the Compile Error dialog with the compiler's message.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CHECKER_LANGUAGES, checkerProtocolOf, isCheckerOnlyProtocol } from '@oj/proto';
import type { MessageId } from '../../../i18n/zh-CN';
import { ApiError } from '../../../lib/api';
import { showToast } from '../../../stores/ui';
import { BuiltinCheckerField } from './BuiltinCheckerField';
import { useProblemFormTarget } from './problem-form-target';
import { checkerKey, type JudgeMode, type ProblemFormState } from './problem-form-model';

const MODES: [JudgeMode, MessageId, MessageId][] = [
  ['default', 'problemAdmin.form.modeDefault', 'problemAdmin.form.modeDefaultInfo'],
  ['spj', 'problemAdmin.form.modeSpj', 'problemAdmin.form.modeSpjInfo'],
  ['interactive', 'problemAdmin.form.modeInteractive', 'problemAdmin.form.modeInteractiveInfo'],
];

export function CheckerSection({ form, patch }: { form: ProblemFormState; patch: (p: Partial<ProblemFormState>) => void }) {
  const intl = useIntl();
  const { compile: compileChecker } = useProblemFormTarget();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const info = MODES.find(([m]) => m === form.judgeMode)![2];
  const compiled = form.judgeMode !== 'default' && form.compiledChecker === checkerKey(form);

  const compile = async () => {
    if (!form.spjCode.trim()) {
      showToast('warning', intl.formatMessage({ id: 'problemAdmin.form.checkerRequired' }));
      return;
    }
    setBusy(true);
    try {
      await compileChecker(form.judgeMode === 'interactive' ? 'interactive' : 'spj', {
        code: form.spjCode,
        language: form.spjLanguage,
        ...(form.id !== undefined && { pid: form.id }),
        extraFiles: form.judgeExtraFile.length > 0 ? Object.fromEntries(form.judgeExtraFile.map((f) => [f.name, f.content])) : null,
        checkerProtocol: form.checkerProtocol,
      });
      patch({ compiledChecker: checkerKey(form) });
      showToast('success', intl.formatMessage({ id: 'problemAdmin.form.compileOk' }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="space-y-3" data-testid="problem-form-checker">
      <div className="flex flex-wrap gap-4 text-sm">
        {MODES.map(([m, label]) => (
          <label key={m} className="flex items-center gap-1">
            <input type="radio" checked={form.judgeMode === m} onChange={() => patch({ judgeMode: m, ...(m !== 'spj' && isCheckerOnlyProtocol(form.checkerProtocol) ? { checkerProtocol: 'testlib' as const } : {}) })} data-testid={`problem-form-mode-${m}`} />
            <FormattedMessage id={label} />
          </label>
        ))}
      </div>
      <div className="rounded border border-blue-200 bg-blue-50 px-3 py-2 text-xs text-blue-800" data-testid="problem-form-mode-info">
        <FormattedMessage id={info} />
      </div>
      {form.judgeMode === 'default' && <BuiltinCheckerField form={form} patch={patch} />}
      {((form.judgeMode === 'default' && form.icpcValidator) || form.checkerProtocol === 'kattis') && (
        <label className="block text-sm">
          <span className="mb-1 block text-slate-700">
            <FormattedMessage id="problemAdmin.form.validatorFlags" />
          </span>
          <input className="w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-sm" placeholder="float_tolerance 1e-6" value={form.validatorFlags} onChange={(e) => patch({ validatorFlags: e.target.value })} data-testid="problem-form-validator-flags" />
        </label>
      )}
      {form.judgeMode !== 'default' && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <label className="flex items-center gap-2">
              <FormattedMessage id="problemAdmin.form.checkerLanguage" />
              <select className="rounded border border-slate-300 px-2 py-1" value={form.spjLanguage} onChange={(e) => patch({ spjLanguage: e.target.value })} data-testid="problem-form-checker-language">
                {CHECKER_LANGUAGES.filter((l) => (form.judgeMode === 'spj' && form.checkerProtocol === 'testlib') || l !== 'JavaScript').map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2">
              <FormattedMessage id="problemAdmin.form.checkerProtocol" />
              <select className="rounded border border-slate-300 px-2 py-1" value={form.checkerProtocol} onChange={(e) => patch({ checkerProtocol: checkerProtocolOf(e.target.value) })} data-testid="problem-form-checker-protocol">
                <option value="testlib">{intl.formatMessage({ id: 'problemAdmin.form.protocolTestlib' })}</option>
                <option value="kattis">{intl.formatMessage({ id: 'problemAdmin.form.protocolKattis' })}</option>
                {/* HUSTOJ's special judge is a checker only (FPS imports bring them). */}
                {form.judgeMode === 'spj' && <option value="hustoj">{intl.formatMessage({ id: 'problemAdmin.form.protocolHustoj' })}</option>}
                {form.judgeMode === 'spj' && <option value="qduoj">{intl.formatMessage({ id: 'problemAdmin.form.protocolQduoj' })}</option>}
              </select>
            </label>
            <button type="button" className="rounded bg-slate-700 px-3 py-1 text-white hover:bg-slate-800 disabled:opacity-50" disabled={busy} onClick={() => void compile()} data-testid="problem-form-compile">
              <FormattedMessage id={busy ? 'problemAdmin.form.compiling' : 'problemAdmin.form.compile'} />
            </button>
            <span className={`text-xs ${compiled ? 'text-green-700' : 'text-amber-700'}`} data-testid="problem-form-compile-state">
              <FormattedMessage id={compiled ? 'problemAdmin.form.compiled' : 'problemAdmin.form.notCompiled'} />
            </span>
          </div>
          <textarea className="w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-xs" rows={14} value={form.spjCode} onChange={(e) => patch({ spjCode: e.target.value })} aria-label={intl.formatMessage({ id: 'problemAdmin.form.checkerCode' })} data-testid="problem-form-checker-code" />
        </div>
      )}
      {error !== null && (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4" role="dialog" aria-modal="true" data-testid="problem-form-compile-error">
          <div className="max-h-[80vh] w-full max-w-2xl overflow-auto rounded-lg bg-white p-4 shadow-xl">
            <h3 className="mb-2 font-semibold text-red-700">
              <FormattedMessage id="problemAdmin.form.compileError" />
            </h3>
            <pre className="whitespace-pre-wrap rounded bg-slate-900 p-3 text-xs text-slate-100">{error}</pre>
            <div className="mt-3 text-right">
              <button type="button" className="rounded bg-slate-200 px-3 py-1 text-sm hover:bg-slate-300" onClick={() => setError(null)}>
                <FormattedMessage id="problemAdmin.form.close" />
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
