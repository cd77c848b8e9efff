// The group's Problem Admin table: id, display id, title, author, created, modified by, an auth select (public or
// private in the group; contest only is set inside a group contest) and edit, download test cases, apply for public
// (none → applying → public or refused; a pending one may be cancelled after a confirmation) and delete. A row the
// caller may not change (another admin's, another group's) is read-only.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { GROUP_APPLY_PROGRESS as P, GROUP_PAGE_SIZES, type GroupAdminProblemRow, type PageOf } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import type { MessageId } from '../../i18n/zh-CN';
import { ApiError } from '../../lib/api';
import { downloadFile, saveBlob } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { showToast } from '../../stores/ui';
import { useGroupShell } from './group-context';
import { applyGroupProblemPublic, changeGroupProblemAuth, deleteGroupProblem, getGroupAdminProblemList } from './group-api';
import { useGroupAction } from './useGroupAction';

const td = 'px-3 py-2';
const link = 'text-blue-600 hover:underline disabled:cursor-not-allowed disabled:text-slate-300 disabled:no-underline';

const AUTHS: [number, MessageId][] = [
  [1, 'group.problem.authPublic'],
  [2, 'group.problem.authPrivate'],
  [3, 'group.problem.authContest'],
];

function ApplyCell({ row, onApply, onCancel }: { row: GroupAdminProblemRow; onApply: () => void; onCancel: () => void }) {
  const p = row.applyPublicProgress;
  if (p === P.APPLYING)
    return (
      <button type="button" className={link} disabled={!row.editable} onClick={onCancel} data-testid="group-problem-cancel-apply" data-progress={p}>
        <FormattedMessage id="group.problem.cancelApply" />
      </button>
    );
  if (p === P.PUBLIC)
    return (
      <span className="text-green-700" data-testid="group-problem-public" data-progress={p}>
        <FormattedMessage id="group.problem.isPublic" />
      </span>
    );
  return (
    <button type="button" className={link} disabled={!row.editable} onClick={onApply} data-testid="group-problem-apply" data-progress={p ?? 0}>
      <FormattedMessage id={p === P.REFUSED ? 'group.problem.applyAgain' : 'group.problem.applyPublic'} />
    </button>
  );
}

export function GroupProblemAdmin() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { group } = useGroupShell();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PageOf<GroupAdminProblemRow> | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    getGroupAdminProblemList(group.id, { currentPage: page, limit: GROUP_PAGE_SIZES.adminProblems })
      .then((d) => live && setData(d))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [group.id, page, tick]);

  const { run } = useGroupAction(() => setTick((t) => t + 1));
  const download = (row: GroupAdminProblemRow) =>
    void downloadFile('/file/download-testcase', { pid: row.id }, `problem_${row.problemId}_testcase.zip`).then(
      ({ blob, fileName }) => saveBlob(blob, fileName),
      (e: unknown) => {
        if (!(e instanceof ApiError)) throw e;
        showToast('error', e.message);
      },
    );
  const cancel = (row: GroupAdminProblemRow) => window.confirm(intl.formatMessage({ id: 'group.problem.cancelApplyConfirm' })) && void run(() => applyGroupProblemPublic(row.id, false), 'group.problem.applyCancelled');
  const remove = (row: GroupAdminProblemRow) => window.confirm(intl.formatMessage({ id: 'group.problem.deleteConfirm' }, { id: row.problemId })) && void run(() => deleteGroupProblem(row.id), 'group.problem.deleted');

  return (
    <DataTable
      data={data}
      loading={loading}
      pager={{ page, size: GROUP_PAGE_SIZES.adminProblems, onChange: (p) => setPage(p) }}
      testId="group-problem-admin"
      nowrap
      columns={['group.problem.id', 'group.problem.problemId', 'group.problem.title', 'group.problem.author', 'group.problem.created', 'group.problem.modifiedBy', 'group.problem.auth', 'group.problem.options']}
      row={(row) => (
        <tr key={row.id} className="border-t border-slate-100" data-testid="group-problem-admin-row" data-problem-id={row.problemId} data-editable={row.editable}>
          <td className={td}>{row.id}</td>
          <td className={`${td} font-mono`}>{row.problemId}</td>
          <td className={`${td} max-w-xs truncate`}>{row.title}</td>
          <td className={td}>{row.author}</td>
          <td className={`${td} text-slate-500`}>{formatDateTime(row.gmtCreate)}</td>
          <td className={td}>{row.modifiedUser}</td>
          <td className={td}>
            <select
              className="rounded border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-100"
              value={row.auth}
              disabled={!row.editable}
              onChange={(e) => void run(() => changeGroupProblemAuth(row.id, Number(e.target.value)), 'group.problem.updated')}
              aria-label={intl.formatMessage({ id: 'group.problem.auth' })}
              data-testid="group-problem-auth"
            >
              {AUTHS.map(([a, label]) => (
                <option key={a} value={a} disabled={a === 3}>
                  {intl.formatMessage({ id: label })}
                </option>
              ))}
            </select>
          </td>
          <td className={`${td} space-x-3 whitespace-nowrap`}>
            <button type="button" className={link} disabled={!row.editable} onClick={() => navigate(`/group/${group.id}/problem/${row.id}/edit`)} data-testid="group-problem-edit">
              <FormattedMessage id="group.problem.edit" />
            </button>
            <button type="button" className={link} disabled={!row.editable} onClick={() => download(row)} data-testid="group-problem-download">
              <FormattedMessage id="group.problem.download" />
            </button>
            <ApplyCell row={row} onApply={() => void run(() => applyGroupProblemPublic(row.id, true), 'group.problem.applied')} onCancel={() => cancel(row)} />
            <button type="button" className="text-red-600 hover:underline disabled:cursor-not-allowed disabled:text-slate-300 disabled:no-underline" disabled={!row.editable} onClick={() => remove(row)} data-testid="group-problem-delete">
              <FormattedMessage id="group.problem.delete" />
            </button>
          </td>
        </tr>
      )}
    />
  );
}
