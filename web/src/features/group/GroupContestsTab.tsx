// The group's Contests tab: members see the group's visible contests as cards (a card opens the site's contest
// pages, which apply the group's rules); group admins also get Create and the admin table (visible switch, edit,
// problems, announcements, the accepted-code download, delete). The server decides who may change which contest (the group root,
// or the contest's creator while a group admin); the table only offers what it would accept.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { GROUP_PAGE_SIZES, type AdminContestVO, type ContestVO, type PageOf } from '@oj/proto';
import { DataTable, PagedList } from '../../components/DataTable';
import { loadAdminMessages } from '../../i18n/locale';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { readPromise } from '../../lib/read-promise';
import { sessionState } from '../../stores/session';
import { showToast } from '../../stores/ui';
import { AcCodeDialog } from '../contest/admin/ContestDownloads';
import { formatContestDuration, RuleBadge, StatusBadge } from '../contest/ContestBadges';
import { useGroupShell } from './group-context';
import { changeGroupContestVisible, deleteGroupContest, getGroupAdminContestList, getGroupContestList } from './group-contest-api';

const td = 'px-3 py-2';

export function GroupContestsTab() {
  const { group, standing } = useGroupShell();
  const [params, setParams] = useSearchParams();
  const admin = standing.admin && params.get('view') === 'admin';
  return (
    <div data-testid="group-contests">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2">
        <h2 className="mr-auto font-semibold text-slate-800">
          <FormattedMessage id={admin ? 'gcontest.tab.adminTitle' : 'gcontest.tab.title'} />
        </h2>
        {standing.admin && (
          <>
            <Link to={`/group/${group.id}/contest/create`} className="rounded bg-green-600 px-3 py-1 text-sm text-white hover:bg-green-700" data-testid="group-contest-create">
              <FormattedMessage id="gcontest.tab.create" />
            </Link>
            <button type="button" className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50" onClick={() => setParams(admin ? {} : { view: 'admin' })} data-testid="group-contest-admin-toggle">
              <FormattedMessage id={admin ? 'gcontest.tab.backToList' : 'gcontest.tab.admin'} />
            </button>
          </>
        )}
      </div>
      {admin ? <ContestAdminTable /> : <ContestCards />}
    </div>
  );
}

function usePage<T>(load: (p: { currentPage: number; limit: number }) => Promise<PageOf<T>>, size: number, deps: unknown[]) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PageOf<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load({ currentPage: page, limit: size })
      .then((d) => live && setData(d), () => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, version, ...deps]);
  return { page, setPage, data, loading, reload: () => setVersion((v) => v + 1) };
}

function ContestCards() {
  const intl = useIntl();
  const { group } = useGroupShell();
  const list = usePage((p) => getGroupContestList(group.id, p), GROUP_PAGE_SIZES.problems, [group.id]);
  return (
    <div className="p-4">
      <PagedList data={list.data} loading={list.loading} pager={{ page: list.page, size: GROUP_PAGE_SIZES.problems, onChange: (p) => list.setPage(p) }}>
        {(records: readonly ContestVO[]) => (
          <ul className="grid gap-3 sm:grid-cols-2">
            {records.map((c) => (
              <li key={c.id}>
                <Link to={`/contest/${c.id}`} className="block rounded border border-slate-200 p-3 hover:border-blue-300 hover:shadow-sm" data-testid="group-contest-card">
                  <div className="flex items-center gap-2">
                    <span className="mr-auto truncate font-medium text-slate-800" data-testid="group-contest-card-title">
                      {c.title}
                    </span>
                    <StatusBadge status={c.status} />
                  </div>
                  <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-slate-500">
                    <RuleBadge type={c.type} oiRankScoreType={c.oiRankScoreType} />
                    <span>{formatDateTime(c.startTime)}</span>
                    <span>{formatContestDuration(intl, c.duration)}</span>
                    <span>
                      <FormattedMessage id="gcontest.card.participants" values={{ n: c.count }} />
                    </span>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

function ContestAdminTable() {
  // The accepted-code dialog is the contest admin's (admin messages).
  readPromise(loadAdminMessages());
  const intl = useIntl();
  const { group, standing } = useGroupShell();
  const me = useSnapshot(sessionState).user?.uid ?? null;
  const list = usePage((p) => getGroupAdminContestList(group.id, p), GROUP_PAGE_SIZES.problems, [group.id]);
  // What the server allows: the group root (super admins included) any contest, another admin the ones they created.
  const mine = (c: AdminContestVO) => standing.root || c.uid === me;
  const run = async (work: () => Promise<unknown>, done: 'gcontest.admin.updated' | 'gcontest.admin.deleted') => {
    try {
      await work();
      showToast('success', intl.formatMessage({ id: done }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
    list.reload();
  };
  const remove = (c: AdminContestVO) => window.confirm(intl.formatMessage({ id: 'gcontest.admin.deleteConfirm' })) && void run(() => deleteGroupContest(c.id), 'gcontest.admin.deleted');
  const base = `/group/${group.id}/contest`;
  return (
    <DataTable
      data={list.data}
      loading={list.loading}
      pager={{ page: list.page, size: GROUP_PAGE_SIZES.problems, onChange: (p) => list.setPage(p) }}
      testId="group-contest-table"
      columns={['gcontest.admin.id', 'gcontest.admin.title', 'gcontest.admin.type', 'gcontest.admin.start', 'gcontest.admin.author', 'gcontest.admin.visible', 'gcontest.admin.options']}
      row={(c: AdminContestVO) => (
        <tr key={c.id} className="border-t border-slate-100" data-testid="group-contest-row">
          <td className={td}>{c.id}</td>
          <td className={`${td} max-w-xs truncate`}>
            <Link to={`/contest/${c.id}`} className="text-blue-600 hover:underline">
              {c.title}
            </Link>
          </td>
          <td className={td}>
            <RuleBadge type={c.type} oiRankScoreType={c.oiRankScoreType} />
          </td>
          <td className={`${td} text-slate-500`}>{formatDateTime(c.startTime)}</td>
          <td className={td}>{c.author}</td>
          <td className={td}>
            <input
              type="checkbox"
              checked={c.visible}
              disabled={!mine(c)}
              onChange={() => void run(() => changeGroupContestVisible(c.id, !c.visible), 'gcontest.admin.updated')}
              aria-label={intl.formatMessage({ id: 'gcontest.admin.visible' })}
              data-testid="group-contest-visible"
            />
          </td>
          <td className={`${td} space-x-3 whitespace-nowrap`}>
            {mine(c) && (
              <>
                <Link to={`${base}/${c.id}/edit`} className="text-blue-600 hover:underline" data-testid="group-contest-edit">
                  <FormattedMessage id="gcontest.admin.edit" />
                </Link>
                <Link to={`${base}/${c.id}/problems`} className="text-blue-600 hover:underline" data-testid="group-contest-problems">
                  <FormattedMessage id="gcontest.admin.problems" />
                </Link>
                <Link to={`${base}/${c.id}/announcement`} className="text-blue-600 hover:underline" data-testid="group-contest-announcements-link">
                  <FormattedMessage id="gcontest.admin.announcements" />
                </Link>
                <AcCodeDialog cid={c.id} />
                <button type="button" className="text-red-600 hover:underline" onClick={() => remove(c)} data-testid="group-contest-delete">
                  <FormattedMessage id="gcontest.admin.delete" />
                </button>
              </>
            )}
          </td>
        </tr>
      )}
    />
  );
}
