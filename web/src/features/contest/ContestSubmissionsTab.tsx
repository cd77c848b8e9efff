// The Status tab (/contest/:contestID/submissions): the contest's submissions with Mine/All, problem, status and
// author filters in the URL. Rows still being judged are watched live (lib/socket.ts watchSubmission); while the
// socket is down they are polled with check-contest-submissions-status (2 s, at most 300 polls).
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { ALL_JUDGE_STATUSES, isInProgress, POLLING, type ContestSubmissionItem, type PageOf } from '@oj/proto';
import { Pager } from '../../components/Pager';
import { Empty, Loading } from '../../components/Spinner';
import { StatusTag } from '../../components/StatusTag';
import { TableHead } from '../../components/TableHead';
import { formatDateTime, formatMemoryKb, formatTimeMs } from '../../lib/format';
import { watchSubmission } from '../../lib/socket';
import { applyRow, submissionsState } from '../../stores/submissions';
import { connectionState } from '../../stores/ui';
import { checkContestSubmissions, getContestSubmissions } from './contest-api';
import { useContestShell } from './contest-context';

const PAGE_SIZE = 15;

function intParam(v: string | null, fallback: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The store takes practice rows; a contest row may hide its length (null) while the contest runs. */
const toStoreRow = (r: ContestSubmissionItem) => ({ ...r, length: r.length ?? 0 });

function Row({ cid, row, showScore }: { cid: number; row: ContestSubmissionItem; showScore: boolean }) {
  const { byId } = useSnapshot(submissionsState);
  const live = byId[row.submitId];
  const status = live?.status ?? row.status;
  const time = live ? live.time : row.time;
  const memory = live ? live.memory : row.memory;
  const score = live ? live.score : row.score;
  const displayId = row.displayId ?? row.displayPid;
  const detail = `/contest/${cid}/problem/${encodeURIComponent(displayId)}/submission-detail/${row.submitId}`;
  const td = 'px-3 py-2 whitespace-nowrap';
  return (
    <tr data-testid="contest-status-row" data-submit-id={row.submitId} data-status={status} className="border-t border-slate-100 hover:bg-slate-50">
      <td className={td}>
        <Link to={detail} className="text-blue-600 hover:underline">
          {row.submitId}
        </Link>
      </td>
      <td className={td}>
        <Link to={`/contest/${cid}/problem/${encodeURIComponent(displayId)}`} className="text-blue-600 hover:underline" title={row.title}>
          {displayId}
        </Link>
      </td>
      <td className={td}>
        <Link to={detail}>
          <StatusTag status={status} />
        </Link>
      </td>
      {showScore && <td className={td}>{score ?? '--'}</td>}
      <td className={td}>{formatTimeMs(time)}</td>
      <td className={td}>{formatMemoryKb(memory)}</td>
      <td className={`${td} hidden lg:table-cell`}>{row.length === null ? '--' : <FormattedMessage id="common.unit.bytes" values={{ value: row.length }} />}</td>
      <td className={td}>{row.language}</td>
      <td className={td}>{row.username}</td>
      <td className={`${td} text-slate-500`}>{formatDateTime(row.submitTime)}</td>
    </tr>
  );
}

/** Polls the in-progress rows while the socket is down; stops when it is back or after 300 polls. */
function useFallbackPolling(cid: number, ids: string) {
  const conn = useSnapshot(connectionState);
  const polls = useRef(0);
  useEffect(() => {
    polls.current = 0;
  }, [ids]);
  useEffect(() => {
    if (!ids || conn.connected) return;
    const t = setInterval(() => {
      const pending = ids
        .split(',')
        .map(Number)
        .filter((id) => isInProgress(submissionsState.byId[id]?.status ?? 5));
      if (pending.length === 0 || polls.current >= POLLING.submissionMaxPolls) return;
      polls.current++;
      checkContestSubmissions(cid, pending).then(
        (map) => Object.values(map).forEach((r) => applyRow(toStoreRow(r))),
        () => undefined,
      );
    }, POLLING.submissionMs);
    return () => clearInterval(t);
  }, [cid, ids, conn.connected]);
}

export function ContestSubmissionsTab() {
  const intl = useIntl();
  const { contest } = useContestShell();
  const cid = contest.id;
  const [params, setParams] = useSearchParams();
  const onlyMine = params.get('onlyMine') === 'true';
  const page = intParam(params.get('currentPage'), 1);
  const limit = intParam(params.get('limit'), PAGE_SIZE);
  const statusRaw = params.get('status');
  const status = statusRaw !== null && statusRaw !== '' && Number.isInteger(Number(statusRaw)) ? Number(statusRaw) : undefined;
  const problemID = params.get('problemID') ?? '';
  const username = params.get('username') ?? '';

  const [data, setData] = useState<PageOf<ContestSubmissionItem> | null>(null);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [draft, setDraft] = useState({ problemID, username });
  useEffect(() => setDraft({ problemID, username }), [problemID, username]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    getContestSubmissions({
      contestID: cid,
      currentPage: page,
      limit,
      onlyMine: onlyMine || undefined,
      status,
      problemID: problemID || undefined,
      username: onlyMine ? undefined : username || undefined,
      beforeContestSubmit: false,
      completeProblemID: false,
    })
      .then((d) => {
        if (!live) return;
        for (const r of d.records) applyRow(toStoreRow(r));
        setData(d);
      })
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [cid, page, limit, onlyMine, status, problemID, username, reload]);

  const inProgress = (data?.records ?? []).filter((r) => isInProgress(r.status)).map((r) => r.submitId).join(',');
  useEffect(() => {
    if (!inProgress) return;
    const stops = inProgress.split(',').map((id) => watchSubmission(Number(id), cid));
    return () => stops.forEach((stop) => stop());
  }, [inProgress, cid]);
  useFallbackPolling(cid, inProgress);

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

  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ problemID: draft.problemID.trim(), username: onlyMine ? undefined : draft.username.trim(), currentPage: 1 });
  };

  const showScore = contest.type === 1;
  const toggle = (active: boolean) => `px-3 py-1 text-sm ${active ? 'bg-blue-600 text-white' : 'bg-white text-slate-600 hover:bg-slate-50'}`;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <div className="flex overflow-hidden rounded border border-slate-300" role="group">
          <button type="button" data-testid="contest-filter-mine" aria-pressed={onlyMine} className={toggle(onlyMine)} onClick={() => update({ onlyMine: 'true', currentPage: 1 })}>
            <FormattedMessage id="contest.submissions.mine" />
          </button>
          <button type="button" data-testid="contest-filter-all" aria-pressed={!onlyMine} className={toggle(!onlyMine)} onClick={() => update({ onlyMine: undefined, currentPage: 1 })}>
            <FormattedMessage id="contest.submissions.all" />
          </button>
        </div>
        <select
          data-testid="contest-status-filter"
          className="rounded border border-slate-300 bg-white px-2 py-1 text-sm"
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value, currentPage: 1 })}
        >
          <option value="">{intl.formatMessage({ id: 'contest.submissions.statusAll' })}</option>
          {ALL_JUDGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {intl.formatMessage({ id: `judge.status.${s}` })}
            </option>
          ))}
        </select>
        <form onSubmit={search} className="flex flex-wrap gap-2">
          <input
            data-testid="contest-problem-filter"
            className="w-28 rounded border border-slate-300 px-2 py-1 text-sm"
            placeholder={intl.formatMessage({ id: 'contest.submissions.problem' })}
            value={draft.problemID}
            onChange={(e) => setDraft({ ...draft, problemID: e.target.value })}
          />
          <input
            data-testid="contest-author-filter"
            className="w-32 rounded border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-100"
            placeholder={intl.formatMessage({ id: 'contest.submissions.author' })}
            disabled={onlyMine}
            value={onlyMine ? '' : draft.username}
            onChange={(e) => setDraft({ ...draft, username: e.target.value })}
          />
          <button type="submit" className="rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700">
            <FormattedMessage id="common.action.search" />
          </button>
          <button type="button" className="rounded border border-slate-300 px-3 py-1 text-sm text-slate-600 hover:bg-slate-50" onClick={() => setReload((n) => n + 1)}>
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
          <table className="w-full text-sm" data-testid="contest-status-table">
            <TableHead
              nowrap
              columns={[
                'contest.submissions.runId',
                'contest.submissions.problem',
                'contest.submissions.status',
                showScore && 'contest.submissions.score',
                'contest.submissions.time',
                'contest.submissions.memory',
                { id: 'contest.submissions.length', className: 'hidden lg:table-cell' },
                'contest.submissions.language',
                'contest.submissions.author',
                'contest.submissions.submitTime',
              ]}
            />
            <tbody>
              {data.records.map((r) => (
                <Row key={r.submitId} cid={cid} row={r} showScore={showScore} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="px-4">
        <Pager page={page} size={limit} total={data?.total ?? 0} onChange={(p, s) => update({ currentPage: p, limit: s === PAGE_SIZE ? undefined : s })} />
      </div>
    </div>
  );
}
