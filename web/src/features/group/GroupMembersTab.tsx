// The member tab: the member list (members proper, the root first) and, for group admins, the member admin table
// with the applications first: an auth select enabled by the specification's rules (group-roles.ts), the applicant's
// reason, and remove (not oneself nor the owner, after a confirmation). Changes pushed on `group:<gid>` reload it.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { GROUP_MEMBER_AUTH as M, GROUP_PAGE_SIZES, type GroupMemberVO, type PageOf } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import type { MessageId } from '../../i18n/zh-CN';
import { formatDateTime } from '../../lib/format';
import { sessionState } from '../../stores/session';
import { useGroupShell } from './group-context';
import { deleteGroupMember, getGroupApplyList, getGroupMemberList, updateGroupMember } from './group-api';
import { canChangeRow, canRemoveRow, levelOffered } from './group-roles';
import { useGroupAction } from './useGroupAction';

export const AUTH_LABEL: Record<number, MessageId> = {
  [M.APPLYING]: 'group.member.applying',
  [M.REFUSED]: 'group.member.refused',
  [M.MEMBER]: 'group.member.member',
  [M.ADMIN]: 'group.member.admin',
  [M.ROOT]: 'group.member.root',
};

const td = 'px-3 py-2';
const tr = 'border-t border-slate-100';

function usePaged(load: (p: { currentPage: number; limit: number }) => Promise<PageOf<GroupMemberVO>>, deps: unknown[]) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(GROUP_PAGE_SIZES.members);
  const [data, setData] = useState<PageOf<GroupMemberVO> | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load({ currentPage: page, limit: size })
      .then((d) => live && setData(d))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, size, ...deps]);
  return { data, loading, pager: { page, size, onChange: (p: number, s: number) => (setPage(p), setSize(s)) } };
}

const userLink = (username: string) => (
  <Link to={`/user-home?username=${encodeURIComponent(username)}`} className="text-blue-600 hover:underline">
    {username}
  </Link>
);

function MemberList() {
  const { group, membersVersion } = useGroupShell();
  const { data, loading, pager } = usePaged((p) => getGroupMemberList(group.id, p), [group.id, membersVersion]);
  return (
    <DataTable
      data={data}
      loading={loading}
      pager={pager}
      testId="group-member-list"
      columns={['group.member.username', 'group.member.auth', 'group.member.joined']}
      row={(m) => (
        <tr key={m.uid} className={tr} data-testid="group-member-row" data-username={m.username}>
          <td className={td}>{userLink(m.username)}</td>
          <td className={td}>
            <FormattedMessage id={AUTH_LABEL[m.auth] ?? 'group.member.member'} />
          </td>
          <td className={`${td} text-slate-500`}>{formatDateTime(m.gmtCreate)}</td>
        </tr>
      )}
    />
  );
}

function MemberAdmin() {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  const { group, standing, membersVersion, reload } = useGroupShell();
  const [tick, setTick] = useState(0);
  const { data, loading, pager } = usePaged((p) => getGroupApplyList(group.id, p), [group.id, membersVersion, tick]);
  const me = session.user?.uid ?? null;
  const { run } = useGroupAction((ok) => {
    if (ok) reload();
    setTick((t) => t + 1);
  });
  const remove = (m: GroupMemberVO) => {
    if (!window.confirm(intl.formatMessage({ id: 'group.member.deleteConfirm' }, { username: m.username }))) return;
    void run(() => deleteGroupMember(m.uid, group.id), 'group.member.deleted');
  };
  return (
    <DataTable
      data={data}
      loading={loading}
      pager={pager}
      testId="group-member-admin"
      nowrap
      columns={['group.member.username', 'group.member.created', 'group.member.modified', 'group.member.auth', 'group.member.options']}
      row={(m) => (
        <tr key={m.uid} className={tr} data-testid="group-member-admin-row" data-username={m.username} data-auth={m.auth}>
          <td className={td}>{userLink(m.username)}</td>
          <td className={`${td} text-slate-500`}>{formatDateTime(m.gmtCreate)}</td>
          <td className={`${td} text-slate-500`}>{formatDateTime(m.gmtModify)}</td>
          <td className={td}>
            <select
              className="rounded border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-100"
              value={m.auth}
              disabled={!canChangeRow(standing, m, group.uid)}
              onChange={(e) => void run(() => updateGroupMember(group.id, m.uid, Number(e.target.value)), 'group.member.updated')}
              aria-label={intl.formatMessage({ id: 'group.member.auth' })}
              data-testid="group-member-auth"
            >
              {[M.APPLYING, M.REFUSED, M.MEMBER, M.ADMIN, M.ROOT].map((level) => (
                <option key={level} value={level} disabled={level !== m.auth && !levelOffered(standing, level)}>
                  {intl.formatMessage({ id: AUTH_LABEL[level]! })}
                </option>
              ))}
            </select>
          </td>
          <td className={`${td} space-x-3`}>
            <button type="button" className="text-blue-600 hover:underline disabled:text-slate-300" disabled={!m.reason} onClick={() => window.alert(m.reason ?? '')} data-testid="group-member-reason">
              <FormattedMessage id="group.member.viewReason" />
            </button>
            {canRemoveRow(standing, m, me, group.uid) && (
              <button type="button" className="text-red-600 hover:underline" onClick={() => remove(m)} data-testid="group-member-delete">
                <FormattedMessage id="group.member.delete" />
              </button>
            )}
          </td>
        </tr>
      )}
    />
  );
}

export function GroupMembersTab() {
  const { standing } = useGroupShell();
  const [admin, setAdmin] = useState(false);
  const tab = (on: boolean) => `rounded px-3 py-1 text-sm ${on ? 'bg-blue-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`;
  return (
    <div data-testid="group-members">
      {standing.admin && (
        <div className="flex gap-2 border-b border-slate-100 px-4 py-2">
          <button type="button" className={tab(!admin)} onClick={() => setAdmin(false)} data-testid="group-members-list-view">
            <FormattedMessage id="group.member.list" />
          </button>
          <button type="button" className={tab(admin)} onClick={() => setAdmin(true)} data-testid="group-members-admin-view">
            <FormattedMessage id="group.member.adminView" />
          </button>
        </div>
      )}
      {standing.admin && admin ? <MemberAdmin /> : <MemberList />}
    </div>
  );
}
