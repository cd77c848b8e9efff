// The export half of /admin/problem/batch-operation: pick problems (kept across pages and searches), then one zip
// of our own format that the HOJ import reads back unchanged.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { OWN_OJ, type AdminProblemRow, type PageOf } from '@oj/proto';
import { DataTable } from '../../../components/DataTable';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { showToast } from '../../../stores/ui';
import { adminProblemList } from '../list/list-api';
import { useLatestValue } from '../../../lib/useLatestRead';
import { exportProblems } from './batch-api';

export function ExportPanel({ reloadKey }: { reloadKey: number }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const { data, loading, show } = useLatestValue<PageOf<AdminProblemRow>>();
  const [selected, setSelected] = useState<ReadonlyMap<number, string>>(new Map());
  const [exporting, setExporting] = useState(false);

  const load = useCallback(() => show(adminProblemList({ currentPage: page, limit: size, oj: OWN_OJ, ...(keyword && { keyword }) })), [page, size, keyword, show]);
  useEffect(() => void load(), [load, reloadKey]);

  const toggle = (p: AdminProblemRow, on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(p.id, p.problemId);
      else next.delete(p.id);
      return next;
    });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setKeyword(draft.trim());
  };
  const run = async () => {
    setExporting(true);
    try {
      await exportProblems([...selected.keys()]);
    } catch (e) {
      showToast('error', e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="rounded-lg border border-slate-200 bg-white" data-testid="export-panel">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <h2 className="mr-auto font-medium text-slate-700">
          <FormattedMessage id="admin.batch.export" />
        </h2>
        <KeywordSearch testId="export-keyword" placeholder="problem.list.keyword" value={draft} onChange={setDraft} onSubmit={search} />
        <button
          type="button"
          className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700 disabled:opacity-50"
          data-testid="export-start"
          disabled={selected.size === 0 || exporting}
          onClick={() => void run()}
        >
          <FormattedMessage id="admin.batch.exportSelected" values={{ count: selected.size }} />
        </button>
      </div>
      {selected.size > 0 && (
        <div className="flex flex-wrap gap-1 px-4 py-2" data-testid="export-selected">
          {[...selected].map(([id, problemId]) => (
            <button key={id} type="button" className="rounded bg-blue-50 px-2 py-0.5 text-xs text-blue-700" title={intl.formatMessage({ id: 'admin.batch.unselect' })} onClick={() => setSelected((s) => new Map([...s].filter(([k]) => k !== id)))}>
              {problemId} ✕
            </button>
          ))}
        </div>
      )}
      <DataTable
        data={data}
        loading={loading}
        testId="export-table"
        pager={{ page, size, onChange: (p, s) => (setPage(p), setSize(s)) }}
        columns={['admin.batch.pick', 'admin.problemList.displayId', 'admin.problemList.problemTitle', 'admin.problemList.author']}
        row={(p) => (
          <tr key={p.id} className="border-t border-slate-100" data-testid="export-row" data-pid={p.id}>
            <td className="px-3 py-2">
              <input type="checkbox" data-testid="export-pick" checked={selected.has(p.id)} onChange={(e) => toggle(p, e.target.checked)} />
            </td>
            <td className="px-3 py-2">{p.problemId}</td>
            <td className="px-3 py-2">{p.title}</td>
            <td className="px-3 py-2">{p.author ?? '--'}</td>
          </tr>
        )}
      />
    </section>
  );
}
