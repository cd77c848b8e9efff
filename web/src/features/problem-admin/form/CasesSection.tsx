// Test cases of the problem form: an uploaded zip (real progress: bytes sent, then the server's check) or cases
// typed by hand; the judge-case mode; per case a score (OI) and a group number (subtask modes); the subtasks'
// dependencies (OI subtask modes).
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TestdataProgress } from '@oj/proto';
import type { MessageId } from '../../../i18n/zh-CN';
import { ApiError } from '../../../lib/api';
import { takeFile } from '../../../lib/file-input';
import type { UploadProgress } from '../../../lib/upload';
import { newProgressKey, useKeyedProgress } from '../../../lib/useKeyedProgress';
import { useProblemFormTarget } from './problem-form-target';
import { dependenciesText } from './checker-model';
import { spreadScores, type FormCase, type JudgeCaseMode, type ProblemFormState } from './problem-form-model';
import { SubtaskDependenciesField } from './SubtaskDependenciesField';

const MODES: [JudgeCaseMode, MessageId][] = [
  ['default', 'problemAdmin.form.caseModeDefault'],
  ['subtask_lowest', 'problemAdmin.form.caseModeSubtaskLowest'],
  ['subtask_average', 'problemAdmin.form.caseModeSubtaskAverage'],
  ['ergodic_without_error', 'problemAdmin.form.caseModeErgodic'],
];

const small = 'w-20 rounded border border-slate-300 px-2 py-1 text-sm';

function ProgressBar({ p, server }: { p: UploadProgress; server: TestdataProgress | null }) {
  const pct = p.total > 0 ? Math.round((p.loaded / p.total) * 100) : 0;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return (
    <div className="space-y-1" data-testid="problem-form-upload-progress" data-phase={p.phase}>
      <div className="h-2 overflow-hidden rounded bg-slate-200">
        <div className={`h-full bg-blue-600 transition-all ${p.phase === 'checking' ? 'animate-pulse' : ''}`} style={{ width: `${p.phase === 'checking' ? 100 : pct}%` }} />
      </div>
      <div className="text-xs text-slate-500">
        {p.phase === 'sending' ? (
          <FormattedMessage id="problemAdmin.form.uploadSending" values={{ pct, sent: mb(p.loaded), total: mb(p.total) }} />
        ) : server && server.phase !== 'receiving' ? (
          <FormattedMessage id={`problemAdmin.form.uploadPhase_${server.phase}`} values={{ done: server.done, total: server.total }} />
        ) : (
          <FormattedMessage id="problemAdmin.form.uploadChecking" />
        )}
      </div>
    </div>
  );
}

export function CasesSection({ form, patch }: { form: ProblemFormState; patch: (p: Partial<ProblemFormState>) => void }) {
  const intl = useIntl();
  const { uploadTestcases } = useProblemFormTarget();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const server = useKeyedProgress('testdata.progress', key);
  const oi = form.type === 1;
  const subtask = form.judgeCaseMode === 'subtask_lowest' || form.judgeCaseMode === 'subtask_average';
  const setCase = (i: number, p: Partial<FormCase>) => patch({ cases: form.cases.map((c, j) => (j === i ? { ...c, ...p } : c)) });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProgress({ phase: 'sending', loaded: 0, total: file.size });
    const k = newProgressKey('testdata');
    setKey(k);
    try {
      const r = await uploadTestcases(file, form.judgeCaseMode, k, setProgress);
      const scores = spreadScores(r.fileList.length);
      patch({
        uploadDir: r.fileListDir,
        cases: r.fileList.map((c, i) => ({ input: c.input, output: c.output, score: String(c.score ?? scores[i]), groupNum: c.groupNum ? String(c.groupNum) : '' })),
        // info.json's subtask dependencies, when the zip gives them.
        ...(r.subtaskDependencies && { subtaskDependencies: dependenciesText(r.subtaskDependencies) }),
      });
      setProgress(null);
    } catch (e) {
      setProgress(null);
      if (!(e instanceof ApiError)) throw e;
    }
  };

  return (
    <section className="space-y-3" data-testid="problem-form-cases">
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <label className="flex items-center gap-1">
          <input type="radio" checked={form.isUploadCase} onChange={() => patch({ isUploadCase: true, cases: [] })} data-testid="problem-form-cases-upload" />
          <FormattedMessage id="problemAdmin.form.casesUpload" />
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" checked={!form.isUploadCase} onChange={() => patch({ isUploadCase: false, uploadDir: null, cases: [{ input: '', output: '', score: oi ? '100' : '0', groupNum: '' }] })} data-testid="problem-form-cases-manual" />
          <FormattedMessage id="problemAdmin.form.casesManual" />
        </label>
        <label className="flex items-center gap-2">
          <FormattedMessage id="problemAdmin.form.caseMode" />
          <select className="rounded border border-slate-300 px-2 py-1" value={form.judgeCaseMode} onChange={(e) => patch({ judgeCaseMode: e.target.value as JudgeCaseMode })} data-testid="problem-form-case-mode">
            {MODES.map(([m, label]) => (
              <option key={m} value={m}>
                {intl.formatMessage({ id: label })}
              </option>
            ))}
          </select>
        </label>
      </div>

      {form.isUploadCase && (
        <div className="space-y-2">
          <input type="file" accept=".zip" onChange={(e) => void upload(takeFile(e))} disabled={progress !== null} data-testid="problem-form-zip" />
          <p className="text-xs text-slate-500">
            <FormattedMessage id="problemAdmin.form.zipHint" />
          </p>
          {progress && <ProgressBar p={progress} server={server} />}
          {!form.uploadDir && form.storedVersion && (
            <p className="text-xs text-slate-600" data-testid="problem-form-stored-cases">
              <FormattedMessage id="problemAdmin.form.storedCases" values={{ n: form.cases.length }} />
            </p>
          )}
        </div>
      )}

      {form.cases.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="problem-form-case-table">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th className="px-1 py-1">#</th>
                <th className="px-1 py-1">
                  <FormattedMessage id="problemAdmin.form.caseInput" />
                </th>
                <th className="px-1 py-1">
                  <FormattedMessage id="problemAdmin.form.caseOutput" />
                </th>
                {oi && (
                  <th className="px-1 py-1">
                    <FormattedMessage id="problemAdmin.form.caseScoreLabel" />
                  </th>
                )}
                {subtask && (
                  <th className="px-1 py-1">
                    <FormattedMessage id="problemAdmin.form.caseGroupLabel" />
                  </th>
                )}
                {!form.isUploadCase && <th />}
              </tr>
            </thead>
            <tbody>
              {form.cases.map((c, i) => (
                <tr key={i} className="border-t border-slate-100 align-top" data-testid="problem-form-case-row">
                  <td className="px-1 py-1 text-slate-400">{i + 1}</td>
                  <td className="px-1 py-1">
                    {form.isUploadCase ? <code>{c.input}</code> : <textarea className="w-full rounded border border-slate-300 px-1 font-mono text-xs" rows={2} value={c.input} onChange={(e) => setCase(i, { input: e.target.value })} aria-label={intl.formatMessage({ id: 'problemAdmin.form.caseInputN' }, { n: i + 1 })} />}
                  </td>
                  <td className="px-1 py-1">
                    {form.isUploadCase ? <code>{c.output}</code> : <textarea className="w-full rounded border border-slate-300 px-1 font-mono text-xs" rows={2} value={c.output} onChange={(e) => setCase(i, { output: e.target.value })} aria-label={intl.formatMessage({ id: 'problemAdmin.form.caseOutputN' }, { n: i + 1 })} />}
                  </td>
                  {oi && (
                    <td className="px-1 py-1">
                      <input className={small} value={c.score} onChange={(e) => setCase(i, { score: e.target.value })} aria-label={intl.formatMessage({ id: 'problemAdmin.form.caseScoreN' }, { n: i + 1 })} data-testid="problem-form-case-score" />
                    </td>
                  )}
                  {subtask && (
                    <td className="px-1 py-1">
                      <input className={small} value={c.groupNum} onChange={(e) => setCase(i, { groupNum: e.target.value })} aria-label={intl.formatMessage({ id: 'problemAdmin.form.caseGroupN' }, { n: i + 1 })} data-testid="problem-form-case-group" />
                    </td>
                  )}
                  {!form.isUploadCase && (
                    <td className="px-1 py-1">
                      <button type="button" className="text-xs text-red-600 hover:underline" onClick={() => patch({ cases: form.cases.filter((_, j) => j !== i) })}>
                        <FormattedMessage id="problemAdmin.form.remove" />
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {oi && subtask && <SubtaskDependenciesField form={form} patch={patch} />}
      {!form.isUploadCase && (
        <button type="button" className="text-sm text-blue-600 hover:underline" onClick={() => patch({ cases: [...form.cases, { input: '', output: '', score: '0', groupNum: '' }] })} data-testid="problem-form-add-case">
          <FormattedMessage id="problemAdmin.form.addCase" />
        </button>
      )}
    </section>
  );
}
