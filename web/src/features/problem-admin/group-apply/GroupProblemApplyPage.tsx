// /admin/group-problem/apply (root and problem admins): the group problems applying to be public, open applications
// first: display id, title, author, group, state, and the decision (approve: the problem becomes public and leaves
// its group; refuse; back to applying). Other admins are sent to their admin home (the server refuses them anyway).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { GROUP_APPLY_PROGRESS as P, PAGE_SIZES, ROLE, type GroupApplyProblemRow, type PageOf } from '@oj/proto';
import { DataTable } from '../../../components/DataTable';
import { KeywordSearch } from '../../../components/KeywordSearch';
import type { MessageId } from '../../../i18n/zh-CN';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useLatestValue } from '../../../lib/useLatestRead';
import { usePageTitle } from '../../../lib/usePageTitle';
import { sessionState } from '../../../stores/session';
import { showToast } from '../../../stores/ui';
import { adminHome } from '../../admin/admin-menu';
import { changeGroupProblemProgress, getGroupApplyProblemList } from '../../group/group-api';

const STATE: Record<number, [MessageId, string]> = {
  [P.APPLYING]: ['groupAdmin.apply.applying', 'bg-amber-100 text-amber-800'],
  [P.PUBLIC]: ['groupAdmin.apply.public', 'bg-green-100 text-green-800'],
  [P.REFUSED]: ['groupAdmin.apply.refused', 'bg-slate-200 text-slate-700'],
};

const td = 'px-3 py-2';

export function GroupProblemApplyPage() {
  const { roles } = useSnapshot(sessionState);
  if (!roles.includes(ROLE.ROOT) && !roles.includes(ROLE.PROBLEM_ADMIN)) return <Navigate to={adminHome(roles)} replace />;
  return <ApplyTable />;
}

function ApplyTable() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'groupAdmin.apply.title' }));
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES.adminList);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const { data, loading, show } = useLatestValue<PageOf<GroupApplyProblemRow>>();
  const load = useCallback(() => show(getGroupApplyProblemList({ currentPage: page, limit: size, ...(keyword && { keyword }) })), [page, size, keyword, show]);
  useEffect(() => void load(), [load]);

  const decide = async (row: GroupApplyProblemRow, progress: number) => {
    if (progress === P.PUBLIC && !window.confirm(intl.formatMessage({ id: 'groupAdmin.apply.approveConfirm' }, { id: row.problemId }))) return;
    try {
      await changeGroupProblemProgress(row.id, progress);
      showToast('success', intl.formatMessage({ id: 'groupAdmin.apply.done' }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
    await load();
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setKeyword(draft.trim());
  };
  const action = 'rounded border px-2 py-0.5 text-xs disabled:cursor-not-allowed disabled:opacity-40';

  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="group-apply-page">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
        <h1 className="mr-auto font-semibold text-slate-800">
          <FormattedMessage id="groupAdmin.apply.title" />
        </h1>
        <KeywordSearch testId="group-apply-keyword" placeholder="groupAdmin.apply.keyword" value={draft} onChange={setDraft} onSubmit={search} />
      </div>
      <DataTable
        data={data}
        loading={loading}
        testId="group-apply-table"
        nowrap
        pager={{ page, size, onChange: (p, s) => (setPage(p), setSize(s)) }}
        columns={['groupAdmin.apply.id', 'groupAdmin.apply.displayId', 'groupAdmin.apply.problemTitle', 'groupAdmin.apply.author', 'groupAdmin.apply.group', 'groupAdmin.apply.modified', 'groupAdmin.apply.state', 'groupAdmin.apply.option']}
        row={(row) => {
          const [label, style] = STATE[row.applyPublicProgress] ?? STATE[P.APPLYING]!;
          return (
            <tr key={row.id} className="border-t border-slate-100" data-testid="group-apply-row" data-problem-id={row.problemId} data-progress={row.applyPublicProgress}>
              <td className={td}>{row.id}</td>
              <td className={`${td} font-mono`}>{row.problemId}</td>
              <td className={td}>{row.title}</td>
              <td className={td}>{row.author}</td>
              <td className={td}>{row.gid !== null && row.groupName !== null ? <Link to={`/group/${row.gid}`} className="text-blue-600 hover:underline">{row.groupName}</Link> : '—'}</td>
              <td className={`${td} text-slate-500`}>{formatDateTime(row.gmtModified)}</td>
              <td className={td}>
                <span className={`rounded px-2 py-0.5 text-xs ${style}`}>
                  <FormattedMessage id={label} />
                </span>
              </td>
              <td className={`${td} space-x-2`}>
                <button type="button" className={`${action} border-green-400 text-green-700`} disabled={row.applyPublicProgress === P.PUBLIC} onClick={() => void decide(row, P.PUBLIC)} data-testid="group-apply-approve">
                  <FormattedMessage id="groupAdmin.apply.approve" />
                </button>
                <button type="button" className={`${action} border-red-300 text-red-600`} disabled={row.applyPublicProgress === P.REFUSED} onClick={() => void decide(row, P.REFUSED)} data-testid="group-apply-refuse">
                  <FormattedMessage id="groupAdmin.apply.refuse" />
                </button>
              </td>
            </tr>
          );
        }}
      />
    </div>
  );
}
