// The Admin Helper tab: first ACs per user and problem for balloon runners, pushed live by
// `acinfo.new` on contest-admin:<cid>; polled every 10 s only while the socket is down; manual refresh.
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { CONTEST_LIMITS, type AcInfoVO, type ContestVO } from '@oj/proto';
import { Pager } from '../../components/Pager';
import { formatDateTime } from '../../lib/format';
import { useLiveAdminList } from './live-list';
import { checkAcInfo, getAcInfo } from './scoreboard-api';
import { ToolTable } from './ToolTable';

const SIZE = CONTEST_LIMITS.acInfoPageSize;

export function AcInfoTab({ contest }: { contest: ContestVO; isAdmin: boolean }) {
  const cid = contest.id;
  const { page, setPage, rows, setRows, total, fresh, load } = useLiveAdminList(cid, 'acinfo.new', getAcInfo, SIZE, (r) => r.checked);

  const toggle = async (row: AcInfoVO) => {
    const checked = !row.checked;
    setRows((cur) => cur?.map((r) => (r.id === row.id ? { ...r, checked } : r)) ?? cur);
    try {
      await checkAcInfo(row.id, cid, checked);
    } catch {
      setRows((cur) => cur?.map((r) => (r.id === row.id ? { ...r, checked: row.checked } : r)) ?? cur);
    }
  };

  return (
    <div className="p-4" data-testid="acinfo-tab">
      <div className="mb-3 flex items-center gap-3">
        <button type="button" data-testid="acinfo-refresh" className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:border-blue-400" onClick={() => void load(false)}>
          <FormattedMessage id="board.acinfo.refresh" />
        </button>
      </div>
      <ToolTable
        columns={['board.acinfo.time', 'board.acinfo.problem', 'board.acinfo.kind', 'board.acinfo.username', 'board.acinfo.realname', 'board.acinfo.status', 'board.acinfo.action']}
        rows={rows}
        row={(r) => (
          <tr key={r.id} data-testid="acinfo-row" data-id={r.id} data-username={r.username} data-checked={String(r.checked)} className={`border-t border-slate-100 ${fresh[r.id] ? 'sb-flash' : ''}`}>
            <td className="px-3 py-2 whitespace-nowrap text-slate-600" title={`${Math.floor(r.time / 60)}'`}>
              {formatDateTime(r.submitTime)}
            </td>
            <td className="px-3 py-2">
              <span className="inline-flex items-center gap-1.5 font-semibold">
                <span className="inline-block h-3.5 w-3.5 rounded-full border border-black/10" style={{ background: r.color ?? 'transparent' }} />
                {r.displayId}
              </span>
            </td>
            <td className="px-3 py-2">
              {r.firstBlood ? (
                <span className="rounded bg-red-600 px-2 py-0.5 text-xs text-white">
                  <FormattedMessage id="board.acinfo.firstBlood" />
                </span>
              ) : (
                <span className="rounded bg-green-600 px-2 py-0.5 text-xs text-white">
                  <FormattedMessage id="board.acinfo.accepted" />
                </span>
              )}
            </td>
            <td className="px-3 py-2">
              <Link className="text-blue-600 hover:underline" to={`/contest/${cid}/submissions?username=${encodeURIComponent(r.username)}`}>
                {r.username}
              </Link>
            </td>
            <td className="px-3 py-2 text-slate-600">{r.realname}</td>
            <td className="px-3 py-2">
              {r.checked ? (
                <span className="text-green-700">
                  <FormattedMessage id="board.acinfo.checked" />
                </span>
              ) : (
                <span className="text-amber-700">
                  <FormattedMessage id="board.acinfo.notChecked" />
                </span>
              )}
            </td>
            <td className="px-3 py-2">
              <button type="button" data-testid="acinfo-check" className="rounded bg-blue-600 px-2 py-1 text-xs text-white hover:bg-blue-700" onClick={() => void toggle(r)}>
                <FormattedMessage id="board.acinfo.checkIt" />
              </button>
            </td>
          </tr>
        )}
      />
      <Pager page={page} size={SIZE} total={total} sizeSelect={false} onChange={(p) => setPage(p)} />
    </div>
  );
}
