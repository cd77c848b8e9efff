// The Status tab (/contest/:contestID/submissions): the contest's submissions with Mine/All, problem, status and
// author filters in the URL. Rows still being judged are watched live (watchSubmission of features/submission/useLiveSubmission.ts); while the
// socket is down they are polled with check-contest-submissions-status (2 s, at most 300 polls).
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { useSnapshot } from 'valtio';
import { isInProgress, POLLING, type ContestSubmissionItem } from '@oj/proto';
import { DataTable } from '../../components/DataTable';
import { StatusTag } from '../../components/StatusTag';
import { formatDateTime, formatMemoryKb, formatTimeMs } from '../../lib/format';
import { applyRow, submissionsState } from '../submission/useLiveSubmission';
import { connectionState } from '../../stores/ui';
import { SubmissionFilters } from '../submission/SubmissionFilters';
import { useLiveSubmission, useSubmissionPage, useSubmissionQuery, useWatchInProgress } from '../submission/submission-query';
import { checkContestSubmissions, getContestSubmissions } from './contest-api';
import { useContestShell } from './contest-context';

const PAGE_SIZE = 15;

/** The store takes practice rows; a contest row may hide its length (null) while the contest runs. */
const toStoreRow = (r: ContestSubmissionItem) => ({ ...r, length: r.length ?? 0 });

function Row({ cid, row, showScore }: { cid: number; row: ContestSubmissionItem; showScore: boolean }) {
  const { status, time, memory, score } = useLiveSubmission(row);
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
  const { contest } = useContestShell();
  const cid = contest.id;
  const query = useSubmissionQuery({ defaultLimit: () => PAGE_SIZE });
  const { onlyMine, page, limit, status, problemID, username, update } = query;

  const [reload, setReload] = useState(0);
  const { data, loading } = useSubmissionPage<ContestSubmissionItem>(
    () =>
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
      }),
    JSON.stringify([cid, page, limit, onlyMine, status ?? null, problemID, username, reload]),
    (r) => applyRow(toStoreRow(r)),
  );

  const inProgress = useWatchInProgress(data?.records, cid);
  useFallbackPolling(cid, inProgress);

  const showScore = contest.type === 1;
  return (
    <div>
      <SubmissionFilters
        query={query}
        onMine={(mine) => update({ onlyMine: mine ? 'true' : undefined, currentPage: 1 })}
        onRefresh={() => setReload((n) => n + 1)}
        testIdPrefix="contest-"
        messages={{ mine: 'contest.submissions.mine', all: 'contest.submissions.all', statusAll: 'contest.submissions.statusAll', problem: 'contest.submissions.problem', author: 'contest.submissions.author' }}
        problemWidth="w-28"
      />
      <DataTable
        data={data}
        loading={loading}
        testId="contest-status-table"
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
        row={(r) => <Row key={r.submitId} cid={cid} row={r} showScore={showScore} />}
        pager={{ page, size: limit, onChange: (p, s) => update({ currentPage: p, limit: s === PAGE_SIZE ? undefined : s }) }}
      />
    </div>
  );
}
