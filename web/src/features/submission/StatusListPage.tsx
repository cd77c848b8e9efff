// /status: the submission list with Mine/All, status, problem and author filters and paging. Rows still
// being judged are watched live (socket, or fallback polling while it is down).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { TableHead } from '../../components/TableHead';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { ALL_JUDGE_STATUSES, isInProgress, JudgeStatus, PAGE_SIZES, type PageOf, type Submission, type SubmissionListItem } from '@oj/proto';
import { Pager } from '../../components/Pager';
import { Empty, Loading } from '../../components/Spinner';
import { StatusTag } from '../../components/StatusTag';
import { formatDateTime, formatMemoryKb, formatTimeMs, relativeTime } from '../../lib/format';
import { watchSubmission } from '../../lib/socket';
import { usePageTitle } from '../../lib/usePageTitle';
import { isLoggedIn, sessionState } from '../../stores/session';
import { applyRow, submissionsState } from '../../stores/submissions';
import { openLoginDialog, showToast } from '../../stores/ui';
import { getSubmissionList } from './submission-api';
import { resubmit } from './judge-admin-api';
import { ManualJudgePopover, RejudgeButton } from './ManualJudge';
import { applyAdminResult } from '../../stores/submissions';
import { ApiError } from '../../lib/api';

function intParam(v: string | null, fallback: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

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

function StatusRow({ row, tools }: { row: SubmissionListItem; tools: RowTools }) {
  const { byId } = useSnapshot(submissionsState);
  const live = byId[row.submitId];
  const status = live?.status ?? row.status;
  const time = live ? live.time : row.time;
  const memory = live ? live.memory : row.memory;
  const score = live ? live.score : row.score;
  const td = 'px-3 py-2 whitespace-nowrap';
  return (
    <tr data-testid="status-row" data-submit-id={row.submitId} data-status={status} className="border-t border-slate-100 hover:bg-slate-50">
      <td className={td}>
        <Link to={`/submission-detail/${row.submitId}`} className="text-blue-600 hover:underline">
          {row.submitId}
        </Link>
      </td>
      <td className={td}>
        <Link to={`/problem/${encodeURIComponent(row.displayPid)}`} className="text-blue-600 hover:underline" title={row.title}>
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
        <Link to={`/submission-detail/${row.submitId}`} className="hover:text-blue-600">
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

export function StatusListPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'submission.list.title' }));
  const session = useSnapshot(sessionState);
  const [params, setParams] = useSearchParams();
  const loggedIn = isLoggedIn(session);
  const onlyMine = params.get('onlyMine') === 'true' && loggedIn;
  const page = intParam(params.get('currentPage'), 1);
  const limit = intParam(params.get('limit'), onlyMine ? PAGE_SIZES.mySubmissionList : PAGE_SIZES.submissionList);
  const statusRaw = params.get('status');
  const status = statusRaw !== null && statusRaw !== '' && Number.isInteger(Number(statusRaw)) ? Number(statusRaw) : undefined;
  const problemID = params.get('problemID') ?? '';
  const username = params.get('username') ?? '';

  const [data, setData] = useState<PageOf<SubmissionListItem> | null>(null);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [draft, setDraft] = useState({ problemID, username });

  useEffect(() => setDraft({ problemID, username }), [problemID, username]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    getSubmissionList({
      currentPage: page,
      limit,
      onlyMine: onlyMine || undefined,
      status,
      problemID: problemID || undefined,
      username: onlyMine ? undefined : username || undefined,
    })
      .then((d) => {
        if (!live) return;
        for (const r of d.records) applyRow(r);
        setData(d);
      })
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, limit, onlyMine, status, problemID, username, reload]);

  // Watch the rows still being judged; leaving the page (or the page changing) stops it.
  const inProgressKey = (data?.records ?? []).filter((r) => isInProgress(r.status)).map((r) => r.submitId).join(',');
  useEffect(() => {
    if (!inProgressKey) return;
    const stops = inProgressKey.split(',').map((id) => watchSubmission(Number(id)));
    return () => stops.forEach((stop) => stop());
  }, [inProgressKey]);

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

  const update = useCallback(
    (patch: Record<string, string | number | undefined>) => {
      const next = new URLSearchParams(params);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      setParams(next);
    },
    [params, setParams],
  );

  const setMine = (mine: boolean) => {
    if (mine && !loggedIn) {
      showToast('warning', intl.formatMessage({ id: 'error.AUTH_NOT_LOGGED_IN' }));
      openLoginDialog('login');
      return;
    }
    update({ onlyMine: mine ? 'true' : undefined, currentPage: 1, limit: undefined });
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ problemID: draft.problemID.trim(), username: onlyMine ? undefined : draft.username.trim(), currentPage: 1 });
  };

  const toggle = (active: boolean) =>
    `px-3 py-1 text-sm ${active ? 'bg-blue-600 text-white' : 'bg-white text-slate-600 hover:bg-slate-50'}`;
  return (
    <div className="mx-auto max-w-screen-2xl px-4 py-6">
      <div className="rounded-lg border border-slate-200 bg-white">
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
          <h1 className="mr-auto text-lg font-semibold text-slate-800">
            <FormattedMessage id="submission.list.title" />
          </h1>
          <div className="flex overflow-hidden rounded border border-slate-300" role="group">
            <button type="button" data-testid="filter-mine" aria-pressed={onlyMine} className={toggle(onlyMine)} onClick={() => setMine(true)}>
              <FormattedMessage id="submission.list.mine" />
            </button>
            <button type="button" data-testid="filter-all" aria-pressed={!onlyMine} className={toggle(!onlyMine)} onClick={() => setMine(false)}>
              <FormattedMessage id="submission.list.all" />
            </button>
          </div>
          <select
            data-testid="status-filter"
            className="rounded border border-slate-300 bg-white px-2 py-1 text-sm"
            value={status ?? ''}
            onChange={(e) => update({ status: e.target.value, currentPage: 1 })}
          >
            <option value="">{intl.formatMessage({ id: 'submission.list.statusAll' })}</option>
            {ALL_JUDGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage({ id: `judge.status.${s}` })}
              </option>
            ))}
          </select>
          <form onSubmit={search} className="flex flex-wrap gap-2">
            <input
              data-testid="problem-filter"
              className="w-32 rounded border border-slate-300 px-2 py-1 text-sm"
              placeholder={intl.formatMessage({ id: 'submission.list.problemId' })}
              value={draft.problemID}
              onChange={(e) => setDraft({ ...draft, problemID: e.target.value })}
            />
            <input
              data-testid="author-filter"
              className="w-32 rounded border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-100"
              placeholder={intl.formatMessage({ id: 'submission.list.author' })}
              disabled={onlyMine}
              value={onlyMine ? '' : draft.username}
              onChange={(e) => setDraft({ ...draft, username: e.target.value })}
            />
            <button type="submit" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700">
              <FormattedMessage id="common.action.search" />
            </button>
            <button
              type="button"
              className="rounded border border-slate-300 px-3 py-1 text-sm text-slate-600 hover:bg-slate-50"
              onClick={() => setReload((n) => n + 1)}
            >
              <FormattedMessage id="common.action.refresh" />
            </button>
          </form>
        </div>
        {loading && !data ? (
          <Loading />
        ) : !data || data.records.length === 0 ? (
          <Empty />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="status-table">
              <TableHead nowrap columns={[
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
              ]} />
              <tbody>
                {data.records.map((r) => (
                  <StatusRow key={r.submitId} row={r} tools={tools} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="px-4">
          <Pager page={page} size={limit} total={data?.total ?? 0} onChange={(p, s) => update({ currentPage: p, limit: s })} />
        </div>
      </div>
    </div>
  );
}
