// Import users from a CSV: the server reads the file and answers every row with its problems (nothing written);
// the rows with problems can be listed alone and removed; the import is confirmed only when none is left, and the
// server checks every row again and writes them all in one transaction, or none.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UserImportPreview } from '@oj/proto';
import { TableHead } from '../../components/TableHead';
import { ApiError } from '../../lib/api';
import { takeFile } from '../../lib/file-input';
import { showToast } from '../../stores/ui';
import { insertUsers, previewCsv } from './user-admin-api';
import { btn, card, primary } from './styles';

export function UserImportPanel({ onImported }: { onImported: () => void }) {
  const intl = useIntl();
  const [preview, setPreview] = useState<UserImportPreview | null>(null);
  const [onlyBad, setOnlyBad] = useState(false);
  const [busy, setBusy] = useState(false);

  const guard = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };
  const choose = (file: File | undefined) => file && void guard(async () => setPreview(await previewCsv(file)));
  const dropBad = () => preview && setPreview({ ...preview, rows: preview.rows.filter((r) => r.reasons.length === 0), bad: 0, total: preview.total - preview.bad });
  const confirm = () =>
    preview &&
    void guard(async () => {
      const { inserted } = await insertUsers(preview.rows.map((r) => r.cells));
      showToast('success', intl.formatMessage({ id: 'useradmin.import.done' }, { count: inserted }));
      setPreview(null);
      onImported();
    });

  const rows = preview ? (onlyBad ? preview.rows.filter((r) => r.reasons.length > 0) : preview.rows) : [];
  return (
    <section className={card} data-testid="user-import">
      <h2 className="mb-2 font-medium text-slate-700">
        <FormattedMessage id="useradmin.import.title" />
      </h2>
      <p className="mb-2 text-xs text-slate-500">
        <FormattedMessage id="useradmin.import.hint" />
      </p>
      <label className="inline-flex cursor-pointer items-center gap-2 text-sm">
        <span className={btn}>
          <FormattedMessage id="useradmin.import.choose" />
        </span>
        <input type="file" accept=".csv,text/csv" className="hidden" data-testid="user-import-file" disabled={busy} onChange={(e) => choose(takeFile(e))} />
      </label>
      {preview && (
        <div className="mt-3 space-y-2">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span data-testid="user-import-summary" data-total={preview.total} data-bad={preview.bad}>
              <FormattedMessage id="useradmin.import.summary" values={{ total: preview.total, bad: preview.bad }} />
            </span>
            <label className="flex items-center gap-1">
              <input type="checkbox" data-testid="user-import-only-bad" checked={onlyBad} onChange={(e) => setOnlyBad(e.target.checked)} />
              <FormattedMessage id="useradmin.import.onlyBad" />
            </label>
            {preview.bad > 0 && (
              <button type="button" className={btn} data-testid="user-import-drop-bad" onClick={dropBad}>
                <FormattedMessage id="useradmin.import.dropBad" />
              </button>
            )}
            <button type="button" className={btn} onClick={() => setPreview(null)}>
              <FormattedMessage id="useradmin.import.clear" />
            </button>
            <button type="button" className={primary} data-testid="user-import-confirm" disabled={busy || preview.bad > 0 || preview.rows.length === 0} onClick={confirm}>
              <FormattedMessage id="useradmin.import.confirm" values={{ count: preview.rows.length }} />
            </button>
          </div>
          {preview.bad > 0 && (
            <p className="text-xs text-red-600">
              <FormattedMessage id="useradmin.import.blocked" />
            </p>
          )}
          <div className="max-h-96 overflow-auto">
            <table className="w-full text-sm" data-testid="user-import-rows">
              <TableHead columns={['useradmin.import.line', 'useradmin.list.username', 'useradmin.list.email', 'useradmin.import.reasons']} />
              <tbody>
                {rows.slice(0, 2000).map((r) => (
                  <tr key={r.line} className={r.reasons.length > 0 ? 'bg-red-50' : ''} data-testid="user-import-row" data-line={r.line} data-bad={r.reasons.length > 0}>
                    <td className="px-2 py-1 text-slate-500">{r.line}</td>
                    <td className="px-2 py-1">{r.cells[0]}</td>
                    <td className="px-2 py-1">{r.cells[2]}</td>
                    <td className="px-2 py-1" data-testid="user-import-reasons">
                      {r.reasons.length === 0 ? (
                        <span className="text-green-700">{intl.formatMessage({ id: 'useradmin.import.ok' })}</span>
                      ) : (
                        <span className="text-red-700">{intl.formatList(r.reasons.map((why) => intl.formatMessage({ id: `useradmin.reason.${why}` })))}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
