// The Admin Print tab: print requests (unprinted first), download and mark printed; new ones are
// pushed by `print.new` on contest-admin:<cid>, polled every 10 s only while the socket is down.
import { FormattedMessage } from 'react-intl';
import { CONTEST_LIMITS, type ContestVO, type PrintVO } from '@oj/proto';
import { Pager } from '../../components/Pager';
import { formatDateTime } from '../../lib/format';
import { showToast } from '../../stores/ui';
import { useLiveAdminList } from './live-list';
import { saveBlob } from '../../lib/download';
import { checkPrint, downloadPrint, getPrintList } from './scoreboard-api';
import { ToolTable } from './ToolTable';

const SIZE = CONTEST_LIMITS.printPageSize;

export function AdminPrintTab({ contest }: { contest: ContestVO; isAdmin: boolean }) {
  const cid = contest.id;
  const { page, setPage, rows, setRows, total, fresh, load } = useLiveAdminList(cid, 'print.new', getPrintList, SIZE, (r) => r.status === 1);

  const download = async (row: PrintVO) => {
    try {
      const { blob, fileName } = await downloadPrint(row.id);
      saveBlob(blob, fileName);
    } catch (e) {
      showToast('error', e instanceof Error ? e.message : String(e));
    }
  };

  const markPrinted = async (row: PrintVO) => {
    try {
      await checkPrint(row.id, cid);
      setRows((cur) => cur?.map((r) => (r.id === row.id ? { ...r, status: 1 } : r)) ?? cur);
    } catch {
      // The client has shown the server's message.
    }
  };

  return (
    <div className="p-4" data-testid="admin-print-tab">
      <div className="mb-3">
        <button type="button" className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:border-blue-400" onClick={() => void load(false)}>
          <FormattedMessage id="board.acinfo.refresh" />
        </button>
      </div>
      <ToolTable
        columns={['board.adminPrint.username', 'board.adminPrint.realname', 'board.adminPrint.time', 'board.adminPrint.status', 'board.adminPrint.action']}
        rows={rows}
        row={(r) => (
          <tr key={r.id} data-testid="print-row" data-id={r.id} data-username={r.username} data-status={r.status} className={`border-t border-slate-100 ${fresh[r.id] ? 'sb-flash' : ''}`}>
            <td className="px-3 py-2">{r.username}</td>
            <td className="px-3 py-2 text-slate-600">{r.realname}</td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-600">{formatDateTime(r.gmtCreate)}</td>
            <td className="px-3 py-2">
              {r.status === 1 ? (
                <span className="text-green-700">
                  <FormattedMessage id="board.adminPrint.printed" />
                </span>
              ) : (
                <span className="text-amber-700">
                  <FormattedMessage id="board.adminPrint.notPrinted" />
                </span>
              )}
            </td>
            <td className="flex gap-2 px-3 py-2">
              <button type="button" data-testid="print-download" className="rounded border border-slate-300 px-2 py-1 text-xs hover:border-blue-400" onClick={() => void download(r)}>
                <FormattedMessage id="board.adminPrint.download" />
              </button>
              <button
                type="button"
                data-testid="print-ok"
                disabled={r.status === 1}
                className="rounded bg-blue-600 px-2 py-1 text-xs text-white hover:bg-blue-700 disabled:opacity-40"
                onClick={() => void markPrinted(r)}
              >
                <FormattedMessage id="board.adminPrint.ok" />
              </button>
            </td>
          </tr>
        )}
      />
      <Pager page={page} size={SIZE} total={total} sizeSelect={false} onChange={(p) => setPage(p)} />
    </div>
  );
}
