// The import half of /admin/problem/batch-operation: format, archive, the upload bar (bytes sent), the server's
// steps per problem (reading, compiling checkers, storing test data, writing), then the new problems and the notes
// on them in the page's language. A failed import changes nothing; its message says why.
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ImportResult } from '@oj/proto';
import { ApiError } from '../../../lib/api';
import type { UploadProgress } from '../../../lib/upload';
import { showToast } from '../../../stores/ui';
import { newProgressKey, useKeyedProgress } from '../../../lib/useKeyedProgress';
import { IMPORT_FORMATS, importArchive, type ImportFormatKey } from './batch-api';
import { importWarningText } from './import-warning-text';

export function ImportPanel({ onImported }: { onImported: () => void }) {
  const intl = useIntl();
  const [format, setFormat] = useState<ImportFormatKey>('hoj');
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const server = useKeyedProgress('import.progress', key);
  const busy = upload !== null && result === null && error === null;
  const accept = IMPORT_FORMATS.find((f) => f.key === format)!.accept;

  const run = async () => {
    if (!file) return showToast('warning', intl.formatMessage({ id: 'admin.batch.chooseFile' }));
    const k = newProgressKey('import');
    setKey(k);
    setResult(null);
    setError(null);
    setUpload({ phase: 'sending', loaded: 0, total: file.size });
    try {
      const r = await importArchive(format, file, k, setUpload);
      setResult(r);
      showToast('success', intl.formatMessage({ id: 'admin.batch.imported' }, { count: r.problems.length }));
      onImported();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
    }
  };

  const pct = upload && upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="import-panel">
      <h2 className="mb-3 font-medium text-slate-700">
        <FormattedMessage id="admin.batch.import" />
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <select className="rounded border border-slate-300 px-2 py-1 text-sm" value={format} data-testid="import-format" disabled={busy} onChange={(e) => setFormat(e.target.value as ImportFormatKey)}>
          {IMPORT_FORMATS.map((f) => (
            <option key={f.key} value={f.key}>
              {intl.formatMessage({ id: `admin.batch.format_${f.key}` })}
            </option>
          ))}
        </select>
        <input ref={fileInput} type="file" accept={accept} className="text-sm" data-testid="import-file" disabled={busy} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <button type="button" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700 disabled:opacity-50" data-testid="import-start" disabled={busy || !file} onClick={() => void run()}>
          <FormattedMessage id="admin.batch.startImport" />
        </button>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        <FormattedMessage id={`admin.batch.formatTips_${format}`} />
      </p>
      {upload && (
        <div className="mt-3 space-y-1 text-sm" data-testid="import-progress">
          <div className="h-2 overflow-hidden rounded bg-slate-200">
            <div className="h-full bg-blue-600 transition-all" style={{ width: `${pct}%` }} data-testid="import-upload-bar" data-pct={pct} />
          </div>
          <div className="text-slate-600" data-testid="import-phase">
            {upload.phase === 'sending' ? (
              <FormattedMessage id="admin.batch.sending" values={{ pct }} />
            ) : server ? (
              <FormattedMessage id={`admin.batch.phase_${server.phase}`} values={{ done: server.done, total: server.total, title: server.title ?? '' }} />
            ) : (
              <FormattedMessage id="admin.batch.checking" />
            )}
          </div>
        </div>
      )}
      {error && (
        <p className="mt-3 rounded bg-red-50 px-3 py-2 text-sm text-red-700" role="alert" data-testid="import-error">
          {error}
        </p>
      )}
      {result && (
        <div className="mt-3 text-sm" data-testid="import-result">
          <ul className="space-y-1">
            {result.problems.map((p) => (
              <li key={p.id} data-testid="import-result-problem" data-pid={p.id}>
                <Link className="text-blue-600 hover:underline" to={`/admin/problem/edit/${p.id}`}>
                  {p.problemId} {p.title}
                </Link>
                <span className="ml-2 text-slate-500">
                  <FormattedMessage id="admin.batch.problemCounts" values={{ cases: p.cases, submissions: p.submissions }} />
                </span>
                {p.submissions > 0 && (
                  <Link className="ml-2 text-blue-600 hover:underline" to={`/admin/problem/${p.id}/self-check`} data-testid="import-result-self-check">
                    <FormattedMessage id="admin.problemList.selfCheck" />
                  </Link>
                )}
              </li>
            ))}
          </ul>
          {result.warnings.length > 0 && (
            <div className="mt-2 rounded bg-amber-50 px-3 py-2 text-amber-800" data-testid="import-warnings">
              <div className="font-medium">
                <FormattedMessage id="admin.batch.warnings" />
              </div>
              <ul className="list-disc pl-5">
                {result.warnings.map((w, i) => (
                  <li key={i} data-testid="import-warning" data-code={w.code}>
                    {w.problemId}: {importWarningText(intl, w)}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
