// /status: the submission list with Mine/All, status, problem and author filters and paging. Rows still
// being judged are watched live (socket, or fallback polling while it is down).
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { JudgeStatus, PAGE_SIZES, type Submission, type SubmissionListItem } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import { StatusTag } from '../../components/StatusTag';
import { formatDateTime, formatMemoryKb, formatTimeMs, relativeTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { applyRow } from './useLiveSubmission';
import { openLoginDialog, showToast } from '../../stores/ui';
import { getSubmissionList } from './submission-api';
import { resubmit } from './judge-admin-api';
import { ManualJudgePopover, RejudgeButton } from './ManualJudge';
import { applyAdminResult } from './useLiveSubmission';
import { ApiError } from '../../lib/api';
import { SubmissionFilters } from './SubmissionFilters';
import { useLiveSubmission, useSubmissionPage, useSubmissionQuery, useWatchInProgress } from './submission-query';

function SubmitTime({ at }: { at: string }) {
  const intl = useIntl();
  const { value, unit } = relativeTime(at);
  return <span title={formatDateTime(at)}>{intl.formatRelativeTime(value, unit, { numeric: 'auto' })}</span>;
}

interface RowTools {
  /** Super admin: the status opens the manual judge popover, and the Rejudge column shows. */
  superAdmin: boolean;
  myUid: string | null;
  onDone: (s: Submission) => void;
}

function StatusCell({ row, status, tools }: { row: SubmissionListItem; status: number; tools: RowTools }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const doResubmit = async () => {
    try {
      const s = await resubmit(row.submitId);
      applyAdminResult(s);
      tools.onDone(s);
      showToast('success', intl.formatMessage({ id: 'submission.admin.resubmitted' }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  const resubmitButton = status === JudgeStatus.SUBMITTED_FAILED && tools.myUid === row.uid && (
    <button type="button" data-testid="resubmit" className="ml-2 text-xs text-blue-600 hover:underline" onClick={() => void doResubmit()}>
      <FormattedMessage id="submission.admin.resubmit" />
    </button>
  );
  if (!tools.superAdmin) {
    return (
      <>
        <StatusTag status={status} />
        {resubmitButton}
      </>
    );
  }
  return (
    <span className="relative inline-block">
      <button type="button" data-testid="status-admin" onClick={() => setOpen((o) => !o)} title={intl.formatMessage({ id: 'submission.admin.modify' })}>
        <StatusTag status={status} />
      </button>
      {resubmitButton}
      {open && (
        <ManualJudgePopover
          submitId={row.submitId}
          status={status}
          isOi={row.oiRankScore !== null || row.score !== null}
          onDone={tools.onDone}
          onClose={() => setOpen(false)}
        />
      )}
    </span>
  );
}

function StatusRow({ row, tools, gid }: { row: SubmissionListItem; tools: RowTools; gid?: number }) {
  const { status, time, memory, score } = useLiveSubmission(row);
  // Inside a group its submissions open inside the group's routes.
  const detail = gid ? `/group/${gid}/submission-detail/${row.submitId}` : `/submission-detail/${row.submitId}`;
  // A group's problem opens inside its group (the site's problem page does not show it).
  const problemPath = `${row.problemGid ? `/group/${row.problemGid}` : ''}/problem/${encodeURIComponent(row.displayPid)}`;
  const td = 'px-3 py-2 whitespace-nowrap';
  return (
    <tr data-testid="status-row" data-submit-id={row.submitId} data-status={status} className="border-t border-slate-100 hover:bg-slate-50">
      <td className={td}>
        <Link to={detail} className="text-blue-600 hover:underline" data-testid="status-submit-id">
          {row.submitId}
        </Link>
      </td>
      <td className={td}>
        <Link to={problemPath} className="text-blue-600 hover:underline" title={row.title} data-testid="status-problem">
          {row.displayPid}
        </Link>
      </td>
      <td className={td}>
        <StatusCell row={row} status={status} tools={tools} />
      </td>
      <td className={td}>{score ?? '--'}</td>
      <td className={td}>{formatTimeMs(time)}</td>
      <td className={td}>{formatMemoryKb(memory)}</td>
      <td className={`${td} hidden lg:table-cell`}>
        <FormattedMessage id="common.unit.bytes" values={{ value: row.length }} />
      </td>
      <td className={td}>
        <Link to={detail} className="hover:text-blue-600">
          {row.language}
        </Link>
      </td>
      <td className={`${td} hidden xl:table-cell text-slate-500`}>{row.judger ?? '--'}</td>
      <td className={td}>
        <Link to={`/user-home?uid=${encodeURIComponent(row.uid)}&username=${encodeURIComponent(row.username)}`} className="hover:text-blue-600">
          {row.username}
        </Link>
      </td>
      <td className={`${td} text-slate-500`}>
        <SubmitTime at={row.submitTime} />
      </td>
      {tools.superAdmin && (
        <td className={td}>
          <RejudgeButton submitId={row.submitId} onDone={tools.onDone} />
        </td>
      )}
    </tr>
  );
}

/** `gid`: a group's status tab (its members' submissions inside the group). */
export function StatusListPage({ gid }: { gid?: number } = {}) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'submission.list.title' }));
  const session = useSnapshot(sessionState);
  const loggedIn = isLoggedIn(session);
  const query = useSubmissionQuery({
    mineAllowed: loggedIn,
    defaultLimit: (mine) => (mine ? PAGE_SIZES.mySubmissionList : PAGE_SIZES.submissionList),
  });
  const { onlyMine, page, limit, status, problemID, username, update } = query;

  const [reload, setReload] = useState(0);
  const { data, setData, loading } = useSubmissionPage<SubmissionListItem>(
    () =>
      getSubmissionList({
        currentPage: page,
        limit,
        onlyMine: onlyMine || undefined,
        status,
        problemID: problemID || undefined,
        username: onlyMine ? undefined : username || undefined,
        gid,
      }),
    JSON.stringify([page, limit, onlyMine, status ?? null, problemID, username, reload, gid ?? null]),
    applyRow,
  );

  // Watch the rows still being judged; leaving the page (or the page changing) stops it.
  useWatchInProgress(data?.records);

  // An admin action's answer patches its row, so a restarted judge is watched live like any other.
  const onDone = useCallback((s: Submission) => {
    setData((d) =>
      d
        ? {
            ...d,
            records: d.records.map((r) =>
              r.submitId === s.submitId ? { ...r, status: s.status, score: s.score, time: s.time, memory: s.memory, judger: s.judger, isManual: s.isManual, oiRankScore: s.oiRankScore } : r,
            ),
          }
        : d,
    );
  }, []);
  const tools: RowTools = { superAdmin: session.roles.includes('root'), myUid: session.user?.uid ?? null, onDone };

  const setMine = (mine: boolean) => {
    if (mine && !loggedIn) {
      showToast('warning', intl.formatMessage({ id: 'error.AUTH_NOT_LOGGED_IN' }));
      openLoginDialog('login');
      return;
    }
    update({ onlyMine: mine ? 'true' : undefined, currentPage: 1, limit: undefined });
  };

  return (
    <div className="mx-auto max-w-screen-2xl px-4 py-6">
      <div className="rounded-lg border border-slate-200 bg-white">
        <SubmissionFilters
          query={query}
          onMine={setMine}
          onRefresh={() => setReload((n) => n + 1)}
          testIdPrefix=""
          messages={{ mine: 'submission.list.mine', all: 'submission.list.all', statusAll: 'submission.list.statusAll', problem: 'submission.list.problemId', author: 'submission.list.author' }}
          problemWidth="w-32"
        >
          <h1 className="mr-auto text-lg font-semibold text-slate-800">
            <FormattedMessage id="submission.list.title" />
          </h1>
        </SubmissionFilters>
        <DataTable
          data={data}
          loading={loading}
          testId="status-table"
          nowrap
          columns={[
            'submission.list.runId',
            'submission.list.problem',
            'submission.list.status',
            'submission.list.score',
            'submission.list.time',
            'submission.list.memory',
            { id: 'submission.list.length', className: 'hidden lg:table-cell' },
            'submission.list.language',
            { id: 'submission.list.judger', className: 'hidden xl:table-cell' },
            'submission.list.author',
            'submission.list.submitTime',
            tools.superAdmin && 'submission.admin.option',
          ]}
          row={(r) => <StatusRow key={r.submitId} row={r} tools={tools} gid={gid} />}
          pager={{ page, size: limit, onChange: (p, s) => update({ currentPage: p, limit: s }) }}
        />
      </div>
    </div>
  );
}
