// The Record List tab (the training rank): a search (Enter or the button), then per member: number, user (avatar,
// username, school, 'Own' for oneself, 'Girl' for female users, whose rows are highlighted like one's own), real name
// (the training's admins only), solved count (opening their accepted submissions) with the total run time, and a cell
// per problem (status short code and run time, opening their submissions of it). Thirty a page with a size selector.
// Live: a member's pushed standing patches their row at once; the page is then read again (within 2 s, spread) for
// the order.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { useSnapshot } from 'valtio';
import { JUDGE_STATUS_SHORT, TRAINING_LIMITS, type JudgeStatusCode, type TrainingCell, type TrainingProgressEvent, type TrainingRankPage, type TrainingRankProblem, type TrainingRankVO } from '@oj/proto';
import { PagedList } from '../../components/DataTable';
import { KeywordSearch } from '../../components/KeywordSearch';
import { statusColor } from '../../components/StatusTag';
import { usePager } from '../../lib/usePager';
import { sessionState } from '../../stores/session';
import { getTrainingRank } from './training-api';
import { useTrainingShell } from './training-context';

/** A member's submissions: a group's training files them under the group, whose Status tab lists them (the site's does not). */
const statusPath = (gid: number | null, username: string, extra: Record<string, string>) =>
  `${gid === null ? '' : `/group/${gid}`}/status?${new URLSearchParams({ username, ...extra }).toString()}`;

/** A member's row after their pushed standing (totals and the problem's cell). */
export function patchRow(row: TrainingRankVO, ev: TrainingProgressEvent): TrainingRankVO {
  const submissionInfo = ev.cell ? { ...row.submissionInfo, [ev.cell.problemId]: { status: ev.cell.status, runTime: ev.cell.runTime } } : row.submissionInfo;
  return { ...row, ac: ev.ac, totalRunTime: ev.totalRunTime, submissionInfo };
}

function Cell({ cell, href }: { cell: TrainingCell | undefined; href: string }) {
  if (!cell) return <td className="px-2 py-2 text-center text-slate-300">-</td>;
  const short = JUDGE_STATUS_SHORT[cell.status as JudgeStatusCode]?.toUpperCase() ?? String(cell.status);
  return (
    <td className="px-2 py-2 text-center">
      <Link to={href} data-testid="training-rank-cell" data-status={cell.status} className={`inline-flex flex-col rounded border px-1.5 py-0.5 text-xs leading-tight ${statusColor(cell.status)}`}>
        <span className="font-semibold">{short}</span>
        {cell.runTime !== null && <span>{cell.runTime}ms</span>}
      </Link>
    </td>
  );
}

function UserCell({ row, own }: { row: TrainingRankVO; own: boolean }) {
  return (
    <td className="px-3 py-2">
      <div className="flex min-w-40 items-center gap-2">
        {row.avatar ? (
          <img src={row.avatar} alt="" loading="lazy" className="h-7 w-7 shrink-0 rounded-full object-cover" />
        ) : (
          <span className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-blue-600 text-xs text-white">{row.username.slice(0, 1).toUpperCase()}</span>
        )}
        <span className="min-w-0 leading-tight">
          <span className="flex items-center gap-1">
            <Link to={`/user-home?uid=${encodeURIComponent(row.uid)}&username=${encodeURIComponent(row.username)}`} className="truncate text-blue-700 hover:underline" data-testid="training-rank-username">
              {row.username}
            </Link>
            {own && (
              <span className="shrink-0 rounded bg-blue-100 px-1 text-[10px] text-blue-700" data-testid="training-rank-own">
                <FormattedMessage id="training.rank.own" />
              </span>
            )}
            {row.gender === 'female' && (
              <span className="shrink-0 rounded bg-pink-100 px-1 text-[10px] text-pink-600" data-testid="training-rank-girl">
                <FormattedMessage id="training.rank.girl" />
              </span>
            )}
          </span>
          {row.school && <span className="block truncate text-xs text-slate-400">{row.school}</span>}
        </span>
      </div>
    </td>
  );
}

const th = 'px-3 py-2 text-left font-medium';

function RankRow({ row: r, own, admin, problems, gid }: { row: TrainingRankVO; own: boolean; admin: boolean; problems: readonly TrainingRankProblem[]; gid: number | null }) {
  const tone = own ? 'bg-blue-50' : r.gender === 'female' ? 'bg-pink-50' : '';
  return (
    <tr data-testid="training-rank-row" data-uid={r.uid} data-own={own} className={`border-t border-slate-100 ${tone}`}>
      <td className="px-3 py-2 text-slate-600" data-testid="training-rank-number">
        {r.rank}
      </td>
      <UserCell row={r} own={own} />
      {admin && (
        <td className="px-3 py-2 text-slate-700" data-testid="training-rank-realname">
          {r.realname}
        </td>
      )}
      <td className="px-3 py-2 whitespace-nowrap">
        <Link to={statusPath(gid, r.username, { status: '0' })} className="font-semibold text-blue-700 hover:underline" data-testid="training-rank-ac">
          {r.ac}
        </Link>
        <span className="ml-1 text-xs text-slate-500" data-testid="training-rank-time">
          ({r.totalRunTime}ms)
        </span>
      </td>
      {problems.map((p) => (
        <Cell key={p.pid} cell={r.submissionInfo[p.problemId]} href={statusPath(gid, r.username, { problemID: p.problemId })} />
      ))}
    </tr>
  );
}

export function TrainingRankTab() {
  const { training, version, progress } = useTrainingShell();
  const myUid = useSnapshot(sessionState).user?.uid ?? null;
  const { page, size, setPage, pager } = usePager(TRAINING_LIMITS.rankPageSize);
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState('');
  const [data, setData] = useState<TrainingRankPage | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    getTrainingRank({ tid: training.id, currentPage: page, limit: size, ...(keyword && { keyword }) }, reloads > 0).then(
      (d) => live && setData(d),
      () => live && setData((cur) => cur ?? { records: [], total: 0, size, current: page, pages: 0, problems: [] }),
    );
    return () => {
      live = false;
    };
  }, [training.id, page, size, keyword, version, reloads]);

  // A pushed standing: the row changes at once, the page (order, newcomers) is read again a moment later.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!progress || progress.tid !== training.id) return;
    setData((d) => d && { ...d, records: d.records.map((r) => (r.uid === progress.uid ? patchRow(r, progress) : r)) });
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      setReloads((n) => n + 1);
    }, Math.random() * TRAINING_LIMITS.rankReloadMaxDelayMs);
  }, [progress, training.id]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setKeyword(draft.trim());
  };
  const problems = data?.problems ?? [];
  return (
    <div data-testid="training-rank">
      <div className="flex justify-end px-4 py-3">
        <KeywordSearch testId="training-rank-keyword" placeholder="training.rank.keyword" value={draft} onChange={setDraft} onSubmit={search} />
      </div>
      <PagedList
        data={data}
        loading={data === null}
        pager={pager}
      >
        {(records) => (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="training-rank-table">
              <thead className="bg-slate-50 text-slate-500">
                <tr className="whitespace-nowrap">
                  <th className={th}>
                    <FormattedMessage id="training.rank.number" />
                  </th>
                  <th className={th}>
                    <FormattedMessage id="training.rank.user" />
                  </th>
                  {training.admin && (
                    <th className={th} data-testid="training-rank-realname-head">
                      <FormattedMessage id="training.rank.realname" />
                    </th>
                  )}
                  <th className={th}>
                    <FormattedMessage id="training.rank.acTime" />
                  </th>
                  {problems.map((p) => (
                    <th key={p.pid} className={`${th} text-center font-mono`} title={p.title} data-testid="training-rank-problem">
                      {p.problemId}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {records.map((r) => (
                  <RankRow key={r.uid} row={r} own={r.uid === myUid} admin={training.admin} problems={problems} gid={training.gid} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </div>
  );
}
