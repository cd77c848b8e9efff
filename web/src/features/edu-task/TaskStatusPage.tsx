// /homework/:id/status and /exam/:id/status: the teacher's grid (homework: per student real name, username, each
// problem's status with late marked, completion %) or live monitor (exam: who is in, what they submitted, score),
// kept live by push, exportable to XLSX; an exam's results are released to its students from here.
import { useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TaskKind, TaskRowVO, TaskStatusVO } from '@oj/proto';
import { Loading } from '../../components/Spinner';
import { StatusTag } from '../../components/StatusTag';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { showToast } from '../../stores/ui';
import { exportTask, releaseExam } from './task-api';
import { useTaskStatus } from './useTaskStatus';

const cellClass = 'border-b border-slate-100 px-2 py-1';

function Row({ grid, r }: { grid: TaskStatusVO; r: TaskRowVO }) {
  const intl = useIntl();
  return (
    <tr data-testid="task-grid-row" data-username={r.username}>
      <td className={cellClass}>{r.realname ?? ''}</td>
      <td className={cellClass}>{r.username}</td>
      <td className={cellClass}>{r.className}</td>
      {r.cells.map((c) => (
        <td key={c.pid} className={cellClass} data-testid="task-cell" data-status={c.status ?? ''}>
          {c.status === null ? <span className="text-slate-300">—</span> : <StatusTag status={c.status} />}
          {grid.kind === 'exam' && c.score !== null && <span className="ml-1 text-xs text-slate-500">{c.score}</span>}
          {c.late && <span className="ml-1 text-xs text-amber-600" data-testid="task-late">{intl.formatMessage({ id: 'eduTask.grid.late' })}</span>}
        </td>
      ))}
      {grid.kind === 'homework' ? (
        <td className={cellClass} data-testid="task-percent">{r.solved} / {r.cells.length} ({r.percent}%)</td>
      ) : (
        <>
          <td className={cellClass} data-testid="task-score">{r.score}</td>
          <td className={cellClass} data-testid="task-entered">{r.enteredAt ? formatDateTime(r.enteredAt) : '—'}</td>
        </>
      )}
    </tr>
  );
}

export function TaskStatusPage({ kind }: { kind: TaskKind }) {
  const intl = useIntl();
  const id = Number(useParams().id);
  const { grid, failed, reload } = useTaskStatus(kind, id);
  usePageTitle(grid?.title ?? intl.formatMessage({ id: `eduTask.grid.${kind}` }));
  if (failed) return <p className="p-6 text-center text-red-600" data-testid="task-grid-error"><FormattedMessage id="eduTask.grid.loadFailed" /></p>;
  if (!grid) return <Loading />;
  const download = () => exportTask(kind, id).catch((e: unknown) => e instanceof ApiError && showToast('error', e.message));
  const release = async () => {
    await releaseExam(id, !grid.released);
    showToast('success', intl.formatMessage({ id: grid.released ? 'eduTask.grid.hidden' : 'eduTask.grid.releasedToast' }));
    await reload();
  };
  return (
    <div className="mx-auto max-w-screen-xl space-y-3 p-4" data-testid="task-grid" data-kind={kind}>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{grid.title}</h1>
        <span className="text-sm text-slate-500"><FormattedMessage id={`eduTask.grid.${kind}`} /></span>
        <button type="button" className="ml-auto rounded border border-slate-300 px-3 py-1 text-sm" data-testid="task-export" onClick={() => void download()}>
          <FormattedMessage id="eduTask.grid.export" />
        </button>
        {kind === 'exam' && (
          <button type="button" className="rounded bg-blue-600 px-3 py-1 text-sm text-white" data-testid="task-release" data-released={grid.released} onClick={() => void release()}>
            <FormattedMessage id={grid.released ? 'eduTask.grid.hide' : 'eduTask.grid.release'} />
          </button>
        )}
      </header>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left">
            <tr>
              <th className={cellClass}><FormattedMessage id="eduTask.grid.realname" /></th>
              <th className={cellClass}><FormattedMessage id="eduTask.grid.username" /></th>
              <th className={cellClass}><FormattedMessage id="eduTask.grid.class" /></th>
              {grid.problems.map((p) => (
                <th key={p.pid} className={cellClass} title={p.title}>{p.problemId}</th>
              ))}
              {kind === 'homework' ? (
                <th className={cellClass}><FormattedMessage id="eduTask.grid.completion" /></th>
              ) : (
                <>
                  <th className={cellClass}><FormattedMessage id="eduTask.grid.score" /></th>
                  <th className={cellClass}><FormattedMessage id="eduTask.grid.entered" /></th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {grid.rows.map((r) => (
              <Row key={r.uid} grid={grid} r={r} />
            ))}
          </tbody>
        </table>
        {grid.rows.length === 0 && <p className="p-4 text-center text-sm text-slate-500"><FormattedMessage id="eduTask.grid.empty" /></p>}
      </div>
    </div>
  );
}
